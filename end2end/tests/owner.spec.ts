// A submission's owner, on its page, with JavaScript on and off, in English
// and Arabic: uploads with lm-evaluation-harness's results file (which
// fills the protocol card's run facts), changes the declared facts (a
// refused change comes back as typed), then withdraws it (behind a
// confirmation box): it leaves the board and is marked on the team page.
import { test, expect, type Page } from '@playwright/test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { unique, collectErrors, expectReady, registerInBrowser } from './support';

const fixtures = path.resolve(__dirname, '../../app/core/tests/fixtures/formats');


for (const javaScriptEnabled of [true, false]) {
  for (const lang of ['en', 'ar'] as const) {
    const suffix = lang === 'ar' ? '?lang=ar' : '';
    const js = javaScriptEnabled ? 'JS on' : 'JS off';
    const say = lang === 'ar'
      ? { saved: 'حُفظت تعديلاتك.', refused: 'رُفض التعديل', withdrawn: 'سُحبت المشاركة.', mark: 'مسحوبة' }
      : { saved: 'Your changes are saved.', refused: 'The change was refused', withdrawn: 'The submission is withdrawn.', mark: 'withdrawn' };

    test.describe(`${js}, ${lang}`, () => {
      test.use({ javaScriptEnabled });

      test('the owner uploads with a results file, changes and withdraws', async ({ page }, info) => {
        const errors = collectErrors(page);
        await registerInBrowser(page, lang, lang === 'ar' ? 'فريق المالك' : 'Owner Team');
        await page.goto(`/upload${suffix}`);
        if (javaScriptEnabled) await expectReady(page);
        const model = unique(`owned-${lang}`);
        await page.setInputFiles('input[name=file]', path.join(fixtures, 'lm-eval-mc.samples.jsonl'));
        await page.setInputFiles('input[name=results]', path.join(fixtures, 'lm-eval-gen.results.json'));
        await page.fill('input[name=model_name]', model);
        await page.click('#upload-form button[type=submit]');
        await expect(page).toHaveURL(new RegExp(`/submissions/[0-9a-f]+${suffix.replace('?', '\\?')}$`), { timeout: 15_000 });
        const url = new URL(page.url());
        const id = url.pathname.split('/').pop()!;
        // The results file filled the run facts.
        await expect(page.locator('#generation')).toContainText('lm-eval 0.4.13');
        await expect(page.locator('#model-args')).toContainText('dummy');

        // A refused change: the form comes back as typed, nothing changed.
        const form = page.locator('#change-form');
        // A bidirectional override in the parameter count passes the
        // browser's own checks; the server refuses it.
        await form.locator('input[name=model_params]').fill('7B\u202E');
        await form.locator('textarea[name=notes]').fill('kept </textarea> as typed');
        await form.locator('button[type=submit]').click();
        await expect(page.locator('#owner [role=alert]')).toContainText(say.refused);
        await expect(page.locator('#owner [role=alert]')).toContainText('model_params');
        await expect(page.locator('#change-form textarea[name=notes]')).toHaveValue('kept </textarea> as typed');
        await expect(page.locator('#change-form input[name=model_params]')).toHaveValue('7B\u202E');

        // A change that is kept.
        await page.locator('#change-form input[name=model_params]').fill('7B');
        await page.locator('#change-form input[name=model_url]').fill('https://example.org/owned');
        await page.locator('#change-form select[name=model_category]').selectOption('open-medical');
        await page.locator('#change-form input[name=shots]').fill('5');
        await page.locator('#change-form button[type=submit]').click();
        await expect(page.locator('#done')).toHaveText(say.saved);
        await expect(page.locator('#model-category')).not.toHaveText('unknown');
        await expect(page.locator('dl.protocol a[href="https://example.org/owned"]')).toBeVisible();
        await expect(page.locator('#change-form input[name=shots]')).toHaveValue('5');
        await page.screenshot({ path: info.outputPath(`changed-${lang}-${javaScriptEnabled}.png`), fullPage: true });

        // Withdrawing needs the box ticked: the browser keeps the form
        // until it is (the server checks it too: see owner_forms.rs).
        await page.locator('#withdraw-form button[type=submit]').click();
        await expect(page.locator('#withdraw-form')).toBeVisible();
        await expect(page.locator('#done')).toHaveText(say.saved);
        await page.locator('#withdraw-form input[name=confirm]').check();
        await page.locator('#withdraw-form button[type=submit]').click();
        await expect(page.locator('#done')).toHaveText(say.withdrawn);
        await expect(page.locator('#withdrawn-notice')).toBeVisible();
        await expect(page.locator('#change-form')).toHaveCount(0);

        // Off the board; marked on the team page.
        await page.goto(`/${suffix}`);
        await expect(page.locator(`a[href*="${id}"]`)).toHaveCount(0);
        await page.goto(`/team${suffix}`);
        await expect(page.locator('tr[data-withdrawn=true]')).toContainText(say.mark);
        expect(errors).toEqual([]);
      });
    });
  }
}
