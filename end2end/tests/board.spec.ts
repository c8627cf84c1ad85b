// The board's filters and sorting in a real browser: the page loads no
// WASM; a select applies at once (a small inline script submits the GET
// form), the header links sort on the server, and the URL keeps every
// choice; without JavaScript the same form (its Apply button) does it. Also the chart. (Their accessibility audit, with
// the comparison page's, is in a11y.spec.ts.)
import { test, expect, type Page } from '@playwright/test';
import { expectReady } from './support';

async function models(page: Page): Promise<string[]> {
  return page.locator('#leaderboard tbody tr[data-model]').evaluateAll((rows) =>
    rows.map((r) => r.getAttribute('data-model') ?? ''),
  );
}

const arabicModels = ['Allam-7B-instruct', 'Fanar-C-1-8.7B', 'c4ai-command-r7b-arabic'];

test('filters (a select applies at once) and sorts', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(err.message));

  const published = page.locator('#leaderboard tbody tr[data-source="reported"]');
  await page.goto('/');
  await expectReady(page);
  await expect(published).toHaveCount(16);
  // Baselines sit in the table's foot, marked as such.
  expect(await page.locator('#leaderboard tfoot tr[data-reference]').count()).toBeGreaterThanOrEqual(2);
  await expect(page.locator('#leaderboard tfoot .badge-reference').first()).toBeVisible();

  // Picking a category applies at once.
  await page.locator('#filters select[name="category"]').selectOption('open-arabic');
  await page.waitForURL(/category=open-arabic/);
  await expect(page.locator('#leaderboard tbody tr[data-model]')).toHaveCount(3);
  expect([...(await models(page))].sort()).toEqual([...arabicModels].sort());
  await expect(page.locator('#leaderboard tfoot')).toHaveCount(0);

  // Sorting keeps the filter.
  await page.locator('th[data-sort-key="model"] a').click();
  await expect(page.locator('th[data-sort-key="model"]')).toHaveAttribute('aria-sort', 'ascending');
  expect(decodeURIComponent(page.url())).toContain('category=open-arabic');
  expect(await models(page)).toEqual(['Allam-7B-instruct', 'c4ai-command-r7b-arabic', 'Fanar-C-1-8.7B']);

  // A search by name, with the category cleared; then a sort by accuracy.
  await page.locator('#filters select[name="category"]').selectOption('');
  await expect(published).toHaveCount(16);
  await page.locator('#filters input[name="q"]').fill('gpt');
  await page.locator('#filters button[type="submit"]').click();
  await page.waitForURL(/q=gpt/);
  await expect(page.locator('#leaderboard tbody tr[data-model]')).toHaveCount(3);
  await page.locator('th[data-sort-key="accuracy"] a').click();
  await expect(page.locator('th[data-sort-key="accuracy"]')).toHaveAttribute('aria-sort', 'descending');
  expect(await models(page)).toEqual(['GPT-o3', 'GPT-5', 'GPT-4.1']);
  await page.locator('th[data-sort-key="accuracy"] a').click();
  await expect(page.locator('th[data-sort-key="accuracy"]')).toHaveAttribute('aria-sort', 'ascending');
  expect(await models(page)).toEqual(['GPT-4.1', 'GPT-5', 'GPT-o3']);

  // The source filter: submissions verified here only (none yet, or those other tests uploaded).
  await page.locator('#filters select[name="source"]').selectOption('verified');
  await page.waitForURL(/source=verified/);
  await expect(published).toHaveCount(0);
  const rows = page.locator('#leaderboard tbody tr');
  for (const row of await rows.all()) {
    expect(await row.evaluate((r) => r.classList.contains('empty') || r.getAttribute('data-source') === 'verified')).toBe(true);
  }
  await page.locator('#filters a.clear').click();
  await expect(published).toHaveCount(16);
  expect(page.url()).not.toContain('source=');
  await expect(page.locator('#filters input[name="q"]')).toHaveValue('');
  await expect(page.locator('#filters select[name="source"]')).toHaveValue('');

  // The chart follows the filters and loads as an image.
  const chart = page.locator('#chart img.chart-img');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('src', /\/charts\/leaderboard\.svg/);
  await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.screenshot({ path: info.outputPath('board.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form reloads the page filtered and sorted by the server', async ({ page }, info) => {
    await page.goto('/?lang=ar&sort=model&dir=asc');
    await page.locator('#filters select[name="category"]').selectOption('open-arabic');
    await page.locator('#filters button[type="submit"]').click();
    await page.waitForURL(/category=open-arabic/);
    expect(page.url()).toContain('lang=ar');
    expect(page.url()).toContain('sort=model');
    expect(await models(page)).toEqual(['Allam-7B-instruct', 'c4ai-command-r7b-arabic', 'Fanar-C-1-8.7B']);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.screenshot({ path: info.outputPath('board-no-js.png'), fullPage: true });
  });
});
