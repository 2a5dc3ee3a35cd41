// @ts-check
/* global window, document -- functions passed to page.evaluate run in the browser */
/**
 * Playback benchmark (`npm run bench:playback`; docs/performance.md "Playback"): click to first
 * frame in Debian Chromium under DevTools' Fast 4G for on-demand video, DRM live video and live
 * audio, BENCH_STARTS cold starts each, alternating with a floor (a bare page playing the same
 * manifest with the same library under the same throttling: the site's own hls.js build). Prints per stream p50 and min–max of each phase after the click,
 * the session check's latency and the player JavaScript fetched on opening.
 * Needs a running site with its stack: BENCH_BASE_URL (default http://127.0.0.1:4321);
 * PLAYBACK_BENCH_PORT (default a free port) for the floor's library server.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const loadAtStart = os.loadavg();
const BASE = (process.env.BENCH_BASE_URL || 'http://127.0.0.1:4321').replace(/\/$/, '');
const STARTS = Math.max(1, Number(process.env.BENCH_STARTS || 10));
/** Chrome DevTools' "Fast 4G" preset: 9 Mbit/s down, 1.5 Mbit/s up, 60 ms latency. */
const PROFILE = { offline: false, latency: 60, downloadThroughput: (9_000_000 / 8) | 0, uploadThroughput: (1_500_000 / 8) | 0 };
const SUBSCRIBER = { email: 'subscriber@terrace.test', password: 'Subscriber-Local-1' };
const require = createRequire(import.meta.url);

/**
 * The library build the site's DRM player imports (src/islands/player/engines.ts), which the floor
 * loads as a classic script. (hls.js is the site's own build: siteHlsModule.)
 */
const LIBRARIES = {
  '/shaka.js': require.resolve('shaka-player/dist/shaka-player.compiled.js'),
};

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
/** "p50 (min–max)" of finite values, '–' when there are none. @param {number[]} values */
function spread(values) {
  const v = values.filter(Number.isFinite);
  if (!v.length) return '–';
  return `${Math.round(percentile(v, 50))} (${Math.round(Math.min(...v))}–${Math.round(Math.max(...v))})`;
}

/** Serves the floor's libraries on loopback (any origin may load a classic script). */
async function startLibraryServer() {
  const server = createServer(async (req, res) => {
    const file = LIBRARIES[/** @type {keyof typeof LIBRARIES} */ (new URL(req.url ?? '/', 'http://x').pathname)];
    if (!file) return void res.writeHead(404).end();
    const body = gzipSync(await readFile(file), { level: 6 });
    res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'no-store' }).end(body);
  });
  await new Promise((resolve) => server.listen(Number(process.env.PLAYBACK_BENCH_PORT || 0), '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  return { server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

const libraries = await startLibraryServer();
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
// No service worker: it would answer the floor page's navigation before the benchmark's route.
const context = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
// Every promo seen and cookie consent given, so no overlay covers the buttons.
const promos = /** @type {{ promoID: string }[]} */ (await (await fetch(`${BASE}/data/promo-overlays.json`)).json());
await context.addCookies([
  { name: 'cookie_consent_given', value: 'true', url: BASE },
  { name: 'seen_promos', value: promos.map((p) => encodeURIComponent(p.promoID)).join(','), url: BASE },
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

/** In the page: note the next click (capture phase, before the site's handlers) and the first `event` on any media element. */
function armTimer(/** @type {string} */ event) {
  const w = /** @type {any} */ (window);
  performance.setResourceTimingBufferSize(2000);
  w.__bench = { click: 0, frame: 0 };
  // Playwright's click moves the pointer first: an intent (hover) counts as the start.
  const start = () => (w.__bench.click ||= performance.now());
  for (const type of ['pointerover', 'pointerdown', 'click']) window.addEventListener(type, start, { capture: true, once: true });
  document.addEventListener(event, () => (w.__bench.frame ||= performance.now()), { capture: true });
}

/**
 * In the page, after the first frame: when each phase ended, in ms after the click (NaN when the
 * start had no such request).
 * @returns {{ session: number, code: number, manifestAsked: number, manifest: number, segment: number, frame: number }}
 */
function phases() {
  const { click, frame } = /** @type {any} */ (window).__bench;
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).filter(
    (e) => e.startTime >= click - 1 && e.startTime <= frame,
  );
  const path = (/** @type {PerformanceResourceTiming} */ e) => new URL(e.name).pathname;
  const first = (/** @type {(e: PerformanceResourceTiming) => boolean} */ test) => entries.filter(test).sort((a, b) => a.responseEnd - b.responseEnd)[0];
  const end = (/** @type {PerformanceResourceTiming | undefined} */ e) => (e ? e.responseEnd - click : NaN);
  const scripts = entries.filter((e) => /\.m?js$/.test(path(e)));
  const manifest = first((e) => path(e).endsWith('.m3u8'));
  return {
    session: end(first((e) => path(e).endsWith('/session/check'))),
    code: scripts.length ? Math.max(...scripts.map((e) => e.responseEnd)) - click : NaN,
    manifestAsked: manifest ? manifest.startTime - click : NaN,
    manifest: end(manifest),
    segment: end(first((e) => /\/\d+\.m4s$/.test(path(e)))),
    frame: frame - click,
  };
}

/** @typedef {ReturnType<typeof phases>} Phases */

/** Waits for the first frame and reads the phases. @param {import('@playwright/test').Page} page @returns {Promise<Phases>} */
async function measure(page) {
  await page.waitForFunction(() => /** @type {any} */ (window).__bench.frame > 0, undefined, { timeout: 60_000, polling: 20 });
  return page.evaluate(phases);
}

/** The live streams' triggers, as a live button renders them (shown only while a stream is live: src/lib/liveStreams). */
const LIVE_TRIGGERS = {
  drm: {
    'data-play-video': 'live-first-team',
    'data-play-media-type': 'DrmLiveVideo',
    'data-play-title': 'Live: First Team matchday',
    'data-play-section': 'hidden',
  },
  audio: { 'data-play-audio': 'live-audio-commentary', 'data-play-title': 'Live Audio' },
};

/**
 * The site's trigger of a stream: the first video card the subscriber may play, or a live button
 * added to the page. @param {import('@playwright/test').Page} page @param {'vod' | 'drm' | 'audio'} kind
 */
async function trigger(page, kind) {
  if (kind === 'vod') return page.locator('[data-video-card]:not([data-lock-final]) [data-play-video]').first();
  await page.evaluate((attributes) => {
    const button = document.createElement('button');
    button.id = 'bench-trigger';
    button.textContent = 'Watch';
    button.style.cssText = 'position:fixed;left:16px;bottom:16px;z-index:3000';
    for (const [name, value] of Object.entries(attributes)) button.setAttribute(name, value);
    document.querySelector('main')?.prepend(button);
  }, LIVE_TRIGGERS[kind]);
  return page.locator('#bench-trigger');
}

/**
 * One start of the site's player: open /videos, click the trigger, wait for the first frame.
 * @param {'vod' | 'drm' | 'audio'} kind
 */
async function siteStart(kind) {
  const page = await context.newPage();
  await throttle(page);
  await page.goto('/videos', { waitUntil: 'networkidle' });
  await page.evaluate(armTimer, kind === 'audio' ? 'canplay' : 'loadeddata');
  await (await trigger(page, kind)).click();
  const result = await measure(page);
  // Close: the player releases its lease.
  if (kind === 'audio') await page.getByRole('button', { name: 'Close live audio' }).click();
  else await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await page.close();
  return result;
}

/**
 * The URL of the site's hls.js module (its own build, src/integrations/hlsPlayerBuild.ts): the
 * script the player's code fetches when the pointer rests on a video card.
 */
async function siteHlsModule() {
  const page = await context.newPage();
  await page.goto('/videos', { waitUntil: 'networkidle' });
  const request = page.waitForRequest((r) => /\/_astro\/hls\.[\w-]+\.js$/.test(r.url()), { timeout: 30_000 });
  await (await trigger(page, 'vod')).hover();
  const url = (await request).url();
  await page.close();
  return url;
}

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
  await page.route(`${BASE}/__bench/floor`, (route) => route.fulfill({ contentType: 'text/html', body: FLOOR_HTML }));
  await page.goto('/robots.txt');
  const videoID = kind === 'vod' ? await firstPlayableVideo() : kind === 'drm' ? 'live-first-team' : 'live-audio-commentary';
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
    ({ kind, grant, origin, hlsModule }) => {
      const video = /** @type {HTMLVideoElement} */ (document.getElementById('v'));
      document.getElementById('go')?.addEventListener('click', () => {
        if (kind !== 'drm') {
          void import(hlsModule).then(({ default: Hls }) => {
            const hls = new Hls({ enableWorker: false, backBufferLength: 8 });
            hls.loadSource(grant.manifestURL);
            hls.attachMedia(video);
          });
          return;
        }
        const script = document.createElement('script');
        script.src = `${origin}/shaka.js`;
        script.onload = async () => {
          const w = /** @type {any} */ (window);
          w.shaka.polyfill.installAll();
          const player = new w.shaka.Player();
          await player.attach(video);
          player.configure({ drm: { servers: { 'org.w3.clearkey': grant.licenceURLs.clearkey } } });
          await player.load(grant.manifestURL);
        };
        document.body.append(script);
      });
    },
    { kind, grant, origin: libraries.origin, hlsModule: hlsModuleURL },
  );
  await page.locator('#go').click();
  const result = await measure(page);
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
  return result;
}

let playableVideo = '';
/** The first video card the subscriber may play (its entry id). */
async function firstPlayableVideo() {
  if (playableVideo) return playableVideo;
  const page = await context.newPage();
  await page.goto('/videos');
  playableVideo = (await (await trigger(page, 'vod')).getAttribute('data-play-video')) ?? '';
  await page.close();
  return playableVideo;
}

/** Session check round trips (unthrottled loopback), each lease released. */
async function sessionCheckLatency() {
  const page = await context.newPage();
  await page.goto('/robots.txt');
  const videoID = await firstPlayableVideo();
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

/** Scripts fetched from the pointer reaching the on-demand trigger until its first frame. */
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
  await (await trigger(page, 'vod')).click();
  await measure(page);
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
const hlsModuleURL = await siteHlsModule();
/** @type {Record<string, { site: Phases[]; floor: Phases[] }>} */
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
libraries.server.close();

const names = { vod: 'On demand (hls.js)', drm: 'DRM live (shaka-player, ClearKey)', audio: 'Live audio (hls.js)' };
const PHASES = /** @type {const} */ ([
  ['session', 'session check answered'],
  ['code', 'player code loaded'],
  ['manifestAsked', 'manifest asked'],
  ['manifest', 'manifest loaded'],
  ['segment', 'first media segment loaded'],
  ['frame', 'first frame'],
]);
const frames = (/** @type {Phases[]} */ runs) => runs.map((r) => r.frame);
console.log(`Click to first frame, ${STARTS} cold starts each, CDP Fast 4G (${PROFILE.latency} ms, 9 Mbit/s down, 1.5 Mbit/s up), ${BASE}`);
console.log(
  `Load average (1, 5, 15 min) at the start: ${loadAtStart.map((l) => l.toFixed(1)).join(', ')}; at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
console.log('| stream | site p50 (min–max) | floor p50 (min–max) | p50 / floor |');
console.log('| --- | --- | --- | --- |');
for (const [kind, r] of Object.entries(results)) {
  const ratio = percentile(frames(r.site), 50) / percentile(frames(r.floor), 50);
  console.log(`| ${names[/** @type {keyof typeof names} */ (kind)]} | ${spread(frames(r.site))} ms | ${spread(frames(r.floor))} ms | ${ratio.toFixed(2)}× |`);
}
for (const [kind, r] of Object.entries(results)) {
  console.log(`\n${names[/** @type {keyof typeof names} */ (kind)]}: ms after the click, p50 (min–max)`);
  console.log('| phase ended | site | floor |');
  console.log('| --- | --- | --- |');
  for (const [key, label] of PHASES) console.log(`| ${label} | ${spread(r.site.map((p) => p[key]))} | ${spread(r.floor.map((p) => p[key]))} |`);
}
console.log(`\nSession check (loopback, unthrottled, ${check.length} calls): ${spread(check)} ms`);
console.log(
  `Player JavaScript fetched on opening the on-demand player: ${(bytes.gzip / 1024).toFixed(1)} KB gzip -9 in ${bytes.files.length} files: ${bytes.files.join(', ')}`,
);
