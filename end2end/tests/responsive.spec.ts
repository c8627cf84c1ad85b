// Every page fits the screen, in English and Arabic, on a phone (390 px)
// and on a laptop (1366 px): nothing is wider than the viewport; on the
// phone the header keeps the site's name, the team's link and the
// language switch on its first line and every navigation link in sight
// below it, in at most 100 px; on the laptop every column of the
// leaderboard is inside the screen.
import { execFileSync } from 'node:child_process';
import { test, expect, type Page } from '@playwright/test';
import { password, teamToken, uploadPublic, unique, expectReady } from './support';
import { demoKeyPredictions } from './demo-predictions';

const widths = [390, 1366] as const;

/** Pages with every kind of content: tables, charts, forms, code. */
async function everyPage(page: Page): Promise<string[]> {
  // Signed in, so the team page and the owner's forms are shown too.
  const email = `${unique('responsive')}@example.org`;
  const team = await page.request.post('/api/v1/teams', { data: { name: unique('Responsive'), email, password } });
  expect(team.status()).toBe(201);
  const issued = await page.request.post('/api/v1/tokens', { data: { email, password } });
  const { token } = await issued.json();
  // Registered before the browser signs in (a signed-in browser's write
  // without a token must come from the site's own pages).
  const other = await teamToken(page.request, unique('Responsive Other'));
  await page.goto('/signin');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('#signin-form button[type=submit]');
  await expect(page).toHaveURL(/\/team$/);
  const csv = demoKeyPredictions();
  // The same file from another team first: A carries a near-duplicate flag,
  // whose badge names that submission.
  await uploadPublic(page.request, other, csv, { model_name: unique('Responsive-Copy') });
  const a = await uploadPublic(page.request, token, csv, { model_name: unique('Responsive-A') });
  // The same letters, but E for ids 1 to 99: a second model to compare.
  const fewer = csv.replace(/^(\d{1,2}),[A-D]$/gm, '$1,E');
  const b = await uploadPublic(page.request, token, fewer, { model_name: unique('Responsive-B') });
  // The member is an operator too (granted at the command line), so the
  // operators' page, with its tables of hidden submissions and the audit
  // log, is measured like every other.
  const cli = (...args: string[]) =>
    execFileSync(process.env.E2E_BINARY!, args, {
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL!, RUST_LOG: 'warn' },
      encoding: 'utf8',
    });
  // A third with a confidence per answer and the permuted task's file:
  // its page has the calibration charts and the option-order table.
  const sure = csv.trim().split('\n').map((line, i) => (i === 0 ? `${line},confidence` : `${line},0.${(i % 9) + 1}`)).join('\n');
  const c = await uploadPublic(page.request, token, sure, { model_name: unique('Responsive-C') }, csv);
  cli('operator', 'grant', email);
  cli('operator', 'hide', b.id, '--reason', 'a reason long enough to wrap on a phone, as operators write them');
  return [
    '/operator', '/operator?done=changed', '/reset', '/reset?sent=1',
    '/', '/quality', '/adapting', '/dataset', '/submit', '/medarabiq', '/register', '/signin', '/team',
    '/upload', '/compare', `/compare?a=${a.id}&b=${b.id}`, `/submissions/${a.id}`, '/no-such-page',
    `/submissions/${c.id}`, '/?columns=calibration',
  ];
}

/** The phone header: name, team link and language switch on one line,
 * every navigation link inside the screen, at most 100 px in all. */
async function expectPhoneHeader(page: Page, url: string): Promise<void> {
  const header = page.locator('header.site-header');
  const box = await header.boundingBox();
  expect(box!.height, `${url}: header height`).toBeLessThanOrEqual(100);
  const tops = await Promise.all(
    ['a.brand', 'a.team-link', 'a.lang-switch'].map(async (s) => (await header.locator(s).boundingBox())!),
  );
  for (const t of tops) expect(Math.abs(t.y + t.height / 2 - (tops[0].y + tops[0].height / 2)), `${url}: first line`).toBeLessThan(4);
  for (const link of await header.locator('nav a').all()) {
    const b = (await link.boundingBox())!;
    expect(b.x >= -0.5 && b.x + b.width <= 390.5 && b.y + b.height <= box!.y + box!.height + 0.5, `${url}: ${await link.innerText()} in sight`).toBe(true);
  }
}

/** How far the document is wider than the viewport (0 when it fits). */
async function overflow(page: Page): Promise<{ by: number; widest: string }> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const by = doc.scrollWidth - window.innerWidth;
    // Name the element that sticks out furthest, to say what to fix.
    let widest = '';
    let right = window.innerWidth;
    // Inside a box that scrolls or clips (the header's navigation, a wide
    // table's scroller), sticking out is that box's business.
    const clipped = (el: Element): boolean => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (clipped(el)) continue;
      const r = el.getBoundingClientRect();
      const edge = document.dir === 'rtl' ? window.innerWidth - r.left : r.right;
      if (edge > right + 0.5) {
        right = edge;
        widest = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className ? '.' + String(el.className).split(' ').join('.') : ''}`;
      }
    }
    return { by, widest };
  });
}

for (const width of widths) {
  test(`every page fits ${width} px, in English and Arabic`, async ({ page }, info) => {
    test.setTimeout(120_000);
    const pages = await everyPage(page);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
    for (const path of pages) {
      for (const lang of ['en', 'ar'] as const) {
        const url = lang === 'ar' ? `${path}${path.includes('?') ? '&' : '?'}lang=ar` : path;
        await page.goto(url);
        await expectReady(page);
        // The flag's badge, with the other submission's id, is on the page.
        if (path.startsWith('/submissions/')) await expect(page.locator('#flags .badge-flag')).toHaveCount(1);
        const { by, widest } = await overflow(page);
        expect(by, `${url} at ${width} px is ${by} px wider than the screen (widest: ${widest})`).toBeLessThanOrEqual(0);

        const header = page.locator('header.site-header');
        await expect(header.locator('a.team-link')).toHaveAttribute('href', lang === 'ar' ? '/team?lang=ar' : '/team');
        await expect(header.locator('a.team-link')).toHaveText(/^Responsive-/);
        if (width === 390) await expectPhoneHeader(page, url);
      }
    }
    await page.goto('/?lang=ar');
    await page.screenshot({ path: info.outputPath(`board-ar-${width}.png`) });
  });
}

test('the leaderboard\'s columns are all on a 1366 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  for (const url of ['/', '/?lang=ar']) {
    await page.goto(url);
    await expectReady(page);
    const table = page.locator('main table').first();
    await expect(table).toBeVisible();
    const fits = await table.evaluate((t: HTMLTableElement) => {
      const last = t.querySelector('thead tr')!.lastElementChild!.getBoundingClientRect();
      const scroller = t.closest('.table-scroll') ?? t.parentElement!;
      const view = scroller.getBoundingClientRect();
      return { last: [last.left, last.right], view: [view.left, view.right], screen: window.innerWidth };
    });
    expect(fits.last[0], `${url}: last column starts inside`).toBeGreaterThanOrEqual(fits.view[0] - 0.5);
    expect(fits.last[1], `${url}: last column ends inside ${JSON.stringify(fits)}`).toBeLessThanOrEqual(
      Math.min(fits.view[1], fits.screen) + 0.5,
    );
  }
});

// Our Arabic font is `font-display: optional`: on a first visit it may
// come too late and the page be drawn in whatever the system has (DejaVu
// Sans here, wider than ours), and the header must still keep its first
// line and every link in sight, signed in (the team's name is on the first).
test('the phone header keeps its shape in a system font', async ({ page }) => {
  const email = `${unique('fallback')}@example.org`;
  const team = await page.request.post('/api/v1/teams', { data: { name: unique('Responsive'), email, password } });
  expect(team.status()).toBe(201);
  await page.goto('/signin');
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await page.click('#signin-form button[type=submit]');
  await expect(page).toHaveURL(/\/team$/);
  await page.route('**/fonts/**', (route) => route.abort());
  await page.setViewportSize({ width: 390, height: 844 });
  for (const url of ['/', '/?lang=ar', '/quality?lang=ar', '/dataset?lang=ar']) {
    await page.goto(url);
    await expectReady(page);
    await expect(page.locator('header.site-header a.team-link')).toHaveText(/^Responsive-/);
    await expectPhoneHeader(page, `${url} without our font`);
  }
});
