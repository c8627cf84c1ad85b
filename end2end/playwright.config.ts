// Browser tests run in Debian's Chromium (never a downloaded browser)
// against the real `medarabench` binary on a fresh SQLite database.
import { defineConfig } from '@playwright/test';
import * as os from 'node:os';
import * as path from 'node:path';
import * as fs from 'node:fs';

const port = Number(process.env.E2E_PORT ?? 3100);
// The runner and every worker evaluate this file; the first creates the
// database directory and the others inherit it through the environment, so
// specs can run the CLI on the server's own database (E2E_DATABASE_URL,
// E2E_BINARY).
const dbDir = process.env.E2E_DB_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'medarabench-e2e-'));
const databaseUrl = `sqlite:${path.join(dbDir, 'e2e.db')}`;
const binary = path.resolve(__dirname, process.env.MEDARABENCH_BIN ?? '../target/debug/medarabench');
process.env.E2E_DB_DIR = dbDir;
process.env.E2E_DATABASE_URL = databaseUrl;
process.env.E2E_BINARY = binary;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
        '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run',
      ],
    },
  },
  webServer: {
    // Every spec registers and uploads from 127.0.0.1: no limits per client address.
    command: `${binary} serve --addr 127.0.0.1:${port} --registrations-per-day 0 --client-daily-quota 0`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      DATABASE_URL: databaseUrl,
      LEPTOS_SITE_ROOT: process.env.LEPTOS_SITE_ROOT ?? '../target/site',
      LEPTOS_OUTPUT_NAME: 'medarabench',
      RUST_LOG: 'warn',
    },
  },
});
