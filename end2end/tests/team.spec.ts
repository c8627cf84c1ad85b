// The whole team flow in a real browser: register, create a token, upload
// predictions through the form (checked in the browser first), see the
// scored result; the same in Arabic; then the same with JavaScript off.
import { test, expect } from '@playwright/test';
import { expectReady } from './support';

const password = 'a long browser-test password';

function unique(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

test('register, upload through the form and see the result', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });

  const team = unique('Browser Team');
  await page.goto('/register');
  await expectReady(page);
  await page.fill('input[name=name]', team);
  await page.fill('input[name=email]', `${unique('lead')}@example.org`);
  await page.fill('input[name=password]', password);
  await page.click('#register-form button[type=submit]');
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.locator('#team-name')).toHaveText(team);
  await expect(page.locator('#quota')).toContainText('5 of');
  await page.screenshot({ path: info.outputPath('team.png'), fullPage: true });

  await page.click('text=Create a token');
  await expect(page.locator('#new-token')).toContainText('mbt_');

  await page.goto('/upload');
  await expectReady(page);
  // A bad file is caught in the browser before anything is sent.
  await page.setInputFiles('input[name=file]', {
    name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n1,A\n1,B\n'),
  });
  await expect(page.locator('#file-check')).toContainText('line 3');
  await expect(page.locator('#file-check')).toContainText('duplicate');

  await page.setInputFiles('input[name=file]', {
    name: 'preds.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n1,A\n2,B\n3,C\n'),
  });
  await expect(page.locator('#file-check')).toContainText('3 rows');
  await page.fill('input[name=model_name]', 'Browser-Model-1');
  await page.selectOption('select[name=contamination]', 'none');
  await page.click('#upload-form button[type=submit]');
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f]+$/, { timeout: 15_000 });
  await expect(page.locator('#submission-title')).toContainText('Browser-Model-1');
  await expect(page.locator('#synthetic-notice')).toBeVisible();
  await expect(page.locator('.headline')).toContainText('95% CI');
  await page.screenshot({ path: info.outputPath('submission.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('the same flow in Arabic keeps the language', async ({ page }, info) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });

  const team = unique('فريق المتصفح');
  await page.goto('/register?lang=ar');
  await expectReady(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('h1')).toHaveText('تسجيل فريق');
  await page.fill('input[name=name]', team);
  await page.fill('input[name=email]', `${unique('ar-lead')}@example.org`);
  await page.fill('input[name=password]', password);
  await page.click('#register-form button[type=submit]');
  await expect(page).toHaveURL(/\/team\?lang=ar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('#team-name')).toHaveText(team);
  await expect(page.locator('#quota')).toContainText('عمليات الرفع المتبقية اليوم: 5 من');
  await page.screenshot({ path: info.outputPath('team-ar.png'), fullPage: true });

  await page.click('form[action="/team/tokens"] button[type=submit]');
  await expect(page).toHaveURL(/\/team\?lang=ar#tokens$/);
  await expect(page.locator('#new-token')).toContainText('mbt_');

  // The page's own link to the upload form stays in Arabic.
  await page.click('#quota a');
  await expect(page).toHaveURL(/\/upload\?lang=ar$/);
  await expect(page.locator('h1')).toHaveText('رفع التنبؤات');
  await expectReady(page);
  await page.setInputFiles('input[name=file]', {
    name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n1,A\n1,B\n'),
  });
  await expect(page.locator('#file-check')).toContainText('سيُرفض هذا الملف');
  await expect(page.locator('#file-check')).toContainText('السطر 3');
  await page.setInputFiles('input[name=file]', {
    name: 'preds.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n1,A\n2,B\n3,C\n'),
  });
  await expect(page.locator('#file-check')).toContainText('يبدو الملف سليمًا: عدد صفوفه 3');
  await page.fill('input[name=model_name]', 'Browser-Model-AR');
  await page.selectOption('select[name=prompt_language]', 'ar');
  await page.selectOption('select[name=contamination]', 'none');
  await page.click('#upload-form button[type=submit]');
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f]+\?lang=ar$/, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('#submission-title')).toContainText('Browser-Model-AR');
  await expect(page.locator('#submission-title')).toContainText('من فريق');
  await expect(page.locator('#synthetic-notice')).toContainText('مفتاح عرض اصطناعي');
  await expect(page.locator('.headline')).toContainText('فترة الثقة 95%');
  await expect(page.locator('dl.protocol')).toContainText('العربية');
  await page.screenshot({ path: info.outputPath('submission-ar.png'), fullPage: true });

  // The language switch leads to the same result in English.
  await page.click('.lang-switch');
  await expect(page).toHaveURL(/\/submissions\/[0-9a-f]+$/);
  await expect(page.locator('.headline')).toContainText('95% CI');
  expect(errors).toEqual([]);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the forms still work', async ({ page }, info) => {
    await page.goto('/register');
    await page.fill('input[name=name]', unique('NoJS Team'));
    await page.fill('input[name=email]', `${unique('nojs')}@example.org`);
    await page.fill('input[name=password]', password);
    await page.click('#register-form button[type=submit]');
    await expect(page).toHaveURL(/\/team$/);

    await page.goto('/upload');
    await page.setInputFiles('input[name=file]', {
      name: 'preds.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n1,A\n'),
    });
    await page.fill('input[name=model_name]', 'NoJS-Model');
    await page.click('#upload-form button[type=submit]');
    await expect(page).toHaveURL(/\/submissions\//);
    await expect(page.locator('#submission-title')).toContainText('NoJS-Model');

    // A refused file comes back to the form with the reason, and nothing is stored.
    await page.goto('/upload');
    await page.setInputFiles('input[name=file]', {
      name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('question_id,answer\n987654,A\n'),
    });
    await page.fill('input[name=model_name]', 'NoJS-Bad');
    await page.click('#upload-form button[type=submit]');
    await expect(page.locator('#form-error')).toContainText('987654');
    await page.screenshot({ path: info.outputPath('upload-refused.png'), fullPage: true });
  });
});
