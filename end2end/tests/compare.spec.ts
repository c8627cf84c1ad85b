// The comparison page with two real submissions: a team uploads two public
// prediction files of different quality against the stored (demo) key
// through the REST API, then `/compare?a=..&b=..` shows them side by side
// in English and in Arabic, with the paired difference, its bootstrap 95%
// CI and the exact McNemar p-value, and tables by specialty and by level.
// Every figure is checked against the submissions' own API objects.
//
// The two files are built so that the paired statistics follow from the
// two scores alone: A answers "A" to every question; B answers "B" to the
// first half and leaves the rest out (missing counts as wrong). No question
// can be right in both, so "A right, B wrong" is A's correct count and
// "B right, A wrong" is B's.
import { test, expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import {
  acc, ci, collectErrors, count, expectReady, fetchSubmission, keyRows, predictions, range, signed,
  teamToken, unique, uploadPublic, type Breakdown, type Submission,
} from './support';

test.describe.configure({ mode: 'serial' });

// The 2,000-replicate bootstrap of a debug build takes a few seconds the
// first time a pair is shown (then it is cached).
const COMPARE_TIMEOUT = 120_000;

let a: Submission;
let b: Submission;

/** The exact two-sided McNemar p-value: 2 · P(X ≤ min) for X ~ Bin(b + c, 1/2), at most 1. */
function mcnemarExact(only1: number, only2: number): number {
  const n = only1 + only2;
  if (n === 0) return 1;
  const k = Math.min(only1, only2);
  // log C(n, i) − n log 2, summed in log space (the terms underflow otherwise).
  const terms: number[] = [];
  let lnChoose = 0;
  for (let i = 0; i <= k; i++) {
    if (i > 0) lnChoose += Math.log(n - i + 1) - Math.log(i);
    terms.push(lnChoose - n * Math.LN2);
  }
  const max = Math.max(...terms);
  const lnTail = max + Math.log(terms.reduce((s, t) => s + Math.exp(t - max), 0));
  return Math.min(1, 2 * Math.exp(lnTail));
}

const formatP = (p: number): string => (p >= 0.001 ? p.toFixed(3) : p.toExponential(1));

function compareUrl(lang: 'en' | 'ar'): string {
  return `/compare?a=${a.id}&b=${b.id}${lang === 'ar' ? '&lang=ar' : ''}`;
}

async function number(loc: Locator, attr: string): Promise<number> {
  const v = await loc.getAttribute(attr);
  expect(v, attr).not.toBeNull();
  return Number(v);
}

/** The difference, its CI and the McNemar p, against what the two scores imply. */
async function expectPairedStatistics(page: Page) {
  const diff = a.accuracy - b.accuracy;
  const difference = page.locator('#difference');
  expect(Math.abs((await number(difference, 'data-value')) - diff)).toBeLessThan(1e-9);
  await expect(difference).toHaveText(signed(diff));

  const interval = page.locator('#difference-ci');
  const low = await number(interval, 'data-low');
  const high = await number(interval, 'data-high');
  await expect(interval).toHaveText(`[${signed(low)}, ${signed(high)}]`);
  expect(low).toBeLessThanOrEqual(diff);
  expect(high).toBeGreaterThanOrEqual(diff);
  // Every question B gets right A gets wrong and A wins by far more: the
  // interval excludes 0. Its half-width is about 1.96 standard errors of
  // a paired difference (the normal approximation, to 25%).
  expect(low).toBeGreaterThan(0);
  const n = a.total;
  const se = Math.sqrt(((a.correct + b.correct) / n - diff * diff) / n);
  expect(Math.abs((high - low) / 2 - 1.96 * se)).toBeLessThan(0.25 * 1.96 * se);

  const p = page.locator('#mcnemar-p');
  const expected = mcnemarExact(a.correct, b.correct);
  const shown = await number(p, 'data-value');
  expect(shown).toBeGreaterThan(0);
  expect(Math.abs(Math.log(shown) - Math.log(expected))).toBeLessThan(1e-6);
  await expect(p).toHaveText(formatP(shown));
}

/** A table of cells (by specialty or by level) against both submissions' breakdowns. */
async function expectCells(
  table: Locator,
  cellsA: Record<string, Breakdown>,
  cellsB: Record<string, Breakdown>,
  label: (name: string, th: string) => void,
) {
  const names = [...new Set([...Object.keys(cellsA), ...Object.keys(cellsB)])].sort();
  expect(names.length).toBeGreaterThan(1);
  const rows = table.locator('tbody tr[data-key]');
  expect((await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-key') ?? ''))).sort()).toEqual(names);
  for (const name of names) {
    const row = table.locator(`tbody tr[data-key="${name}"]`);
    const [ca, cb] = [cellsA[name], cellsB[name]];
    // Missing questions count as wrong: both files cover every cell.
    expect(ca.total).toBe(cb.total);
    label(name, await row.locator('th').innerText());
    const tds = row.locator('td');
    await expect(tds.nth(0)).toHaveText(count(ca.total));
    await expect(tds.nth(1)).toContainText(acc(ca.accuracy));
    await expect(tds.nth(1)).toContainText(ci(ca.ci95));
    await expect(tds.nth(2)).toContainText(acc(cb.accuracy));
    await expect(tds.nth(2)).toContainText(ci(cb.ci95));
    await expect(tds.nth(3)).toHaveText(signed(ca.accuracy - cb.accuracy));
  }
}

test('a team uploads two public files of different quality through the API', async ({ page, request }) => {
  const rows = await keyRows(page);
  const ids = range(1, rows);
  const half = Math.floor(rows / 2);
  const token = await teamToken(request, unique('Compare Team'));
  const upA = await uploadPublic(request, token, predictions(ids, () => 'A'), { model_name: 'Compare-All-A' });
  const upB = await uploadPublic(request, token, predictions(ids, (id) => (id <= half ? 'B' : null)), {
    model_name: 'Compare-Half-B',
  });
  // What anyone reads from the API is what the upload answered.
  a = await fetchSubmission(request, upA.id);
  b = await fetchSubmission(request, upB.id);
  expect(a.accuracy).toBe(upA.accuracy);
  expect(b.accuracy).toBe(upB.accuracy);
  expect(a.key.name).toBe(b.key.name);
  expect(a.key.synthetic).toBe(true);
  expect(a.total).toBe(b.total);
  expect(a.correct).toBeGreaterThan(100);
  expect(b.correct).toBeGreaterThan(50);
  // Of different quality: A answers twice as many questions.
  expect(a.accuracy).toBeGreaterThan(b.accuracy);
});

test('the comparison in English', async ({ page }, info) => {
  test.setTimeout(COMPARE_TIMEOUT + 30_000);
  const errors = collectErrors(page);
  await page.goto(compareUrl('en'), { timeout: COMPARE_TIMEOUT });
  await expectReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('h1')).toHaveText('Compare two submissions');
  await expect(page.locator('#compare-message')).toHaveCount(0);
  await expect(page.locator('#compare-form select[name="a"]')).toHaveValue(a.id);
  await expect(page.locator('#compare-form select[name="b"]')).toHaveValue(b.id);
  await expect(page.locator('#synthetic-notice')).toContainText('synthetic demo key');

  // Side by side: names linking to their pages, teams, accuracy with n and CI, the key.
  const sides = page.locator('#compare-sides');
  await expect(sides.locator(`a[href="/submissions/${a.id}"]`)).toHaveText(a.model_name);
  await expect(sides.locator(`a[href="/submissions/${b.id}"]`)).toHaveText(b.model_name);
  const accuracy = sides.locator('tbody tr').filter({ hasText: 'Accuracy' }).locator('td');
  for (const [i, s] of [a, b].entries()) {
    await expect(accuracy.nth(i)).toContainText(acc(s.accuracy));
    await expect(accuracy.nth(i)).toContainText(`n = ${s.total}`);
    await expect(accuracy.nth(i)).toContainText(ci(s.ci95));
  }
  await expect(sides).toContainText(a.team);
  await expect(sides).toContainText(a.key.name);

  await expectPairedStatistics(page);
  const stats = page.locator('#compare-difference');
  await expect(stats).toContainText(`2,000 resamples of the ${count(a.total)} questions`);
  await expect(stats).toContainText(
    `A right and B wrong on ${count(a.correct)} questions; B right and A wrong on ${count(b.correct)}.`,
  );

  await expectCells(page.locator('#by-specialty'), a.by_specialty, b.by_specialty, (name, th) => expect(th).toBe(name));
  await expectCells(page.locator('#by-level'), a.by_level, b.by_level, (_, th) => expect(th.trim()).not.toBe(''));
  await page.screenshot({ path: info.outputPath('compare-en.png'), fullPage: true });
  expect(errors).toEqual([]);
});

/** "n questions" in Arabic, in the CLDR plural form of n (six categories). */
function arabicQuestions(n: number): string {
  switch (new Intl.PluralRules('ar').select(n)) {
    case 'zero':
      return `${count(n)} سؤال`;
    case 'one':
      return 'سؤال واحد';
    case 'two':
      return 'سؤالين';
    case 'few':
      return `${count(n)} أسئلة`;
    case 'many':
      return `${count(n)} سؤالًا`;
    default:
      return `${count(n)} سؤال`;
  }
}

test('the comparison in Arabic', async ({ page }, info) => {
  test.setTimeout(COMPARE_TIMEOUT + 30_000);
  const errors = collectErrors(page);
  await page.goto(compareUrl('ar'), { timeout: COMPARE_TIMEOUT });
  await expectReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('h1')).toHaveText('المقارنة بين مشاركتين');
  await expect(page.locator('#synthetic-notice')).toContainText('مفتاح إجابات اصطناعي');
  // The pickers keep the language; the models link to the Arabic pages.
  await expect(page.locator('#compare-form input[type="hidden"][name="lang"]')).toHaveValue('ar');
  await expect(page.locator(`#compare-sides a[href="/submissions/${a.id}?lang=ar"]`)).toHaveText(a.model_name);
  await expect(page.locator(`#compare-sides a[href="/submissions/${b.id}?lang=ar"]`)).toHaveText(b.model_name);

  // The same figures as in English.
  await expectPairedStatistics(page);
  await expect(page.locator('#compare-difference')).toContainText(
    `أصابت A وأخطأت B في ${arabicQuestions(a.correct)}؛ وأصابت B وأخطأت A في ${count(b.correct)}.`,
  );
  // Specialties and levels are named in Arabic.
  const arabic = /[\u0600-\u06FF]/;
  await expectCells(page.locator('#by-specialty'), a.by_specialty, b.by_specialty, (name, th) => {
    expect(th, name).toMatch(arabic);
  });
  await expectCells(page.locator('#by-level'), a.by_level, b.by_level, (name, th) => expect(th, name).toMatch(arabic));
  await expect(page.locator('h2').filter({ hasText: 'حسب التخصص' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('compare-ar.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('the pickers compare two submissions', async ({ page }) => {
  test.setTimeout(COMPARE_TIMEOUT + 30_000);
  const errors = collectErrors(page);
  await page.goto('/compare');
  await expectReady(page);
  await expect(page.locator('#compare-message')).toBeVisible();
  await expect(page.locator('#difference')).toHaveCount(0);
  // Chosen the other way round: the difference changes sign.
  await page.locator('#compare-form select[name="a"]').selectOption(b.id);
  await page.locator('#compare-form select[name="b"]').selectOption(a.id);
  await page.locator('#compare-form button[type="submit"]').click();
  await page.waitForURL(new RegExp(`a=${b.id}&b=${a.id}`));
  const difference = page.locator('#difference');
  await expect(difference).toHaveText(signed(b.accuracy - a.accuracy), { timeout: COMPARE_TIMEOUT });
  expect(Math.abs((await number(difference, 'data-value')) - (b.accuracy - a.accuracy))).toBeLessThan(1e-9);
  expect(errors).toEqual([]);
});

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });

  for (const lang of ['en', 'ar'] as const) {
    test(`the comparison (${lang}) has no serious accessibility violations`, async ({ page }) => {
      test.setTimeout(COMPARE_TIMEOUT + 30_000);
      await page.goto(compareUrl(lang), { timeout: COMPARE_TIMEOUT });
      await expectReady(page);
      await expect(page.locator('#difference')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});
