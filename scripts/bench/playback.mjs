// @ts-check
/* global window, document -- functions passed to page.evaluate run in the browser */
/**
 * Playback benchmark (`npm run bench:playback`): click-to-first-frame in
 * Debian Chromium on loopback, network throttled with CDP Network.emulateNetworkConditions to a
 * 4G profile, for on-demand video (hls.js), DRM live video (shaka-player, ClearKey) and live audio
 * (hls.js; first frame = the player ready to play), p50 and p95 of BENCH_STARTS starts each
 * (default 10), each cold (browser cache disabled), beside a floor measured in the same run: a bare
 * page on the same origin that plays the same stream with the same library and nothing else (its
 * library is served by the benchmark, unthrottled, so the floor is if anything low). Also the
 * session check's latency, and the player JavaScript fetched when the on-demand player opens
 * (gzip -9 of each script fetched from the click to the first frame).
 *
 * Needs a running site with the platform stack (`npm start`, or `npm run serve` after a build):
 * BENCH_BASE_URL (default http://127.0.0.1:4321). Signs in as the demo subscriber (README).
 * Prints a table; `docs/performance.md` records a run.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const BASE = (process.env.BENCH_BASE_URL || 'http://127.0.0.1:4321').replace(/\/$/, '');
const STARTS = Math.max(1, Number(process.env.BENCH_STARTS || 10));
/** Chrome DevTools' "Fast 4G" preset: 9 Mbit/s down, 1.5 Mbit/s up, 60 ms latency. */
const PROFILE = { offline: false, latency: 60, downloadThroughput: (9_000_000 / 8) | 0, uploadThroughput: (1_500_000 / 8) | 0 };
const SUBSCRIBER = { email: 'subscriber@terrace.test', password: 'Subscriber-Local-1' };
const require = createRequire(import.meta.url);

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
/** @param {number[]} values */
const summary = (values) => ({ p50: Math.round(percentile(values, 50)), p95: Math.round(percentile(values, 95)), n: values.length });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  // The floor page is answered by the benchmark (no real address), so Chromium's Local Network
  // Access checks would treat it as public and refuse its requests to the loopback stream host.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--autoplay-policy=no-user-gesture-required',
    '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests',
  ],
});
const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
// Seen promos and cookie consent, so no overlay covers the buttons.
await context.addCookies([
  { name: 'cookie_consent_given', value: 'true', url: BASE },
  { name: 'seen_promos', value: 'promo-season-pass-offer,promo-festive-fixtures,promo-memberships-2026', url: BASE },
]);

/** Signs the context in as the demo subscriber on the site's login page. */
async function signIn() {
  const page = await context.newPage();
  await page.goto('/account/login');
  await page.locator('main').getByLabel('Email address').fill(SUBSCRIBER.email);
  await page.locator('main').getByLabel('Password').fill(SUBSCRIBER.password);
  await page.locator('main').getByRole('button', { name: 'Sign In' }).click();
  await page.locator('main').getByRole('heading', { level: 1, name: 'Your account' }).waitFor({ timeout: 60_000 });
  await page.close();
}

/** A page with the 4G profile and no cache. @param {import('@playwright/test').Page} page */
async function throttle(page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', PROFILE);
}

/** In the page: time from the next click to the first `event` on any media element. @param {string} event */
function armTimer(event) {
  return /** @type {(event: string) => void} */ (
    (name) => {
      const w = /** @type {any} */ (window);
      w.__bench = { click: 0, frame: 0 };
      document.addEventListener('click', () => (w.__bench.click ||= performance.now()), { capture: true, once: true });
      document.addEventListener(name, () => (w.__bench.frame ||= performance.now()), { capture: true });
    }
  )(event);
}

/**
 * One start of the site's player: open /videos, click the trigger, wait for the first frame.
 * @param {'vod' | 'drm' | 'audio'} kind
 */
async function siteStart(kind) {
  const page = await context.newPage();
  await throttle(page);
  await page.goto('/videos', { waitUntil: 'networkidle' });
  const event = kind === 'audio' ? 'canplay' : 'loadeddata';
  await page.evaluate(armTimer, event);
  const trigger =
    kind === 'vod'
      ? page.locator('[data-video-card]:not([data-lock-final]) [data-play-video]').first()
      : page.getByRole('button', { name: kind === 'drm' ? 'Watch live' : 'Live Audio' });
  await trigger.click();
  await page.waitForFunction(() => /** @type {any} */ (window).__bench.frame > 0, undefined, { timeout: 60_000, polling: 20 });
  const ms = await page.evaluate(() => /** @type {any} */ (window).__bench.frame - /** @type {any} */ (window).__bench.click);
  // Close: the player releases its lease.
  if (kind === 'audio') await page.getByRole('button', { name: 'Close live audio' }).click();
  else await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await page.close();
  return ms;
}

/** Library files the floor page loads, served by the benchmark on the site's origin. */
const LIBRARIES = {
  '/__bench/hls.js': require.resolve('hls.js/dist/hls.min.js'),
  '/__bench/shaka.js': require.resolve('shaka-player/dist/shaka-player.compiled.js'),
};
const FLOOR_HTML = `<!doctype html><html><body><video id="v" muted playsinline></video><button id="go">go</button></body></html>`;

/**
 * One start of the floor: a bare page (same origin) given a granted session; the click loads the
 * library and plays the manifest, nothing else.
 * @param {'vod' | 'drm' | 'audio'} kind
 */
async function floorStart(kind) {
  const page = await context.newPage();
  if (process.env.BENCH_DEBUG) page.on('console', (m) => console.log('floor console:', m.text().slice(-300)));
  if (process.env.BENCH_DEBUG) page.on('pageerror', (e) => console.log('floor error:', String(e).slice(0, 200)));
  await page.route(`${BASE}/__bench/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = LIBRARIES[/** @type {keyof typeof LIBRARIES} */ (path)];
    if (file) await route.fulfill({ contentType: 'text/javascript', body: await readFile(file, 'utf8') });
    else await route.fulfill({ contentType: 'text/html', body: FLOOR_HTML });
  });
  await page.goto('/robots.txt');
  const videoID = kind === 'vod' ? await firstLockedVideo() : kind === 'drm' ? 'live-first-team' : 'live-audio-commentary';
  const mediaType = kind === 'vod' ? 'OnDemand' : kind === 'drm' ? 'DrmLiveVideo' : 'LiveAudio';
  const grant = await page.evaluate(
    async ({ videoID, mediaType }) => {
      const r = await fetch('/api/session/check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { attributes: { videoID, mediaType } } }),
      });
      return (await r.json()).data.attributes;
    },
    { videoID, mediaType },
  );
  await page.goto('/__bench/floor');
  await throttle(page);
  await page.evaluate(armTimer, kind === 'audio' ? 'canplay' : 'loadeddata');
  await page.evaluate(
    ({ kind, grant }) => {
      const video = /** @type {HTMLVideoElement} */ (document.getElementById('v'));
      document.getElementById('go')?.addEventListener('click', () => {
        const script = document.createElement('script');
        script.src = kind === 'drm' ? '/__bench/shaka.js' : '/__bench/hls.js';
        script.onload = async () => {
          const w = /** @type {any} */ (window);
          if (kind === 'drm') {
            w.shaka.polyfill.installAll();
            const player = new w.shaka.Player();
            await player.attach(video);
            player.configure({ drm: { servers: { 'org.w3.clearkey': grant.licenceURLs.clearkey } } });
            await player.load(grant.manifestURL);
          } else {
            const hls = new w.Hls({ enableWorker: false, backBufferLength: 8 });
            hls.loadSource(grant.manifestURL);
            hls.attachMedia(video);
          }
        };
        document.body.append(script);
      });
    },
    { kind, grant },
  );
  await page.locator('#go').click();
  await page.waitForFunction(() => /** @type {any} */ (window).__bench.frame > 0, undefined, { timeout: 60_000, polling: 20 });
  const ms = await page.evaluate(() => /** @type {any} */ (window).__bench.frame - /** @type {any} */ (window).__bench.click);
  await page.evaluate(
    (leaseID) =>
      fetch('/api/session/release', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { attributes: { leaseID } } }),
      }),
    grant.leaseID,
  );
  await page.close();
  return ms;
}

let lockedVideo = '';
async function firstLockedVideo() {
  if (lockedVideo) return lockedVideo;
  const page = await context.newPage();
  await page.goto('/videos');
  lockedVideo = (await page.locator('[data-video-card]:not([data-lock-final]) [data-play-video]').first().getAttribute('data-play-video')) ?? '';
  await page.close();
  return lockedVideo;
}

/** Session check round trips (unthrottled loopback), each lease released. */
async function sessionCheckLatency() {
  const page = await context.newPage();
  await page.goto('/robots.txt');
  const videoID = await firstLockedVideo();
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < Math.max(STARTS, 20); i++) {
    times.push(
      await page.evaluate(async (videoID) => {
        const t0 = performance.now();
        const r = await fetch('/api/session/check', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: { attributes: { videoID, mediaType: 'OnDemand' } } }),
        });
        const body = await r.json();
        const ms = performance.now() - t0;
        await fetch('/api/session/release', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ data: { attributes: { leaseID: body.data.attributes.leaseID } } }),
        });
        return ms;
      }, videoID),
    );
  }
  await page.close();
  return times;
}

/** Scripts fetched from the click that opens the on-demand player until its first frame. */
async function playerBytes() {
  const page = await context.newPage();
  await throttle(page);
  await page.goto('/videos', { waitUntil: 'networkidle' });
  /** @type {import('@playwright/test').Response[]} */
  const responses = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') responses.push(r);
  });
  await page.evaluate(armTimer, 'loadeddata');
  await page.locator('[data-video-card]:not([data-lock-final]) [data-play-video]').first().click();
  await page.waitForFunction(() => /** @type {any} */ (window).__bench.frame > 0, undefined, { timeout: 60_000 });
  let gzip = 0;
  /** @type {string[]} */
  const files = [];
  for (const r of responses) {
    const body = await r.body();
    gzip += gzipSync(body, { level: 9 }).length;
    files.push(new URL(r.url()).pathname.replace('/_astro/', ''));
  }
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await page.close();
  return { gzip, files };
}

await signIn();
/** @type {Record<string, { site: number[]; floor: number[] }>} */
const results = {};
for (const kind of /** @type {const} */ (['vod', 'drm', 'audio'])) {
  results[kind] = { site: [], floor: [] };
  for (let i = 0; i < STARTS; i++) {
    results[kind].site.push(await siteStart(kind));
    results[kind].floor.push(await floorStart(kind));
  }
}
const check = await sessionCheckLatency();
const bytes = await playerBytes();
await browser.close();

const names = { vod: 'On demand (hls.js)', drm: 'DRM live (shaka-player, ClearKey)', audio: 'Live audio (hls.js)' };
console.log(`Click to first frame, ${STARTS} cold starts each, CDP 4G (${PROFILE.latency} ms, 9 Mbit/s down, 1.5 Mbit/s up), ${BASE}`);
console.log('| stream | site p50 | site p95 | floor p50 | floor p95 | p50 / floor |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [kind, r] of Object.entries(results)) {
  const s = summary(r.site);
  const f = summary(r.floor);
  console.log(
    `| ${names[/** @type {keyof typeof names} */ (kind)]} | ${s.p50} ms | ${s.p95} ms | ${f.p50} ms | ${f.p95} ms | ${(s.p50 / f.p50).toFixed(2)}× |`,
  );
}
const c = summary(check);
console.log(`Session check (loopback, unthrottled, ${c.n} calls): p50 ${c.p50} ms, p95 ${c.p95} ms`);
console.log(
  `Player JavaScript fetched on opening the on-demand player: ${(bytes.gzip / 1024).toFixed(1)} KB gzip -9 in ${bytes.files.length} files: ${bytes.files.join(', ')}`,
);
