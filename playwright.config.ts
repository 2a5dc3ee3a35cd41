import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests against the built site (dist/) served by scripts/serve.mjs,
 * which applies netlify.toml like production. `npm run test:e2e` builds first.
 *
 * Browser: Debian's Chromium (/usr/bin/chromium, installed by .ci/run); Playwright
 * never downloads browsers here. Port: E2E_PORT (default 4322), so a dev server
 * on 4321 does not collide.
 */
const port = Number(process.env.E2E_PORT ?? 4322);
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL,
    // The demo promos count as seen, so the modal promo does not cover pages under test.
    storageState: '.e2e-state/seen-promos.json',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: 'npm run serve',
    url: baseURL,
    // LOCAL_STREAM_FAULTS: the local stream host accepts fault-injection rules from loopback
    // (tests/e2e/faults.spec.ts; off until a test adds one; docs/streams-local.md "Faults").
    env: { PORT: String(port), HOST: '127.0.0.1', LOCAL_STREAM_FAULTS: '1' },
    reuseExistingServer: !ci,
    // serve.mjs also starts the local platform (cognito-local, hosted sign-in, PGlite): a fresh
    // PGlite folder takes a while on a busy machine.
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
