// @ts-check
/**
 * The states a paying supporter sees (spec §2 Packages widget, Subscribe
 * packages panel, Other overlays, Account panel, Video player overlay, Live audio player overlay),
 * each as a recipe for a Playwright page: who signs in (the local demo accounts of
 * docs/identity-local.md), how to reach the state, what to capture (an element or the viewport),
 * what to mask (anything that changes from run to run: video frames, clocks, ids) and how to leave
 * (closing a player releases its lease). Used by the visual regression tests
 * (tests/e2e/visual.spec.ts) and `npm run screenshots` (./screenshots.mjs), at 390 × 844 and
 * 1440 × 900. Paths and ids come from the data, never from today's fixtures.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATA = path.resolve(ROOT, process.env.TERRACE_CONTENT_DIR ?? 'data');

/** The two sizes every state is captured at: a phone and a desktop. */
export const PAYER_VIEWPORTS = /** @type {const} */ ([
  { width: 390, height: 844, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
  { width: 1440, height: 900, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
]);

/** The local demo accounts (scripts/local: seeded into cognito-local and PGlite). */
export const DEMO_ACCOUNTS = {
  supporter: { email: 'supporter@terrace.test', password: 'Supporter-Local-1' },
  subscriber: { email: 'subscriber@terrace.test', password: 'Subscriber-Local-1' },
};

/** @type {{ id: string; mode: string }[]} */
const packages = JSON.parse(readFileSync(path.join(DATA, 'demo/packages.json'), 'utf8'));
const matchPass = packages.find((p) => p.mode === 'match-pass') ?? packages[0];
if (!matchPass) throw new Error(`payerStates: ${DATA}/demo/packages.json has no packages`);

/**
 * @typedef {import('@playwright/test').Page} Page
 * @typedef {import('@playwright/test').Locator} Locator
 * @typedef {object} PayerState
 * @property {string} name File name stem.
 * @property {'anonymous' | 'supporter' | 'subscriber'} who
 * @property {(page: Page) => Promise<void>} open Reaches the state from a fresh page (signed in already when `who` says so).
 * @property {(page: Page) => Locator | null} target The element to capture, or null for the viewport.
 * @property {(page: Page) => Locator[]} mask What changes from run to run.
 * @property {(page: Page) => Promise<void>} [leave] Closes what holds a lease.
 */

/** Signs in through the login page (spec §7 Sign-in), as the tests do. @param {Page} page @param {'supporter' | 'subscriber'} who */
export async function signIn(page, who) {
  const account = DEMO_ACCOUNTS[who];
  await page.goto('/account/login');
  const main = page.locator('main');
  await main.getByLabel('Email address').fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await main.getByRole('heading', { level: 1, name: 'Your account' }).waitFor({ timeout: 20_000 });
}

/**
 * Waits until fonts are ready and every image rendered within a screen of the viewport has loaded
 * and decoded (or failed, or 5 s passed); a lazy image far below, or one in a closed dialog, never
 * starts. @param {Page} page
 */
export async function imagesSettled(page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const near = (/** @type {HTMLImageElement} */ img) => {
      if (!img.checkVisibility()) return false;
      const r = img.getBoundingClientRect();
      return r.bottom > -window.innerHeight && r.top < window.innerHeight * 2;
    };
    await Promise.all(
      [...document.images]
        .filter((img) => near(img))
        .map((img) =>
          img.complete
            ? img.decode().catch(() => {})
            : new Promise((resolve) => {
                img.addEventListener('load', resolve, { once: true });
                img.addEventListener('error', resolve, { once: true });
                setTimeout(resolve, 5_000);
              }),
        ),
    );
  });
}

/**
 * The streaming page with the packages widget hydrated and in view.
 * @param {Page} page @param {string} [search]
 * @param {string} [answer] the checkout return's message to wait for: the page then scrolls it into
 *   view itself (src/browser/checkoutReturn.ts), and a scroll of ours would race it to a second position
 */
async function openPackages(page, search = '', answer) {
  await page.goto(`/videos/subscriptions${search}`);
  if (answer) await page.locator('#checkout-return', { hasText: answer }).waitFor();
  else await page.locator('#packages').scrollIntoViewIfNeeded();
  await page.locator('[data-packages-widget="ready"]').waitFor();
  // The carousel starts 100 ms after mount (spec §4 Carousel).
  await page.locator('.packages-carousel.is-ready').first().waitFor();
  await imagesSettled(page);
}

/**
 * Opens a player as a live button would (live buttons show only while a stream is live).
 * @param {Page} page
 * @param {Record<string, string>} attributes the trigger's data-play-* attributes
 */
async function openByTrigger(page, attributes) {
  await page.evaluate((attrs) => {
    const button = document.createElement('button');
    for (const [k, v] of Object.entries(attrs)) button.setAttribute(k, v);
    document.querySelector('main')?.prepend(button);
    button.click();
    button.remove();
  }, attributes);
}

/**
 * A locked replay opened on /videos by a signed-in supporter without a subscription: on demand, the
 * session check's status 1 gives way to the upgrade promo (spec §4). @param {Page} page
 */
async function openUpgradePromo(page) {
  await page.goto('/videos');
  await page.locator('[data-video-card]:not([data-lock-final]) [data-play-video]').first().click();
  await page.locator('dialog#upgrade-promo').waitFor({ state: 'visible', timeout: 20_000 });
  await imagesSettled(page);
}

/** @param {Page} page */
const packagesSection = (page) => page.locator('#packages');

/** @type {PayerState[]} */
export const PAYER_STATES = [
  {
    name: 'packages-subscriptions',
    who: 'anonymous',
    open: (page) => openPackages(page),
    target: packagesSection,
    mask: () => [],
  },
  {
    name: 'packages-match-passes',
    who: 'anonymous',
    open: async (page) => {
      await openPackages(page);
      await page.locator('[data-packages-widget]').getByRole('tab', { name: 'Match passes' }).click();
      await page.getByRole('tabpanel', { name: 'Match passes' }).locator('.package-card').first().waitFor();
      await imagesSettled(page);
    },
    target: packagesSection,
    mask: () => [],
  },
  {
    name: 'packages-card-flipped',
    who: 'anonymous',
    open: async (page) => {
      await openPackages(page);
      const card = page.locator('.package-card').first();
      await card.locator('.package-card__front .package-card__icon').click();
      await card.locator('.package-card__back .package-card__icon').waitFor();
      await page.locator('.package-card.is-flipped .package-card__back:not([inert])').waitFor();
      // The turn (0.5 s; none with reduced motion).
      await page.waitForTimeout(700);
    },
    // The card itself: a turned card beyond the first screen is not painted in a section capture.
    target: (page) => page.locator('.package-card.is-flipped'),
    mask: () => [],
  },
  {
    name: 'checkout-return',
    who: 'anonymous',
    open: async (page) => {
      // The payments API's answer to the return (a paid session), as tests/e2e/packages.spec.ts stubs it.
      await page.route('**/api/payments/fulfil', (route) =>
        route.fulfill({ status: 200, json: { data: { status: 'complete', paid: true, packageId: matchPass.id, entitlements: [] } } }),
      );
      await openPackages(page, '?checkout=success&session_id=cs_test_visual_1', 'Payment complete.');
    },
    target: packagesSection,
    mask: () => [],
  },
  {
    name: 'upgrade-promo',
    who: 'supporter',
    open: openUpgradePromo,
    target: () => null,
    // The locked replay's player behind it shows no frames.
    mask: () => [],
  },
  {
    name: 'subscribe-panel',
    who: 'supporter',
    open: async (page) => {
      await openUpgradePromo(page);
      await page.locator('dialog#upgrade-promo').getByRole('link', { name: 'Subscribe now' }).click();
      const panel = page.locator('dialog#subscribe-panel');
      await panel.getByRole('heading', { name: 'Choose a subscription' }).waitFor();
      await panel.locator('.subscribe-panel__package').first().waitFor();
      await imagesSettled(page);
    },
    target: () => null,
    mask: () => [],
  },
  {
    name: 'account-panel-signed-in',
    who: 'subscriber',
    open: async (page) => {
      await page.goto('/videos/subscriptions');
      await page.locator('.streamer-header').getByRole('link', { name: 'Profile' }).click();
      await page.locator('dialog#account-panel').getByRole('heading', { name: 'Your account' }).waitFor({ timeout: 20_000 });
      await imagesSettled(page);
    },
    target: () => null,
    mask: (page) => [page.locator('dialog#account-panel .account-summary__id')],
  },
  {
    name: 'video-overlay',
    who: 'anonymous',
    open: async (page) => {
      // A video free to everyone: the overlay as a player shows it, with no lease to hold.
      await page.goto('/videos');
      await page.locator('[data-video-card][data-lock-final] [data-play-video]').first().click();
      await page.locator('dialog#video-player .player-surface[data-player-state="ready"]').waitFor({ timeout: 90_000 });
      await imagesSettled(page);
    },
    target: () => null,
    mask: (page) => [page.locator('dialog#video-player video')],
  },
  {
    name: 'live-audio',
    who: 'subscriber',
    open: async (page) => {
      await page.goto('/videos');
      await openByTrigger(page, { 'data-play-audio': 'live-audio-commentary', 'data-play-title': 'Live Audio: matchday commentary' });
      await page.getByRole('region', { name: 'Live Audio' }).getByRole('button', { name: 'Play' }).waitFor({ timeout: 90_000 });
    },
    target: () => null,
    mask: () => [],
    leave: async (page) => {
      const release = page.waitForRequest((r) => r.url().endsWith('/api/session/release'), { timeout: 10_000 }).catch(() => {});
      await page.getByRole('region', { name: 'Live Audio' }).getByRole('button', { name: 'Close live audio' }).click();
      await release;
    },
  },
  {
    name: 'matches',
    who: 'anonymous',
    open: async (page) => {
      await page.goto('/matches');
      await imagesSettled(page);
    },
    target: () => null,
    // The kick-off countdown ticks.
    mask: (page) => [page.locator('[data-countdown] .countdown__clock')],
  },
];
