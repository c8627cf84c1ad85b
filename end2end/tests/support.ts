// What several specs share: console-error collection, the hydration wait,
// a team and its API token, uploads through the REST API, the stored demo
// key's size, and the site's number formats (to compare what a page shows
// with the API's figures).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const password = 'a long browser-test password';

export function unique(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

/** Console errors and uncaught exceptions of `page`, collected as they come. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** The pages that load the WASM bundle and hydrate, for a signed-in visitor
 * (`HYDRATED` in app/src/components/bundle.rs); every other page is
 * complete as the server sends it. */
export const hydratedPaths = ['/upload'];

export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator('body')).toHaveAttribute('data-hydrated', 'true', { timeout: 15_000 });
}

/** Waits until `page` is ready: a page that loads the bundle has hydrated;
 * any other has loaded, without the bundle (no WASM on a page that has
 * nothing to do in the browser). */
export async function expectReady(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const path = new URL(page.url()).pathname;
  if (hydratedPaths.includes(path) && (await page.locator('link[rel=modulepreload]').count()) > 0) {
    await expectHydrated(page);
  } else {
    await expect(page.locator('link[rel=modulepreload], link[rel=preload][as=fetch]')).toHaveCount(0);
    await expect(page.locator('body')).not.toHaveAttribute('data-hydrated', 'true');
  }
}

/** Registers a team with the web form, in `lang`, named `name` plus a
 * unique suffix; the browser is then signed in on the team page. */
export async function registerInBrowser(page: Page, lang: 'en' | 'ar', name: string): Promise<void> {
  const suffix = lang === 'ar' ? '?lang=ar' : '';
  await page.goto(`/register${suffix}`);
  await page.fill('input[name=name]', unique(name));
  await page.fill('input[name=email]', `${unique('browser')}@example.org`);
  await page.fill('input[name=password]', password);
  await page.click('#register-form button[type=submit]');
  await expect(page).toHaveURL(new RegExp(`/team${suffix.replace('?', '\\?')}$`));
}

/** Registers a team through the API and returns a fresh API token. */
export async function teamToken(request: APIRequestContext, name: string): Promise<string> {
  const email = `${unique('lead')}@example.org`;
  const team = await request.post('/api/v1/teams', { data: { name, email, password } });
  expect(team.status(), await team.text()).toBe(201);
  const token = await request.post('/api/v1/tokens', { data: { email, password, label: 'e2e' } });
  expect(token.status(), await token.text()).toBe(201);
  const { token: value } = await token.json();
  expect(value).toMatch(/^mbt_/);
  return value;
}

export type Breakdown = { correct: number; total: number; accuracy: number; ci95: [number, number] };
export type Submission = {
  id: string;
  team: string;
  model_name: string;
  benchmark: string;
  visibility: string;
  accuracy: number;
  correct: number;
  total: number;
  ci95: [number, number];
  by_specialty: Record<string, Breakdown>;
  by_level: Record<string, Breakdown>;
  key: { name: string; synthetic: boolean };
};

/** Uploads a public prediction CSV (multipart, as the CLI does); 201 expected. */
export async function uploadPublic(
  request: APIRequestContext,
  token: string,
  csv: string,
  fields: { model_name: string; benchmark?: string },
  permuted?: string,
): Promise<Submission> {
  // The permuted task's file, when given, as the `permuted` part.
  const second = permuted === undefined
    ? {}
    : { permuted: { name: 'permuted.csv', mimeType: 'text/csv', buffer: Buffer.from(permuted) } };
  const resp = await request.post('/api/v1/submissions', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'preds.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      visibility: 'public',
      contamination: 'none',
      ...second,
      ...fields,
    },
  });
  expect(resp.status(), await resp.text()).toBe(201);
  const body = (await resp.json()) as Submission;
  expect(body.visibility).toBe('public');
  return body;
}

/** The submission object as anyone sees it (it is public). */
export async function fetchSubmission(request: APIRequestContext, id: string): Promise<Submission> {
  const resp = await request.get(`/api/v1/submissions/${id}`);
  expect(resp.status(), await resp.text()).toBe(200);
  return (await resp.json()) as Submission;
}

/**
 * Rows of the stored MedAraBench key, as the /quality page's validation
 * report states them. Its question ids are 1..rows (the demo key numbers
 * its questions from 1); ids of rows the key rejects are accepted and
 * ignored, so a file may name every one of them.
 */
export async function keyRows(page: Page): Promise<number> {
  await page.goto('/quality');
  const cell = page.locator('#key-totals tbody tr').filter({ hasText: 'Rows in the file' }).locator('td');
  const rows = Number((await cell.innerText()).replace(/,/g, ''));
  expect(rows).toBeGreaterThan(100);
  return rows;
}

/** A prediction CSV naming `ids`, each answered by `answer(id)` (null: left out). */
export function predictions(ids: number[], answer: (id: number) => string | null): string {
  const lines = ['question_id,answer'];
  for (const id of ids) {
    const a = answer(id);
    if (a !== null) lines.push(`${id},${a}`);
  }
  return `${lines.join('\n')}\n`;
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * `x` with `digits` decimals as Rust's `format!("{x:.3}")` writes it: the
 * exact binary value rounded half to even (0.0625 → "0.062"), where
 * `toFixed` rounds an exact tie up.
 */
export function fixed(x: number, digits: number): string {
  const exact = Math.abs(x).toFixed(100);
  const point = exact.indexOf('.');
  const rest = exact.slice(point + 1 + digits);
  let out = Math.abs(x).toFixed(digits);
  if (/^50*$/.test(rest)) {
    // A tie: keep the truncated digits when the last is even.
    const truncated = exact.slice(0, point + 1 + digits);
    if (Number(truncated.at(-1)) % 2 === 0) out = truncated;
  }
  return x < 0 || Object.is(x, -0) ? `-${out}` : out;
}

// The site's formats (app/src/format.rs, app/src/i18n/mod.rs).
export const acc = (x: number): string => fixed(x, 3);
export const ci = (c: [number, number]): string => `[${acc(c[0])}, ${acc(c[1])}]`;
export const signed = (x: number): string => (x < 0 || Object.is(x, -0) ? fixed(x, 3) : `+${fixed(x, 3)}`);
export const count = (n: number): string => n.toLocaleString('en-US');

/** The Wilson score 95% interval, clamped to [0, 1]. */
export function wilson(correct: number, total: number): [number, number] {
  const z = 1.959963984540054;
  const p = correct / total;
  const z2 = z * z;
  const denom = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
