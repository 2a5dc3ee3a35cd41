// @ts-check
/* global document -- functions passed to page.evaluate run in the browser */
/**
 * The paying supporter's journey, timed (`npm run bench:journey`; docs/performance.md): a new
 * supporter from the home page through register, confirm, sign in and buying the match pass on the
 * Stripe stand-in to the first frame of the match's DRM live stream, in Debian Chromium, with the
 * stand-in's webhooks dropped (the success page entitles). BENCH_RUNS journeys (default 3), each a
 * new account; prints per step median and min–max beside a floor of loading the home and streaming
 * pages. Needs a running site with its stack (BENCH_BASE_URL, default http://127.0.0.1:4321) and
 * its state folder (LOCAL_STATE_DIR, default .terrace) for the confirmation codes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createStripeControl } from '../local/stripe/control.mjs';

const BASE = (process.env.BENCH_BASE_URL || 'http://127.0.0.1:4321').replace(/\/$/, '');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 3));
const COGNITO_DIR = path.resolve(process.env.LOCAL_STATE_DIR || '.terrace', 'cognito');
const STEP_TIMEOUT = 60_000;

/** @param {number[]} values @returns {number} */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/** The code cognito-local last "e-mailed" to `email`. @param {string} email */
async function emailedCode(email) {
  const { userPoolId } = JSON.parse(await readFile(path.join(COGNITO_DIR, 'ids.json'), 'utf8'));
  const file = path.join(COGNITO_DIR, '.cognito', 'db', `${userPoolId}.json`);
  const deadline = Date.now() + STEP_TIMEOUT;
  while (Date.now() < deadline) {
    /** @type {{ Users?: Record<string, { Attributes?: { Name: string, Value?: string }[], ConfirmationCode?: string }> }} */
    const db = JSON.parse(await readFile(file, 'utf8'));
    const user = Object.values(db.Users ?? {}).find((u) => (u.Attributes ?? []).some((a) => a.Name === 'email' && a.Value === email));
    if (user?.ConfirmationCode) return user.ConfirmationCode;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no confirmation code for ${email} in ${file}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** A context whose promos count as seen and whose cookie notice is answered. */
async function newContext() {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
  const promos = JSON.parse(await readFile(path.resolve('data/demo/promo-overlays.json'), 'utf8'));
  await context.addCookies([
    { name: 'cookie_consent_given', value: 'true', url: BASE },
    { name: 'seen_promos', value: promos.map((/** @type {{ promoID: string }} */ p) => encodeURIComponent(p.promoID)).join(','), url: BASE },
  ]);
  context.setDefaultTimeout(STEP_TIMEOUT);
  return context;
}

/** One journey; returns each step's milliseconds. */
async function journey() {
  const context = await newContext();
  const page = await context.newPage();
  const email = `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@terrace.test`;
  const password = 'Journey-Local-1';
  /** @type {[string, number][]} */
  const steps = [];
  let mark = performance.now();
  const step = (/** @type {string} */ name) => {
    const now = performance.now();
    steps.push([name, now - mark]);
    mark = now;
  };
  const main = page.locator('main');
  /** @type {import('../local/stripe/control.mjs').StripeControl | null} */
  let stripe = null;
  try {
    await page.goto('/');
    await page.getByRole('banner').waitFor();
    step('home page');

    await page.goto('/account/register');
    await main.getByLabel('Display name').fill('Journey Fan');
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel('Password').fill(password);
    await main.getByRole('button', { name: 'Create account' }).click();
    await main.getByRole('heading', { name: 'Confirm your account' }).waitFor();
    step('register');

    await main.getByLabel('Confirmation code').fill(await emailedCode(email));
    await main.getByRole('button', { name: 'Confirm account' }).click();
    await main.getByRole('heading', { name: 'Your account is confirmed' }).waitFor();
    step('confirm');

    await main.getByRole('link', { name: 'Sign in' }).click();
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel('Password').fill(password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await main.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    step('sign in');

    await page.goto('/videos/subscriptions');
    await page.locator('#packages').scrollIntoViewIfNeeded();
    const widget = page.locator('[data-packages-widget="ready"]');
    await widget.waitFor();
    await widget.getByRole('tab', { name: 'Match passes' }).click();
    await page
      .locator('[data-package-id^="pkg-match-pass-"]')
      .first()
      .getByRole('button', { name: /^Buy - / })
      .click();
    await page.waitForURL(/\/pay\/cs_/);
    stripe = createStripeControl(new URL(page.url()).origin);
    await stripe.setWebhookMode({ mode: 'drop' });
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.locator('#checkout-return').getByText('Payment complete.').waitFor();
    step('buy the match pass');

    await page.locator('#checkout-return').getByRole('link', { name: 'Watch now' }).click();
    await page.locator('#next-game').getByRole('button', { name: 'Watch live' }).click();
    const video = page.locator('dialog#video-player video');
    await page.locator('dialog#video-player .player-surface[data-player-state="ready"]').waitFor();
    await video.evaluate((/** @type {HTMLVideoElement} */ el) => void el.play());
    await page.waitForFunction(
      () => {
        const v = /** @type {HTMLVideoElement | null} */ (document.querySelector('dialog#video-player video'));
        return !!v && v.currentTime > 0 && v.getVideoPlaybackQuality().totalVideoFrames > 0;
      },
      undefined,
      { timeout: STEP_TIMEOUT, polling: 20 },
    );
    step('first frame of the live stream');
  } finally {
    await stripe?.setWebhookMode({ mode: 'deliver' }).catch(() => {});
    await context.close();
  }
  return steps;
}

/** The floor: the home page and the streaming page loaded, nothing else. */
async function floor() {
  const context = await newContext();
  const page = await context.newPage();
  const start = performance.now();
  await page.goto('/');
  await page.getByRole('banner').waitFor();
  await page.goto('/videos/subscriptions');
  await page.locator('#packages').waitFor();
  const ms = performance.now() - start;
  await context.close();
  return ms;
}

/** @type {Map<string, number[]>} */
const byStep = new Map();
/** @type {number[]} */
const totals = [];
/** @type {number[]} */
const floors = [];
for (let run = 0; run < RUNS; run += 1) {
  floors.push(await floor());
  const steps = await journey();
  for (const [name, ms] of steps) byStep.set(name, [...(byStep.get(name) ?? []), ms]);
  totals.push(steps.reduce((sum, [, ms]) => sum + ms, 0));
  process.stdout.write(`run ${run + 1}/${RUNS}: ${seconds(totals.at(-1) ?? 0)}\n`);
}
await browser.close();

const row = (/** @type {string} */ name, /** @type {number[]} */ values) =>
  `| ${name} | ${seconds(median(values))} | ${seconds(Math.min(...values))}–${seconds(Math.max(...values))} |`;
process.stdout.write(`\nThe paying supporter's journey, ${RUNS} runs, Chromium on loopback, ${BASE} (webhooks dropped: nothing waits on one)\n`);
process.stdout.write('| step | median | min–max |\n| --- | --- | --- |\n');
for (const [name, values] of byStep) process.stdout.write(`${row(name, values)}\n`);
process.stdout.write(`${row('**total**', totals)}\n`);
process.stdout.write(`${row('floor: home page + streaming page, nothing else', floors)}\n`);
process.stdout.write(`total / floor: ${(median(totals) / median(floors)).toFixed(1)}× (aim: total under 60 s)\n`);
