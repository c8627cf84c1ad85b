// The specialty × level heatmap of a submission's page in a real browser:
// a team uploads predictions for the whole demo key through the form; the
// page shows the heatmap (each cell's accuracy with its n and 95% CI, small
// cells marked, empty cells saying so), the confounding note, the legend
// and the SVG chart, in English and in Arabic, with screenshots; and axe
// finds no serious violation on the page, every heatmap text passing the
// contrast rule.
import { test, expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe';
import { demoKeyPredictions } from './demo-predictions';
import { collectErrors, expectReady, password, unique } from './support';

// The page's CSP forbids injected scripts; the audit bypasses it in the test
// browser only.
test.use({ bypassCSP: true });

// Every filled cell shows what its data attributes hold.
async function expectCellsConsistent(page: Page) {
  const cells = await page.locator('#heatmap td.heat-cell').evaluateAll((tds) =>
    tds.map((td) => {
      const d = (td as HTMLElement).dataset;
      return {
        where: `${d.specialty} ${d.level}`,
        n: Number(d.n), accuracy: Number(d.accuracy), lo: Number(d.ciLow), hi: Number(d.ciHigh),
        text: (td as HTMLElement).innerText, small: td.classList.contains('small-n'),
        outline: getComputedStyle(td).outlineStyle,
      };
    }));
  expect(cells.length).toBeGreaterThan(20);
  for (const c of cells) {
    const figures = c.text.match(/\d+\.\d{3}/g)!.map(Number);
    // The accuracy, then its 95% CI, each to three decimals.
    expect(Math.abs(figures[0] - c.accuracy), c.where).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(Math.abs(figures[1] - c.lo), c.where).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(Math.abs(figures[2] - c.hi), c.where).toBeLessThanOrEqual(0.0005 + 1e-9);
    expect(c.text, c.where).toContain(`n = ${c.n}`);
    expect(c.small, c.where).toBe(c.n < 30);
    expect(c.outline, c.where).toBe(c.small ? 'dashed' : 'none');
  }
  expect(cells.some((c) => c.small)).toBe(true);
}

// axe on the whole page: no serious or critical violation; and on the
// heatmap's section alone, every text decided and passing the contrast rule.
async function expectAccessible(page: Page) {
  await expectNoSeriousViolations(page);
  const contrast = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run('#by-cell', { runOnly: ['color-contrast'] });
    const nodes = (list: any[]) => list.reduce((n: number, v: any) => n + v.nodes.length, 0);
    const why = r.incomplete.flatMap((v: any) => v.nodes.map((n: any) => `${n.target}: ${n.any.map((c: any) => c.message).join(' ')}`));
    return { passes: nodes(r.passes), violations: nodes(r.violations), incomplete: nodes(r.incomplete), why: why.slice(0, 5) };
  });
  expect(contrast.violations, JSON.stringify(contrast)).toBe(0);
  expect(contrast.incomplete, JSON.stringify(contrast)).toBe(0);
  expect(contrast.passes, 'the heatmap\'s texts were checked').toBeGreaterThan(100);
}

// The chart image has loaded (a broken image has no natural width).
async function expectChartLoaded(page: Page) {
  const img = page.locator('#heatmap-chart img');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => (i.complete ? i.naturalWidth : 0))).toBeGreaterThan(0);
}

test('a submission page shows its specialty × level heatmap in English and Arabic', async ({ page, request }, info) => {
  test.setTimeout(60_000);
  const errors = collectErrors(page);

  await page.goto('/register');
  await expectReady(page);
  await page.fill('input[name=name]', unique('Heatmap Team'));
  await page.fill('input[name=email]', `${unique('heat')}@example.org`);
  await page.fill('input[name=password]', password);
  await page.click('#register-form button[type=submit]');
  await expect(page).toHaveURL(/\/team$/);

  await page.goto('/upload');
  await expectReady(page);
  await page.setInputFiles('input[name=file]', {
    name: 'preds.csv', mimeType: 'text/csv', buffer: Buffer.from(demoKeyPredictions()),
  });
  await expect(page.locator('#file-check')).toContainText('5000 rows');
  await page.fill('input[name=model_name]', 'Heatmap-Model-1');
  await page.selectOption('select[name=contamination]', 'none');
  await page.click('#upload-form button[type=submit]');
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f]+$/, { timeout: 30_000 });
  const path = new URL(page.url()).pathname;
  await expectReady(page);

  // English.
  const heatmap = page.locator('#heatmap');
  await expect(heatmap).toBeVisible();
  await expect(page.locator('#by-cell-h')).toHaveText('By specialty and level');
  await expect(page.locator('#heatmap-confounded')).toContainText('confounded');
  await expect(page.locator('#heatmap-confounded')).toContainText('Ophthalmology');
  await expect(heatmap.locator('thead th[data-level]')).toHaveText(['Y1', 'Y2', 'Y3', 'Y4', 'Y5']);
  await expectCellsConsistent(page);
  await expect(heatmap.locator('td.heat-empty').first()).toHaveText('no questions');
  await expect(page.locator('#heatmap-legend li')).toHaveCount(10);
  await expect(page.locator('#heatmap-keys')).toContainText('fewer than 30 questions');
  await expectChartLoaded(page);
  const chart = `${path.replace('/submissions/', '/charts/submissions/')}/heatmap.svg`;
  await expect(page.locator('#heatmap-chart img')).toHaveAttribute('src', chart);
  await expect(page.locator('#heatmap-chart a[download]')).toHaveAttribute('href', chart);
  const svg = await request.get(chart);
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  expect(await svg.text()).toContain('Heatmap-Model-1: accuracy by specialty and level</title>');
  await page.screenshot({ path: info.outputPath('submission-heatmap-en.png'), fullPage: true });
  await page.locator('#by-cell').screenshot({ path: info.outputPath('heatmap-en.png') });
  await expectAccessible(page);

  // Arabic: right-to-left, Arabic labels, numbers left-to-right.
  await page.click('.lang-switch');
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f]+\?lang=ar$/);
  await expectReady(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('#by-cell-h')).toHaveText('حسب التخصص والمستوى');
  await expect(page.locator('#heatmap-confounded')).toContainText('طب العيون');
  await expect(heatmap.locator('thead th[data-level="Y1"]')).toHaveText('Y1 (السنة الأولى)');
  await expect(heatmap.locator('tr[data-specialty="Anatomy"] th')).toHaveText('التشريح');
  await expect(heatmap.locator('td.heat-empty').first()).toHaveText('لا أسئلة');
  expect(await heatmap.locator('td.heat-cell .heat-n').first().evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await expectCellsConsistent(page);
  await expect(page.locator('#heatmap-chart img')).toHaveAttribute('src', `${chart}?lang=ar`);
  await expectChartLoaded(page);
  await page.screenshot({ path: info.outputPath('submission-heatmap-ar.png'), fullPage: true });
  await page.locator('#by-cell').screenshot({ path: info.outputPath('heatmap-ar.png') });
  await expectAccessible(page);
  expect(errors).toEqual([]);
});
