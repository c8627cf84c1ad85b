// Accessibility: axe-core (from npm, injected into the page) finds no
// serious or critical violation on any public page, in either language.
import { test, expect } from '@playwright/test';
import * as path from 'node:path';

const axePath = path.join(__dirname, '..', 'node_modules', 'axe-core', 'axe.min.js');
const pages = ['/', '/quality', '/adapting', '/dataset', '/submit', '/register', '/signin', '/upload', '/team'];

// The page's CSP forbids injected scripts; the audit bypasses it in the test
// browser only.
test.use({ bypassCSP: true });

for (const lang of ['en', 'ar']) {
  for (const p of pages) {
    test(`${p} (${lang}) has no serious accessibility violations`, async ({ page }) => {
      const url = lang === 'ar' ? `${p}?lang=ar` : p;
      await page.goto(url);
      await expect(page.locator('body')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
      await page.addScriptTag({ path: axePath });
      const result = await page.evaluate(async () => {
        // @ts-expect-error axe is injected above
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
      });
      const serious = result.filter((v: any) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    });
  }
}
