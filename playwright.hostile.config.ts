import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import path from 'node:path';
import { HOSTILE_DIR, HOSTILE_DIST } from './tests/fixtures/hostile/build-hostile-site.mjs';

/**
 * The hostile-dataset tests (issue 10, tests/hostile): the site built from a dataset whose every
 * string carries script payloads (tests/fixtures/hostile/build-hostile-site.mjs, run first by
 * `npm run test:hostile`), served by scripts/serve.mjs from HOSTILE_DIR/dist on HOSTILE_PORT
 * (default 4324) with its own local state (HOSTILE_DIR/state, so it never shares the embedded
 * database with another local server), in the same Debian Chromium as the end-to-end tests.
 */
const port = Number(process.env.HOSTILE_PORT ?? 4324);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...base,
  testDir: 'tests/hostile',
  outputDir: 'test-results/hostile',
  reporter: [['list'], ['html', { outputFolder: 'playwright-report/hostile', open: 'never' }]],
  globalSetup: undefined,
  use: { ...base.use, baseURL, storageState: undefined },
  webServer: {
    command: 'npm run serve',
    url: baseURL,
    env: { PORT: String(port), HOST: '127.0.0.1', SERVE_ROOT: HOSTILE_DIST, LOCAL_STATE_DIR: path.join(HOSTILE_DIR, 'state') },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
