// The leaderboard in a real browser: server-rendered (no WASM), sortable,
// and still readable with JavaScript disabled.
import { test, expect, type Page } from '@playwright/test';
import { expectReady } from './support';

// The published rows (Table 4) in table order. Public submissions that
// other specs upload are verified rows of the same table; they are left out.
async function modelsInOrder(page: Page): Promise<string[]> {
  return page.locator('#leaderboard tbody tr[data-source="reported"]').evaluateAll((rows) =>
    rows.map((r) => r.getAttribute('data-model') ?? ''),
  );
}

test('renders without the WASM bundle and re-sorts on a header click', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto('/');
  await expectReady(page);
  const before = await modelsInOrder(page);
  expect(before).toHaveLength(16);
  expect(before[0]).toBe('GPT-o3');
  expect(before[15]).toBe('Llama-3.1-8B-instruct');

  await page.locator('th[data-sort-key="model"] a').click();
  await expect(page.locator('th[data-sort-key="model"]')).toHaveAttribute('aria-sort', 'ascending');
  const after = await modelsInOrder(page);
  const sorted = [...before].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  expect(after).toEqual(sorted);

  // A second click reverses the order.
  await page.locator('th[data-sort-key="model"] a').click();
  await expect(page.locator('th[data-sort-key="model"]')).toHaveAttribute('aria-sort', 'descending');
  expect(await modelsInOrder(page)).toEqual([...sorted].reverse());

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
