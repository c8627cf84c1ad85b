// The content pages in a real browser, in English and Arabic: each renders,
// hydrates, shows its published figures, is right-to-left in Arabic with
// the site's own Arabic font, and reads the same with JavaScript disabled.
import { test, expect, type Page } from '@playwright/test';
import { expectReady } from './support';

type PageCase = {
  path: string;
  name: string;
  heading: { en: string; ar: string };
  // Text that must be visible in both languages (figures, commands).
  figures: string[];
};

const pages: PageCase[] = [
  {
    path: '/quality',
    name: 'quality',
    heading: { en: 'Data quality', ar: 'جودة البيانات' },
    figures: ['0.722', '82.0%', '0.555', '384.16 → 384', '378.2 → 378', '0.577', '0.505'],
  },
  {
    path: '/adapting',
    name: 'adapting',
    heading: { en: 'Adapting a small model', ar: 'تكييف نموذج صغير' },
    figures: ['0.170', '0.191', '0.320', '+12.4%', '+88.2%', '4,989'],
  },
  {
    path: '/dataset',
    name: 'dataset',
    heading: { en: 'The MedAraBench dataset', ar: 'مجموعة بيانات MedAraBench' },
    figures: ['19,894', '4,989', '4,959', '2602.01714'],
  },
  {
    path: '/submit',
    name: 'submit',
    heading: { en: 'How to submit', ar: 'طريقة المشاركة' },
    figures: ['question_id,answer', 'medarabench submit --server', 'Authorization: Bearer $TOKEN'],
  },
];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

// Retrying: after a client-side navigation the figures arrive once the
// page's data has loaded.
async function expectFigures(page: Page, figures: string[]) {
  for (const figure of figures) await expect(page.locator('main'), figure).toContainText(figure);
}

for (const p of pages) {
  test(`${p.name} in English and Arabic`, async ({ page }, info) => {
    const errors = collectErrors(page);

    await page.goto(p.path);
    await expectReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('h1')).toHaveText(p.heading.en);
    await expect(page.locator(`nav a[href="${p.path}"]`)).toHaveAttribute('aria-current', 'page');
    await expectFigures(page, p.figures);
    await page.screenshot({ path: info.outputPath(`${p.name}-en.png`), fullPage: true });

    // The switch goes to the Arabic page, right-to-left, same figures.
    await page.locator('a.lang-switch').click();
    await page.waitForURL(/lang=ar/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('h1')).toHaveText(p.heading.ar);
    await expectFigures(page, p.figures);
    // Every navigation link stays in Arabic.
    for (const href of await page.locator('nav a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toContain('lang=ar');
    }
    // Arabic text is drawn with the font the site serves itself.
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      const faces = await document.fonts.load('16px "Noto Sans Arabic"', 'بيانات');
      return faces.length;
    });
    expect(loaded).toBeGreaterThan(0);
    await page.screenshot({ path: info.outputPath(`${p.name}-ar.png`), fullPage: true });

    // A fresh load of the Arabic address renders the same.
    await page.goto(`${p.path}?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('h1')).toHaveText(p.heading.ar);
    expect(errors).toEqual([]);
  });
}

test('the adapting chart is an accessible SVG that also downloads', async ({ page, request }) => {
  await page.goto('/adapting');
  const svg = page.locator('figure.chart svg[role="img"]');
  await expect(svg).toBeVisible();
  await expect(svg.locator('title')).toHaveText(/Table 5/);
  await expect(svg.locator('desc')).toContainText('QLoRA 0.320');
  const href = await page.locator('figure.chart a[download]').getAttribute('href');
  expect(href).toBe('/charts/adapting.svg');
  const resp = await request.get(href!);
  expect(resp.status()).toBe(200);
  expect(resp.headers()['content-type']).toContain('image/svg+xml');
  expect(await resp.text()).toContain('<title');
});

test('the leaderboard in Arabic keeps the language when sorting', async ({ page }, info) => {
  await page.goto('/?lang=ar');
  await expectReady(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('th[data-sort-key="model"] a').click();
  await expect(page.locator('th[data-sort-key="model"]')).toHaveAttribute('aria-sort', 'ascending');
  expect(page.url()).toContain('lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.screenshot({ path: info.outputPath('leaderboard-ar.png'), fullPage: true });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  for (const p of pages) {
    test(`${p.name} reads the same in Arabic`, async ({ page }, info) => {
      await page.goto(`${p.path}?lang=ar`);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('h1')).toHaveText(p.heading.ar);
      await expectFigures(page, p.figures);
      await expect(page.locator('body')).not.toHaveAttribute('data-hydrated', 'true');
      await page.screenshot({ path: info.outputPath(`${p.name}-ar-no-js.png`), fullPage: true });
    });
  }
});
