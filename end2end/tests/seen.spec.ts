// What a person sees, on a phone (390 px) and a laptop (1366 px), in
// English and Arabic: the board's first row (model and accuracy) in the
// first view and still there after the table is scrolled sideways; every
// navigation link in sight; the chart's text legible at its shown size;
// a refused file's reason brought into view and focused; a saved change's
// confirmation where the owner is. Each page is photographed at both
// widths in both languages (end2end/test-results/).
import { test, expect, type Page } from '@playwright/test';
import * as path from 'node:path';
import { collectErrors, expectReady, registerInBrowser, teamToken, unique, uploadPublic } from './support';
import { demoKeyPredictions } from './demo-predictions';

const sizes = { 390: { width: 390, height: 844 }, 1366: { width: 1366, height: 768 } } as const;
const langs = ['en', 'ar'] as const;
const suffix = (lang: string) => (lang === 'ar' ? '?lang=ar' : '');
const fixtures = path.resolve(__dirname, '../../app/core/tests/fixtures/formats');

/** `selector`'s box lies inside the viewport (all of it). */
async function inViewport(page: Page, selector: string): Promise<{ inside: boolean; box: number[] }> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5 &&
      r.right <= window.innerWidth + 0.5 && r.bottom <= window.innerHeight + 0.5;
    return { inside, box: [r.left, r.top, r.right, r.bottom, window.innerWidth, window.innerHeight] };
  });
}

/** `selector` is not covered by another element at its centre (a sticky
 * column is drawn over what scrolls beneath it, never the other way). */
async function onTop(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit) || hit.contains(el));
  });
}

for (const [width, viewport] of Object.entries(sizes)) {
  for (const lang of langs) {
    test(`the board's first row and every nav link are in the first view at ${width} px (${lang})`, async ({ page }, info) => {
      const errors = collectErrors(page);
      await page.setViewportSize(viewport);
      await page.goto(`/${suffix(lang)}`);
      await expectReady(page);
      const model = '#leaderboard tbody tr:first-child th.model';
      const accuracy = '#leaderboard tbody tr:first-child td.acc .acc-value';
      for (const cell of [model, accuracy]) {
        const seen = await inViewport(page, cell);
        expect(seen.inside, `${cell} in the first view: ${seen.box}`).toBe(true);
      }
      // Every navigation link is on screen at a glance, none scrolled away.
      for (const link of await page.locator('header.site-header nav a').all()) {
        const box = await link.boundingBox();
        expect(box, await link.innerText()).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(-0.5);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      }
      // The caption wraps inside the screen.
      const caption = await page.locator('#board-caption').boundingBox();
      expect(caption!.x + caption!.width).toBeLessThanOrEqual(viewport.width + 0.5);

      // Scrolled sideways as far as it goes (towards the row's end in
      // either direction), the model and its accuracy stay in view, drawn
      // over the cells that scroll beneath them.
      await page.locator('.board-scroll').evaluate((el) => {
        el.scrollLeft = document.dir === 'rtl' ? -el.scrollWidth : el.scrollWidth;
      });
      for (const cell of [model, accuracy]) {
        const seen = await inViewport(page, cell);
        expect(seen.inside, `${cell} after scrolling sideways: ${seen.box}`).toBe(true);
        expect(await onTop(page, cell), `${cell} is drawn on top`).toBe(true);
      }
      await page.locator('.board-scroll').evaluate((el) => { el.scrollLeft = 0; });
      await page.screenshot({ path: info.outputPath(`board-${lang}-${width}.png`) });
      expect(errors).toEqual([]);
    });
  }
}

for (const lang of langs) {
  test(`the board's chart is legible on a phone (${lang})`, async ({ page }) => {
    await page.setViewportSize(sizes[390]);
    await page.goto(`/${suffix(lang)}`);
    await expectReady(page);
    const chart = page.locator('#chart img.chart-img');
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => chart.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const { src, shown } = await chart.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, shown: img.getBoundingClientRect().width }));
    expect(src, 'the phone gets the narrow drawing').toContain('layout=narrow');
    const svg = await (await page.request.get(src)).text();
    const drawn = Number(/<svg[^>]*\swidth="(\d+)"/.exec(svg)![1]);
    const fonts = [...svg.matchAll(/font-size="([\d.]+)/g)].map((m) => Number(m[1]));
    expect(fonts.length).toBeGreaterThan(0);
    const smallest = (Math.min(...fonts) * shown) / drawn;
    expect(smallest, `smallest text ${Math.min(...fonts)} px drawn at ${drawn} px, shown at ${shown} px`).toBeGreaterThanOrEqual(11);
  });
}

for (const [width, viewport] of Object.entries(sizes)) {
  for (const lang of langs) {
    test(`a refused file's reason is brought into view and focused at ${width} px (${lang})`, async ({ page }, info) => {
      await page.setViewportSize(viewport);
      await registerInBrowser(page, lang, lang === 'ar' ? 'فريق الهاتف' : 'Phone Team');
      await page.goto(`/upload${suffix(lang)}`);
      await expectReady(page);
      // The two required fields are marked; the others are one optional group.
      await expect(page.locator('#required-fields .required')).toHaveCount(2);
      await expect(page.locator('#optional-fields select, #optional-fields input, #optional-fields textarea')).toHaveCount(16);
      await page.setInputFiles('input[name=file]', {
        name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n1,Z\n2,A\n2,B\n'),
      });
      await expect(page.locator('#file-check')).toHaveClass(/error/);
      await page.fill('input[name=model_name]', unique('refused'));
      // The reader is at the button, far below the check.
      await page.locator('#upload-form button[type=submit]').scrollIntoViewIfNeeded();
      await page.locator('#upload-form button[type=submit]').click();
      await expect(page.locator('#file-check')).toBeFocused();
      await expect(page.locator('#file-check')).toBeInViewport();
      await expect(page.locator('#file-check li')).toHaveCount(2);
      await page.screenshot({ path: info.outputPath(`upload-refused-${lang}-${width}.png`) });
    });
  }
}

for (const lang of langs) {
  test(`without JavaScript a refused file's problems are a list (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await registerInBrowser(page, lang, 'No Script Team');
    await page.goto(`/upload${suffix(lang)}`);
    await page.setInputFiles('input[name=file]', {
      name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n1,Z\n2,A\n2,B\n'),
    });
    await page.fill('input[name=model_name]', unique('refused'));
    await page.click('#upload-form button[type=submit]');
    await expect(page.locator('#form-error-detail ol.problems li')).toHaveCount(2);
    // A binary file is said to be one.
    await page.setInputFiles('input[name=file]', {
      name: 'scores.png', mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'),
    });
    await page.fill('input[name=model_name]', unique('binary'));
    await page.click('#upload-form button[type=submit]');
    await expect(page.locator('#form-error-detail')).toContainText(lang === 'ar' ? 'ليس ملفًا نصيًا' : 'not a text file');
    await context.close();
  });
}

for (const [width, viewport] of Object.entries(sizes)) {
  for (const lang of langs) {
    test(`a saved change is confirmed where the owner is at ${width} px (${lang})`, async ({ page }, info) => {
      await page.setViewportSize(viewport);
      await registerInBrowser(page, lang, lang === 'ar' ? 'فريق التعديل' : 'Change Team');
      await page.goto(`/upload${suffix(lang)}`);
      await expectReady(page);
      await page.setInputFiles('input[name=file]', path.join(fixtures, 'lm-eval-mc.samples.jsonl'));
      await page.fill('input[name=model_name]', unique('changed'));
      await page.click('#upload-form button[type=submit]');
      await expect(page).toHaveURL(/\/submissions\/[0-9a-f]+/, { timeout: 15_000 });
      const form = page.locator('#change-form');
      await form.locator('input[name=shots]').fill('3');
      await form.locator('button[type=submit]').scrollIntoViewIfNeeded();
      await form.locator('button[type=submit]').click();
      await expect(page.locator('#done')).toBeVisible();
      await expect(page.locator('#done')).toBeInViewport();
      await expect(page.locator('#done')).toBeFocused();
      await page.screenshot({ path: info.outputPath(`changed-${lang}-${width}.png`) });
      // The key versions come after the breakdowns.
      const order = await page.evaluate(() => {
        const versions = document.querySelector('#key-versions');
        const breakdown = document.querySelector('table.breakdown');
        return versions && breakdown ? breakdown.compareDocumentPosition(versions) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
      });
      expect(order, 'the key versions follow a breakdown table').toBe(4);
    });
  }
}

for (const lang of langs) {
  test(`a submission is compared with a published row, unpaired (${lang})`, async ({ page, request }) => {
    const token = await teamToken(request, unique('Compare Paper'));
    const mine = await uploadPublic(request, token, demoKeyPredictions(), { model_name: unique('Versus-Paper') });
    await page.setViewportSize(sizes[390]);
    await page.goto(`/compare${suffix(lang)}`);
    await expectReady(page);
    await page.locator('select[name=a]').selectOption(mine.id);
    await page.locator('select[name=b]').selectOption('paper:GPT-o3');
    await page.locator('main form button[type=submit]').click();
    await expect(page.locator('#unpaired-notice')).toBeVisible();
    await expect(page.locator('#compare-sides')).toContainText('GPT-o3');
    await expect(page.locator('#mcnemar-p')).toHaveCount(0);
  });
}

// Every page at both widths in both languages, for the record.
for (const [width, viewport] of Object.entries(sizes)) {
  test(`screenshots at ${width} px`, async ({ page }, info) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    for (const p of ['/', '/quality', '/adapting', '/medarabiq', '/dataset', '/submit', '/signin', '/register', '/compare']) {
      for (const lang of langs) {
        await page.goto(`${p}${suffix(lang)}`);
        await expectReady(page);
        const name = p === '/' ? 'board' : p.slice(1);
        await page.screenshot({ path: info.outputPath(`page-${name}-${lang}-${width}.png`), fullPage: true });
      }
    }
  });
}
