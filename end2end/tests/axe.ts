// The accessibility audit, in one place: axe-core (from npm) injected into
// the page finds no serious or critical violation. The page's CSP forbids
// injected scripts, so whoever audits runs with `bypassCSP: true` (the test
// browser only): `auditPages` sets it; a spec calling
// `expectNoSeriousViolations` directly sets it itself.
import { test, expect, type Page } from '@playwright/test';
import * as path from 'node:path';
import { expectReady } from './support';

const axePath = path.join(__dirname, '..', 'node_modules', 'axe-core', 'axe.min.js');

/** Runs axe on the loaded page; fails listing every serious or critical violation. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  const serious = result.filter((v: any) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `${page.url()}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** One test per address: load it, wait until it is ready, audit it. */
export function auditPages(urls: readonly string[]): void {
  test.describe('accessibility', () => {
    test.use({ bypassCSP: true });
    for (const url of urls) {
      test(`${url} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(url);
        await expectReady(page);
        await expectNoSeriousViolations(page);
      });
    }
  });
}
