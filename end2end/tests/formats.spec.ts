// Uploading what evaluation tools write through the web form, with
// JavaScript on and off, in English and Arabic: the in-browser check names
// the detected format (gzip included) or lists every problem with its line
// and brings that list into view; a file the server refuses brings the form
// back with what was typed.
import { test, expect, type Page } from '@playwright/test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { collectErrors, expectReady, registerInBrowser } from './support';

const fixtures = path.resolve(__dirname, '../../app/core/tests/fixtures/formats');


/** Three problems, on lines 3, 4 and 5. */
const threeProblems = Buffer.from('question_id,answer\n1,A\n2,Z\nx,B\n1,C\n');

for (const lang of ['en', 'ar'] as const) {
  const suffix = lang === 'ar' ? '?lang=ar' : '';
  const line = lang === 'ar' ? 'السطر' : 'line';

  test(`a tool's file is checked and sent as written (${lang})`, async ({ page }, info) => {
    const errors = collectErrors(page);
    await registerInBrowser(page, lang, lang === 'ar' ? 'فريق الصيغ' : 'Formats Team');
    await page.goto(`/upload${suffix}`);
    await expectReady(page);

    // Every problem listed with its line, and the list brought to the reader.
    await page.setInputFiles('input[name=file]', { name: 'bad.csv', mimeType: 'text/csv', buffer: threeProblems });
    const check = page.locator('#file-check');
    await expect(check.locator('li')).toHaveCount(3);
    for (const [i, n] of [3, 4, 5].entries()) {
      await expect(check.locator('li').nth(i)).toContainText(`${line} ${n}`);
    }
    await expect(check).toBeFocused();
    await page.screenshot({ path: info.outputPath(`problems-${lang}.png`), fullPage: true });

    // lm-evaluation-harness samples, gzip-compressed: detected and sent.
    const samples = zlib.gzipSync(fs.readFileSync(path.join(fixtures, 'lm-eval-mc.samples.jsonl')));
    await page.setInputFiles('input[name=file]', {
      name: 'samples_medarabench.jsonl.gz', mimeType: 'application/gzip', buffer: samples,
    });
    await expect(check).toContainText('lm-eval-samples, gzip');
    await expect(check.locator('li')).toHaveCount(0);
    await page.fill('input[name=model_name]', `lm-eval-${lang}`);
    await page.click('#upload-form button[type=submit]');
    await expect(page).toHaveURL(new RegExp(`/submissions/[0-9a-f]+${suffix.replace('?', '\\?')}$`), { timeout: 15_000 });
    await expect(page.locator('#submission-title')).toContainText(`lm-eval-${lang}`);

    // A file only the server can refuse (an id the key lacks): the form
    // comes back with the reason and with everything typed.
    await page.goto(`/upload${suffix}`);
    await expectReady(page);
    await page.setInputFiles('input[name=file]', {
      name: 'unknown.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n987654,A\n'),
    });
    await page.fill('input[name=model_name]', `Typed-${lang}`);
    await page.fill('textarea[name=notes]', 'kept </textarea> as typed');
    await page.selectOption('select[name=visibility]', 'private');
    await page.click('#upload-form button[type=submit]');
    await expect(page.locator('#form-error')).toContainText('987654', { timeout: 15_000 });
    await expect(page.locator('input[name=model_name]')).toHaveValue(`Typed-${lang}`);
    await expect(page.locator('textarea[name=notes]')).toHaveValue('kept </textarea> as typed');
    await expect(page.locator('select[name=visibility]')).toHaveValue('private');
    expect(errors).toEqual([]);
  });

  test.describe(`with JavaScript disabled (${lang})`, () => {
    test.use({ javaScriptEnabled: false });

    test('a refused file lists every problem and keeps the form', async ({ page }, info) => {
      await registerInBrowser(page, lang, lang === 'ar' ? 'فريق الصيغ' : 'Formats Team');
      await page.goto(`/upload${suffix}`);
      await page.setInputFiles('input[name=file]', { name: 'bad.csv', mimeType: 'text/csv', buffer: threeProblems });
      await page.fill('input[name=model_name]', `NoJS-${lang}`);
      await page.fill('input[name=shots]', '3');
      await page.click('#upload-form button[type=submit]');
      const alert = page.locator('#form-error');
      for (const n of [3, 4, 5]) await expect(alert).toContainText(`${line} ${n}`);
      await expect(page.locator('input[name=model_name]')).toHaveValue(`NoJS-${lang}`);
      await expect(page.locator('input[name=shots]')).toHaveValue('3');
      await page.screenshot({ path: info.outputPath(`refused-nojs-${lang}.png`), fullPage: true });

      // An Anthropic batch results file, as downloaded, goes through too.
      await page.setInputFiles('input[name=file]', {
        name: 'results.jsonl', mimeType: 'application/jsonl',
        buffer: fs.readFileSync(path.join(fixtures, 'anthropic-batch.results.jsonl')),
      });
      await page.click('#upload-form button[type=submit]');
      await expect(page).toHaveURL(/\/submissions\/[0-9a-f]+/);
      await expect(page.locator('#submission-title')).toContainText(`NoJS-${lang}`);
    });
  });
}
