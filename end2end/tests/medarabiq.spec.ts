// The MedArabiQ comparison page (`/medarabiq`), in English and Arabic.
// First as a fresh server has it: no MedArabiQ key, no model scored on both
// benchmarks, so it states the paper's finding in words and shows no
// number at all. Then with a small MedArabiQ-format key imported through
// the CLI into the server's own database and one model scored on both
// benchmarks: the table and the scatter chart show exactly the two
// verified scores.
import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { expectNoSeriousViolations } from './axe';
import {
  acc, ci, collectErrors, count, expectReady, fetchSubmission, keyRows, predictions, range, signed,
  teamToken, unique, uploadPublic, wilson, type Submission,
} from './support';

// The empty page must be seen before the key is imported.
test.describe.configure({ mode: 'serial' });

const text = {
  en: {
    h1: 'MedArabiQ and MedAraBench',
    finding: 'most models score higher on MedArabiQ than on MedAraBench',
    noPairs: 'No model has been scored here on both benchmarks yet',
    noKey: 'No MedArabiQ answer key is stored on this server yet',
    chartTitle: 'MedArabiQ against MedAraBench accuracy',
  },
  ar: {
    h1: 'MedArabiQ وMedAraBench',
    finding: 'أي أن MedAraBench هو الاختبار الأصعب',
    noPairs: 'لم يُقيَّم أي نموذج هنا على المعيارين بعد',
    noKey: 'لا يوجد مفتاح إجابات لـ MedArabiQ على هذا الخادم بعد',
    chartTitle: 'دقة MedArabiQ مقابل دقة MedAraBench',
  },
} as const;
type Lang = keyof typeof text;
const url = (lang: Lang) => (lang === 'ar' ? '/medarabiq?lang=ar' : '/medarabiq');

async function open(page: Page, lang: Lang) {
  await page.goto(url(lang));
  await expectReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('h1')).toHaveText(text[lang].h1);
  await expect(page.locator('#published-finding')).toContainText(text[lang].finding);
}

for (const lang of ['en', 'ar'] as const) {
  test(`without MedArabiQ scores (${lang}): the finding in words, no numbers`, async ({ page }, info) => {
    const errors = collectErrors(page);
    await open(page, lang);
    await expect(page.locator('#medarabiq-key')).toContainText(text[lang].noKey);
    await expect(page.locator('#no-pairs')).toContainText(text[lang].noPairs);
    await expect(page.locator('#medarabiq-pairs')).toHaveCount(0);
    await expect(page.locator('main figure.chart, main svg')).toHaveCount(0);
    // Nothing that reads as an accuracy, a percentage or a difference: the
    // only figures are the papers' arXiv ids and MedArabiQ's size in words.
    const main = (await page.locator('main').innerText()).replace(/\b\d{4}\.\d{5}\b/g, '');
    expect(main).not.toMatch(/\d\s*[.,٫]\s*\d|\d\s*%|[+−-]\s*0\b/);
    expect(main.match(/\d+/g) ?? []).toEqual(['700']);
    await page.screenshot({ path: info.outputPath(`medarabiq-empty-${lang}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}

// The MedArabiQ key: 40 questions, four options labelled أ/ب/ج/د inside
// the question text, the answer as "label. text" (as in MedArabiQ's CSV).
const LABELS = ['أ', 'ب', 'ج', 'د'];
const LATIN = ['A', 'B', 'C', 'D'];
const QUESTIONS = 40;
const RIGHT = 30;
const answerIndex = (id: number) => (id * 7) % 4;

function csvCell(s: string): string {
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function medarabiqKey(): string {
  const categories = ['Physiology', 'Pharmacology', 'Pediatrics'];
  const lines = ['Question,Answer,Category'];
  for (const id of range(1, QUESTIONS)) {
    const options = LABELS.map((l, k) => `${l}. الخيار ${k + 1} للسؤال ${id}`);
    const question = [`سؤال اختباري رقم ${id} (e2e):`, ...options].join('\n');
    lines.push([question, options[answerIndex(id)], categories[id % categories.length]].map(csvCell).join(','));
  }
  return `${lines.join('\n')}\n`;
}

const model = 'Qalam-E2E-7B';
let bench: Submission;
let arabiq: Submission;

test('a MedArabiQ key imported with the CLI, one model scored on both', async ({ page, request }, info) => {
  const file = info.outputPath('medarabiq-key.csv');
  fs.writeFileSync(file, medarabiqKey());
  const databaseUrl = process.env.E2E_DATABASE_URL;
  const binary = process.env.E2E_BINARY;
  expect(databaseUrl, 'set by playwright.config.ts').toBeTruthy();
  const out = execFileSync(
    binary!,
    ['keys', 'import', file, '--benchmark', 'medarabiq', '--name', unique('e2e-medarabiq'), '--json'],
    { env: { ...process.env, DATABASE_URL: databaseUrl!, RUST_LOG: 'warn' }, encoding: 'utf8' },
  );
  const report = JSON.parse(out);
  expect([report.rows, report.scoreable, report.rejected.length]).toEqual([QUESTIONS, QUESTIONS, 0]);

  const token = await teamToken(request, unique('Qalam Team'));
  // MedArabiQ question ids are the data rows, 1..40: the first 30 right, the rest wrong.
  const q = await uploadPublic(
    request, token,
    predictions(range(1, QUESTIONS), (id) => LATIN[(answerIndex(id) + (id <= RIGHT ? 0 : 1)) % 4]),
    { model_name: model, benchmark: 'medarabiq' },
  );
  expect(q.benchmark).toBe('medarabiq');
  expect([q.correct, q.total]).toEqual([RIGHT, QUESTIONS]);
  const rows = await keyRows(page);
  const b = await uploadPublic(request, token, predictions(range(1, rows), () => 'A'), { model_name: model });
  expect(b.benchmark).toBe('medarabench');
  arabiq = await fetchSubmission(request, q.id);
  bench = await fetchSubmission(request, b.id);
});

for (const lang of ['en', 'ar'] as const) {
  test(`with a model scored on both (${lang}): the table and the scatter chart`, async ({ page }, info) => {
    const errors = collectErrors(page);
    await open(page, lang);
    await expect(page.locator('#no-pairs')).toHaveCount(0);
    await expect(page.locator('#medarabiq-key')).toContainText(count(QUESTIONS));
    if (lang === 'en') {
      await expect(page.locator('#medarabiq-key')).toHaveText(`The stored MedArabiQ key has ${QUESTIONS} scoreable questions.`);
    }

    const rows = page.locator('#medarabiq-pairs tbody tr');
    await expect(rows).toHaveCount(1);
    const row = page.locator(`#medarabiq-pairs tbody tr[data-model="${model}"]`);
    await expect(row.locator('th')).toHaveText(model);
    const cells = row.locator('td');
    await expect(cells.nth(0)).toHaveText(bench.team);
    const link = (s: Submission) => `/submissions/${s.id}${lang === 'ar' ? '?lang=ar' : ''}`;
    // MedAraBench: the verified score as the API states it.
    await expect(cells.nth(1).locator(`a[href="${link(bench)}"]`)).toHaveText(acc(bench.accuracy));
    await expect(cells.nth(1)).toContainText(ci(bench.ci95));
    await expect(cells.nth(1)).toContainText(`n = ${count(bench.total)}`);
    // Scored on the synthetic demo key, and said to be: the imported
    // MedArabiQ key is a real-format one, and its score carries no mark.
    const synthetic = lang === 'ar' ? 'مفتاح اصطناعي' : 'synthetic key';
    await expect(cells.nth(1).locator('.badge-demo')).toHaveText(synthetic);
    await expect(cells.nth(2).locator('.badge-demo')).toHaveCount(0);
    // MedArabiQ: 30 of 40 right, with its Wilson interval, derived here.
    expect(Math.abs(arabiq.accuracy - RIGHT / QUESTIONS)).toBeLessThan(1e-12);
    const expectedCi = wilson(RIGHT, QUESTIONS);
    expect(Math.abs(arabiq.ci95[0] - expectedCi[0])).toBeLessThan(1e-9);
    expect(Math.abs(arabiq.ci95[1] - expectedCi[1])).toBeLessThan(1e-9);
    await expect(cells.nth(2).locator(`a[href="${link(arabiq)}"]`)).toHaveText(acc(RIGHT / QUESTIONS));
    await expect(cells.nth(2)).toContainText(ci(expectedCi));
    await expect(cells.nth(2)).toContainText(`n = ${QUESTIONS}`);
    await expect(cells.nth(3)).toHaveText(signed(RIGHT / QUESTIONS - bench.accuracy));

    // The scatter chart: an accessible SVG with one point, described in words.
    const svg = page.locator('main figure.chart svg[role="img"]');
    await svg.scrollIntoViewIfNeeded();
    await expect(svg).toBeVisible();
    await expect(svg.locator('title')).toHaveText(text[lang].chartTitle);
    await expect(svg.locator('desc')).toContainText(
      `${model}: MedAraBench ${acc(bench.accuracy)}, MedArabiQ ${acc(RIGHT / QUESTIONS)}`,
    );
    await expect(svg.locator('circle')).toHaveCount(1);
    // The same drawing downloads as an SVG file.
    const download = page.locator('#medarabiq-chart figcaption a[download]');
    const href = await download.getAttribute('href');
    expect(href).toBe(lang === 'ar' ? '/charts/medarabiq.svg?lang=ar' : '/charts/medarabiq.svg');
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('image/svg+xml');
    expect(await file.text()).toContain(text[lang].chartTitle);

    await page.screenshot({ path: info.outputPath(`medarabiq-pairs-${lang}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}

test.describe('accessibility', () => {
  test.use({ bypassCSP: true });

  for (const lang of ['en', 'ar'] as const) {
    test(`with the table and chart (${lang}) it has no serious accessibility violations`, async ({ page }) => {
      await page.goto(url(lang));
      await expectReady(page);
      await expect(page.locator('#medarabiq-pairs')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }
});
