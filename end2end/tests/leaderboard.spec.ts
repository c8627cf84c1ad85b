// The leaderboard in a real browser: server-rendered, hydrated, sortable,
// and still readable with JavaScript disabled.
import { test, expect, type Page } from '@playwright/test';

// The published rows (Table 4) in table order. Public submissions that
// other specs upload are verified rows of the same table; they are left out.
async function modelsInOrder(page: Page): Promise<string[]> {
  return page.locator('#leaderboard tbody tr[data-source="reported"]').evaluateAll((rows) =>
    rows.map((r) => r.getAttribute('data-model') ?? ''),
  );
}

test('renders, hydrates and re-sorts on a header click without a reload', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto('/');
  await expect(page.locator('body')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
  const before = await modelsInOrder(page);
  expect(before).toHaveLength(16);
  expect(before[0]).toBe('GPT-o3');
  expect(before[15]).toBe('Llama-3.1-8B-instruct');

  // A marker on `window` survives only if the page is not reloaded.
  await page.evaluate(() => { (window as any).__noReload = 'still here'; });
  await page.locator('th[data-sort-key="model"] a').click();
  await expect(page.locator('th[data-sort-key="model"]')).toHaveAttribute('aria-sort', 'ascending');
  const after = await modelsInOrder(page);
  const sorted = [...before].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  expect(after).toEqual(sorted);
  expect(await page.evaluate(() => (window as any).__noReload)).toBe('still here');

  // A second click reverses the order, still in place.
  await page.locator('th[data-sort-key="model"] a').click();
  await expect(page.locator('th[data-sort-key="model"]')).toHaveAttribute('aria-sort', 'descending');
  expect(await modelsInOrder(page)).toEqual([...sorted].reverse());
  expect(await page.evaluate(() => (window as any).__noReload)).toBe('still here');

  await page.screenshot({ path: info.outputPath('leaderboard.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('still shows the whole table, and header links sort on the server', async ({ page }, info) => {
    await page.goto('/');
    const rows = await modelsInOrder(page);
    expect(rows).toHaveLength(16);
    expect(rows[0]).toBe('GPT-o3');
    await expect(page.locator('#leaderboard tbody tr[data-model="GPT-o3"]')).toContainText('0.765');
    await expect(page.locator('body')).not.toHaveAttribute('data-hydrated', 'true');

    await page.locator('th[data-sort-key="accuracy"] a').click();
    await page.waitForURL(/sort=accuracy/);
    const byAccuracy = await modelsInOrder(page);
    expect(byAccuracy[0]).toBe('GPT-o3');
    await page.screenshot({ path: info.outputPath('leaderboard-no-js.png'), fullPage: true });
  });
});
