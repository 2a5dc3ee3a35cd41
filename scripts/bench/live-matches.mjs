// @ts-check
/* global window, document, MutationObserver -- functions passed to page.evaluate run in the browser */
/**
 * Live-match benchmark behind a real HTTP cache (`npm run bench:live`; method:
 * docs/live-matches.md "Measured"; figures: docs/performance.md "Live matches behind a cache").
 * Loopback only, bounded in time; stops its processes and deletes its temp folder however it ends.
 * Origin: `npm run serve`'s server (PGlite in a temp folder); cache: Debian's varnish with
 * live-matches.vcl. Prints per N polling viewers origin requests/s (from the origin's request log)
 * ÷ one per s-maxage per endpoint, hit ratio, p50/p95 beside a floor probe, a viewer's bytes a
 * minute ÷ 304s only; then feed-to-screen in Chromium through the cache ÷ straight from the origin.
 * Environment: CONFIG below. Exits 1 when the cache breaks the CDN contract or anything fails.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { signatureHeader } from '../../src/platform/content/signature.ts';
import { LIVE_CACHE } from '../../src/platform/matches/liveMatchRoutes.ts';
import { percentile, seededRandom as seeded, sleep } from './figures.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;
const SMOKE = env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');
/** @param {string} list */
const numbers = (list) =>
  list
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

const CONFIG = {
  /** Simulated viewers per step. */
  viewers: numbers(env.BENCH_VIEWERS || (SMOKE ? '100' : '100,1000,5000,20000')),
  /** Measured seconds per step (after one poll interval of warm-up). */
  seconds: Number(env.BENCH_SECONDS || (SMOKE ? 5 : 30)),
  /** Runs of every step; figures are medians with min–max. */
  runs: Number(env.BENCH_RUNS || (SMOKE ? 1 : 3)),
  /** A viewer's poll interval (ms): the island's (LIVE_POLL.intervalMs, src/lib/liveUpdates.ts). */
  pollMs: Number(env.BENCH_POLL_MS || 5000),
  /** One feed event every this many ms during the steps. */
  eventMs: Number(env.BENCH_EVENT_MS || 10_000),
  /** Every LIST_EVERY-th viewer polls the list (home page, fixtures) instead of the one match. */
  listEvery: Number(env.BENCH_LIST_EVERY || 4),
  /** Keep-alive connections of the load generator (undici Pool). */
  connections: Number(env.BENCH_CONNECTIONS || 128),
  /** Feed events timed to the screen in Chromium (0: no browser part). */
  browserEvents: Number(env.BENCH_BROWSER_EVENTS ?? (SMOKE ? 2 : 20)),
  /** Viewers polling beside the browser (so the cache refreshes as on a matchday). */
  browserViewers: Number(env.BENCH_BROWSER_VIEWERS || (SMOKE ? 100 : 1000)),
  /**
   * The match fed and watched, and its match centre's path: by default the embedded dataset's next
   * fixture, opened a minute after its kick-off (11:30Z) by the site's clock (?as-of=).
   */
  matchId: env.BENCH_MATCH_ID || '2026-08-29-wolverhampton-wanderers',
  matchPath: env.BENCH_MATCH_PATH || '/match/first-team/2026-27/2026-08-29-wolverhampton-wanderers?as-of=2026-08-29T11:31:00Z',
  /** The cache on this port, the origin on the next. */
  port: Number(env.BENCH_PORT || 4750),
  maxSeconds: Number(env.BENCH_MAX_SECONDS || (SMOKE ? 180 : 1200)),
  varnishd: env.VARNISHD || '/usr/sbin/varnishd',
  chromium: env.CHROMIUM_PATH || '/usr/bin/chromium',
};
const CACHE = `http://127.0.0.1:${CONFIG.port}`;
const ORIGIN_PORT = CONFIG.port + 1;
const SECRET = randomBytes(32).toString('hex');
const WORK = mkdtempSync(path.join(os.tmpdir(), 'terrace-live-bench-'));
// varnishd's worker drops to its own user, which must reach its folder and the VCL.
chmodSync(WORK, 0o755);

// ---------------------------------------------------------------------------------------------
// Bounded lifetime: every process and folder this run makes is undone here.

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;
/** Stops every child (SIGTERM, SIGKILL after 5 s), then deletes the work folder. */
async function stopAll() {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
  rmSync(WORK, { recursive: true, force: true });
}
/** Thrown by fail() to end the work in progress; the run is already stopping. */
class BenchFailure extends Error {}
let failed = false;
/** Reports `why` once, stops everything and exits 1. @param {string} why */
function stopWith(why) {
  if (failed) return;
  failed = true;
  console.error(`\nbench:live: ${why}`);
  void stopAll().finally(() => process.exit(1));
}
/**
 * Stops the run (stopWith) and the work in progress.
 * @param {string} why
 * @returns {never}
 */
function fail(why) {
  stopWith(why);
  throw new BenchFailure(why);
}
/** @param {unknown} error */
const unexpected = (error) => {
  if (!(error instanceof BenchFailure)) stopWith(error instanceof Error ? (error.stack ?? error.message) : String(error));
};
process.on('uncaughtException', unexpected);
process.on('unhandledRejection', unexpected);
process.on('SIGINT', () => stopWith('interrupted'));
process.on('SIGTERM', () => stopWith('terminated'));
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(WORK, { recursive: true, force: true });
});
setTimeout(() => stopWith(`time limit of ${CONFIG.maxSeconds} s reached`), CONFIG.maxSeconds * 1000).unref();

// ---------------------------------------------------------------------------------------------
// Small tools.

/** Median (min–max) of several runs' figure, formatted. @param {number[]} values @param {(n: number) => string} format */
function spread(values, format) {
  if (values.length === 1) return format(/** @type {number} */ (values[0]));
  return `${format(percentile(values, 50))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}
/** @param {number} digits */
const fixed = (digits) => (/** @type {number} */ n) =>
  Number.isFinite(n) ? n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '–';
const kb = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} KB`;
/** @param {number} digits */
const percent = (digits) => (/** @type {number} */ n) => `${fixed(digits)(n)}%`;

/** Waits until `url` answers at all (any status). @param {string} url @param {number} seconds */
async function waitFor(url, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await sleep(200);
    }
  }
  fail(`${url} did not answer within ${seconds} s`);
}

// ---------------------------------------------------------------------------------------------
// The origin: `npm run serve`'s server, its request log counted per path and status.

/** Origin answers by path, then status: the API's request log lines, as they arrive. */
const originCounts = /** @type {Map<string, Map<number, number>>} */ (new Map());
/** Total origin answers for `paths` (every status), now. @param {string[]} paths */
const originTotal = (paths) => paths.reduce((sum, p) => sum + [...(originCounts.get(p)?.values() ?? [])].reduce((a, b) => a + b, 0), 0);
/** Origin answers with `status` for `paths`, now. @param {string[]} paths @param {number} status */
const originWith = (paths, status) => paths.reduce((sum, p) => sum + (originCounts.get(p)?.get(status) ?? 0), 0);

async function startOrigin() {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(ORIGIN_PORT),
      HOST: '127.0.0.1',
      LOCAL_STATE_DIR: path.join(WORK, 'state'),
      MATCH_FEED_SECRET: SECRET,
      LOG_LEVEL: 'info',
      SITE_URL: CACHE,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let said = '';
  child.stderr?.on('data', (chunk) => (said = (said + String(chunk)).slice(-4000)));
  child.on('exit', (code) => {
    if (!stopping) stopWith(`the origin (scripts/serve.mjs) exited with ${code}:\n${said}`);
  });
  createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line);
      if (entry.msg !== 'request' || typeof entry.path !== 'string') return;
      const byStatus = originCounts.get(entry.path) ?? new Map();
      byStatus.set(entry.status, (byStatus.get(entry.status) ?? 0) + 1);
      originCounts.set(entry.path, byStatus);
    } catch {
      // not a log line
    }
  });
  await waitFor(`http://127.0.0.1:${ORIGIN_PORT}/api/matches/live`, 120);
}

// ---------------------------------------------------------------------------------------------
// The cache: varnishd in the foreground.

async function startCache() {
  const vcl = path.join(WORK, 'cache.vcl');
  writeFileSync(vcl, readFileSync(path.join(ROOT, 'scripts/bench/live-matches.vcl'), 'utf8').replace('"ORIGIN_PORT"', `"${ORIGIN_PORT}"`));
  const child = spawn(
    CONFIG.varnishd,
    ['-F', '-n', path.join(WORK, 'varnish'), '-f', vcl, '-a', `127.0.0.1:${CONFIG.port}`, '-T', 'none', '-s', 'malloc,64m'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.push(child);
  let said = '';
  child.stderr?.on('data', (chunk) => (said = (said + String(chunk)).slice(-2000)));
  child.on('error', (error) => stopWith(`varnishd could not start (${error.message}); install it: node scripts/setup/system-packages.mjs varnish`));
  child.on('exit', (code) => {
    if (!stopping) stopWith(`varnishd exited with ${code}:\n${said}`);
  });
  await waitFor(`${CACHE}/api/matches/live`, 30);
}

/** Resolves once `read()` differs from `from`, or after 3 s. @param {() => number} read @param {number} from */
async function changed(read, from) {
  for (const until = Date.now() + 3000; read() === from && Date.now() < until;) await sleep(20);
  return read() !== from;
}

/**
 * The cache keeps Netlify's CDN contract, or the run fails: the CDN header never reaches the
 * browser, a second read within s-maxage stays at the cache, If-None-Match gets a 304, and once
 * s-maxage has passed the cache answers at once and revalidates with the ETag (a 304 at the origin).
 */
async function checkCache() {
  const target = `/api/matches/live/${CONFIG.matchId}`;
  const first = await fetch(`${CACHE}${target}`);
  await first.arrayBuffer();
  const etag = first.headers.get('etag');
  if (first.status !== 200 || !etag) fail(`the first read answered ${first.status} with ETag ${etag}`);
  if (first.headers.has('netlify-cdn-cache-control')) fail('the cache passed Netlify-CDN-Cache-Control on to the browser');
  await changed(() => originTotal([target]), 0);
  const reads = originTotal([target]);
  await (await fetch(`${CACHE}${target}`)).arrayBuffer();
  if (await changed(() => originTotal([target]), reads)) fail(`a second read within s-maxage (${LIVE_CACHE.sMaxAge} s) reached the origin`);
  const conditional = await fetch(`${CACHE}${target}`, { headers: { 'if-none-match': String(etag) } });
  if (conditional.status !== 304) fail(`If-None-Match with the current ETag got ${conditional.status} from the cache, not 304`);
  await sleep(LIVE_CACHE.sMaxAge * 1000 + 500);
  const revalidations = originWith([target], 304);
  const stale = await fetch(`${CACHE}${target}`);
  await stale.arrayBuffer();
  if (stale.status !== 200) fail(`a read after s-maxage got ${stale.status}`);
  if (!(await changed(() => originWith([target], 304), revalidations)))
    fail('after s-maxage the cache did not revalidate with the ETag (no 304 at the origin)');
  console.log(`  cache checked: CDN header stripped, hit within s-maxage, 304 to If-None-Match, revalidation with the ETag after ${LIVE_CACHE.sMaxAge} s`);
}

// ---------------------------------------------------------------------------------------------
// The feed: signed deliveries of one event each, through the cache as the provider's would come.

let sequence = 0;
let goals = 0;
/** The next event of a plausible match: kick-off, then the clock with a few goals and cards. */
function nextEvent() {
  sequence += 1;
  const minute = Math.min(90, sequence - 1);
  const base = { id: `bench-${sequence}`, sequence, minute, ...(sequence > 91 ? { addedMinute: Math.min(30, sequence - 91) } : {}) };
  if (sequence === 1) return { ...base, type: 'kick_off' };
  if (sequence % 15 === 0 && goals < 6) {
    goals += 1;
    return { ...base, type: 'goal', side: goals % 2 ? 'home' : 'away', player: `Scorer ${goals}` };
  }
  if (sequence % 20 === 7) return { ...base, type: 'yellow_card', side: sequence % 40 === 7 ? 'home' : 'away', player: `Player ${sequence}` };
  return { ...base, type: 'clock' };
}

/** Posts the next event; resolves with its sequence and the wall time (ms) of the 2xx. */
async function feedOne() {
  const event = nextEvent();
  const body = JSON.stringify({ id: `bench-delivery-${event.sequence}`, matchId: CONFIG.matchId, events: [event] });
  const response = await fetch(`${CACHE}/api/matches/feed`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Terrace-Signature': signatureHeader(SECRET, Math.floor(Date.now() / 1000), body) },
    body,
  });
  const at = Date.now();
  if (response.status !== 202) fail(`the feed answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
  return { sequence: event.sequence, at };
}

/** Feeds an event every `ms` until the returned stop() is called. @param {number} ms */
function feedSteadily(ms) {
  let on = true;
  let wake = () => {};
  const done = (async () => {
    while (on) {
      const started = Date.now();
      await feedOne();
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, ms - (Date.now() - started));
        wake = () => {
          clearTimeout(timer);
          resolve(undefined);
        };
      });
    }
  })();
  return async () => {
    on = false;
    wake();
    await done;
  };
}

// ---------------------------------------------------------------------------------------------
// The viewers: N pollers spread evenly over the poll interval, each with its own ETag.

const REASONS = /** @type {Record<number, string>} */ ({ 200: 'OK', 304: 'Not Modified' });
/** Bytes of a response's status line and headers on the wire (HTTP/1.1). @param {number} status @param {Record<string, string | string[] | undefined>} headers */
function headerBytes(status, headers) {
  let bytes = `HTTP/1.1 ${status} ${REASONS[status] ?? ''}\r\n\r\n`.length;
  for (const [name, value] of Object.entries(headers)) for (const one of [value ?? ''].flat()) bytes += name.length + 2 + String(one).length + 2;
  return bytes;
}

/** Floor probes a second during a step: an answer the cache makes itself (the VCL's /__bench/floor). */
const FLOOR_PROBES_PER_SECOND = 20;

/**
 * N viewers poll for `seconds` after one interval of warm-up (each viewer's first poll, a 200), an
 * open loop: viewer k polls at k·interval/N + m·interval, whatever the answers' speed, and each
 * answer's time counts from when it was due (waiting in the load generator included). Beside them,
 * the floor probe at FLOOR_PROBES_PER_SECOND on the same connections.
 * @param {number} viewers
 * @param {number} seconds
 * @param {AbortSignal} [signal] ends the polling early
 */
async function poll(viewers, seconds, signal) {
  const pool = new Pool(CACHE, { connections: Math.min(CONFIG.connections, viewers), keepAliveTimeout: 60_000 });
  const paths = { match: `/api/matches/live/${CONFIG.matchId}`, list: '/api/matches/live' };
  const pathOf = (/** @type {number} */ viewer) => (CONFIG.listEvery > 0 && viewer % CONFIG.listEvery === CONFIG.listEvery - 1 ? paths.list : paths.match);
  const etags = /** @type {(string | undefined)[]} */ (new Array(viewers));
  const gap = CONFIG.pollMs / viewers;
  const measure = {
    on: false,
    latencies: /** @type {number[]} */ ([]),
    floor: /** @type {number[]} */ ([]),
    count: { 200: 0, 304: 0, other: 0 },
    bytes: { 200: 0, 304: 0 },
    hits: 0,
    stale: 0,
    late: 0,
  };
  let inflight = 0;
  let failures = 0;
  /** @param {number} viewer @param {number} due */
  const fire = (viewer, due) => {
    const measured = measure.on;
    if (measured && performance.now() - due > 100) measure.late += 1;
    inflight += 1;
    const etag = etags[viewer];
    pool
      .request({ path: pathOf(viewer), method: 'GET', headers: { 'accept-encoding': 'gzip, deflate, br', ...(etag ? { 'if-none-match': etag } : {}) } })
      .then(async ({ statusCode, headers, body }) => {
        const size = (await body.arrayBuffer()).byteLength;
        const ms = performance.now() - due;
        if (statusCode === 200 && typeof headers.etag === 'string') etags[viewer] = headers.etag;
        if (!measured) return;
        measure.latencies.push(ms);
        if (statusCode === 200 || statusCode === 304) {
          measure.count[statusCode] += 1;
          measure.bytes[statusCode] += headerBytes(statusCode, headers) + size;
        } else measure.count.other += 1;
        if (String(headers['cache-status'] ?? '').endsWith('hit')) measure.hits += 1;
        if (Number(headers.age) >= LIVE_CACHE.sMaxAge) measure.stale += 1;
      })
      .catch(() => {
        failures += 1;
      })
      .finally(() => {
        inflight -= 1;
      });
  };
  /** @param {number} due */
  const probe = (due) => {
    inflight += 1;
    pool
      .request({ path: '/__bench/floor', method: 'GET' })
      .then(async ({ statusCode, body }) => {
        await body.arrayBuffer();
        if (statusCode !== 200) failures += 1;
        else measure.floor.push(performance.now() - due);
      })
      .catch(() => {
        failures += 1;
      })
      .finally(() => {
        inflight -= 1;
      });
  };
  const warmUpMs = CONFIG.pollMs;
  const total = Math.floor((warmUpMs + seconds * 1000) / gap);
  const start = performance.now();
  let next = 0;
  const originPaths = Object.values(paths);
  let originBefore = { all: 0, revalidated: 0, byPath: /** @type {Record<string, number>} */ ({}) };
  let measuredFrom = 0;
  let nextProbe = 0;
  while (next < total && !signal?.aborted) {
    const now = performance.now();
    if (!measure.on && now - start >= warmUpMs) {
      originBefore = {
        all: originTotal(originPaths),
        revalidated: originWith(originPaths, 304),
        byPath: Object.fromEntries(originPaths.map((p) => [p, originTotal([p])])),
      };
      measuredFrom = performance.now();
      nextProbe = measuredFrom;
      measure.on = true;
    }
    const due = Math.min(total, Math.floor((performance.now() - start) / gap) + 1);
    for (; next < due; next += 1) fire(next % viewers, start + next * gap);
    for (; measure.on && nextProbe <= performance.now(); nextProbe += 1000 / FLOOR_PROBES_PER_SECOND) probe(nextProbe);
    const wake = Math.min(start + next * gap, measure.on ? nextProbe : Infinity);
    await sleep(Math.min(20, wake - performance.now()));
  }
  const measuredMs = performance.now() - measuredFrom;
  const originAll = originTotal(originPaths) - originBefore.all;
  const originRevalidated = originWith(originPaths, 304) - originBefore.revalidated;
  const originByPath = Object.fromEntries(originPaths.map((p) => [p, originTotal([p]) - (originBefore.byPath[p] ?? 0)]));
  while (inflight > 0) await sleep(10);
  await pool.close();
  const minutes = measuredMs / 60_000;
  const answered = measure.count[200] + measure.count[304] + measure.count.other;
  const endpoints = originPaths.filter((p) => (originByPath[p] ?? 0) > 0 || p === paths.match).length;
  return {
    viewers,
    seconds: measuredMs / 1000,
    offeredPerSecond: viewers / (CONFIG.pollMs / 1000),
    answeredPerSecond: answered / (measuredMs / 1000),
    late: answered ? measure.late / answered : 0,
    failures,
    other: measure.count.other,
    originPerSecond: originAll / (measuredMs / 1000),
    originRevalidatedShare: originAll ? originRevalidated / originAll : 0,
    originFloorPerSecond: endpoints / LIVE_CACHE.sMaxAge,
    hitRatio: answered ? measure.hits / answered : NaN,
    staleShare: answered ? measure.stale / answered : NaN,
    p50: percentile(measure.latencies, 50),
    p95: percentile(measure.latencies, 95),
    floorP50: percentile(measure.floor, 50),
    floorP95: percentile(measure.floor, 95),
    /** Per viewer per minute: 200s, 304s and their bytes. */
    perViewerMinute: {
      ok: measure.count[200] / viewers / minutes,
      notModified: measure.count[304] / viewers / minutes,
      okBytes: measure.bytes[200] / viewers / minutes,
      notModifiedBytes: measure.bytes[304] / viewers / minutes,
    },
    notModifiedSize: measure.count[304] ? measure.bytes[304] / measure.count[304] : NaN,
    okSize: measure.count[200] ? measure.bytes[200] / measure.count[200] : NaN,
  };
}

/** @typedef {Awaited<ReturnType<typeof poll>>} StepResult */

// ---------------------------------------------------------------------------------------------
// Feed-to-screen in Chromium: from the webhook's 2xx to the island's data-live-seq reaching it,
// on the match centre through the cache and, as the floor, straight from the origin.

/**
 * Opens the match centre at `base` and stamps, with this process's clock, the moment each
 * data-live-seq is applied. @param {import('@playwright/test').Browser} browser @param {string} base
 */
async function watch(browser, base) {
  const page = await browser.newPage();
  const errors = /** @type {string[]} */ ([]);
  page.on('pageerror', (error) => errors.push(error.message));
  /** @type {{ seq: number, at: number }[]} */
  const seen = [];
  await page.exposeFunction('__benchLiveSeq', (/** @type {string} */ seq) => seen.push({ seq: Number(seq), at: Date.now() }));
  const root = `[data-live-match="${CONFIG.matchId}"]`;
  return {
    errors,
    /** (Re)opens the page, so the island polls at a new phase, and watches its data-live-seq. */
    async open() {
      seen.length = 0;
      await page.goto(`${base}${CONFIG.matchPath}`, { waitUntil: 'load' });
      await page.waitForSelector(`${root}[data-live-seq]`, { state: 'attached', timeout: 30_000 });
      await page.evaluate((selector) => {
        const element = /** @type {HTMLElement} */ (document.querySelector(selector));
        const report = /** @type {{ __benchLiveSeq: (seq: string) => void }} */ (/** @type {unknown} */ (window)).__benchLiveSeq;
        report(element.dataset.liveSeq ?? '0');
        new MutationObserver(() => report(element.dataset.liveSeq ?? '0')).observe(element, { attributes: true, attributeFilter: ['data-live-seq'] });
      }, root);
    },
    /** When `sequence` (or a later one) was on screen, waiting up to 30 s. @param {number} sequence */
    async shown(sequence) {
      const until = Date.now() + 30_000;
      for (;;) {
        const hit = seen.find((s) => s.seq >= sequence);
        if (hit) return hit.at;
        if (Date.now() > until) fail(`${base}: sequence ${sequence} not on screen after 30 s`);
        await sleep(20);
      }
    },
  };
}

async function feedToScreen() {
  const random = seeded(33);
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CONFIG.chromium, args: ['--no-sandbox'] });
  const viewers = new AbortController();
  const background = (async () => {
    while (!viewers.signal.aborted) await poll(CONFIG.browserViewers, 10, viewers.signal);
  })();
  try {
    const cached = await watch(browser, CACHE);
    const direct = await watch(browser, `http://127.0.0.1:${ORIGIN_PORT}`);
    const delays = { cached: /** @type {number[]} */ ([]), direct: /** @type {number[]} */ ([]) };
    for (let i = 0; i < CONFIG.browserEvents; i += 1) {
      // Each event at a new phase of the island's polls and the cache's refreshes: both pages are
      // opened again, then the event comes 4–9 s later at random (seeded).
      await Promise.all([cached.open(), direct.open()]);
      await sleep(4000 + 5000 * random());
      const { sequence, at } = await feedOne();
      const [viaCache, viaOrigin] = await Promise.all([cached.shown(sequence), direct.shown(sequence)]);
      delays.cached.push(viaCache - at);
      delays.direct.push(viaOrigin - at);
      console.log(
        `  event ${sequence}: on screen after ${((viaCache - at) / 1000).toFixed(1)} s through the cache, ${((viaOrigin - at) / 1000).toFixed(1)} s from the origin`,
      );
    }
    const errors = [...cached.errors, ...direct.errors];
    if (errors.length) fail(`the page threw: ${errors.join('; ')}`);
    return delays;
  } finally {
    viewers.abort();
    await background;
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  console.log(
    `bench:live — ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}; viewers ${CONFIG.viewers.join(', ')}; ${CONFIG.runs} run(s) of ${CONFIG.seconds} s each`,
  );
  console.log(
    `  poll every ${CONFIG.pollMs / 1000} s (every ${CONFIG.listEvery}th viewer the list), a feed event every ${CONFIG.eventMs / 1000} s, cache s-maxage ${LIVE_CACHE.sMaxAge} s + stale-while-revalidate ${LIVE_CACHE.staleWhileRevalidate} s`,
  );
  await startOrigin();
  await startCache();
  await feedOne();
  await checkCache();

  const stopFeed = feedSteadily(CONFIG.eventMs);
  /** @type {Map<number, StepResult[]>} */
  const results = new Map();
  for (let r = 0; r < CONFIG.runs; r += 1) {
    for (const viewers of CONFIG.viewers) {
      const result = await poll(viewers, CONFIG.seconds);
      results.set(viewers, [...(results.get(viewers) ?? []), result]);
      if (result.failures || result.other) fail(`${viewers} viewers: ${result.failures} failed requests, ${result.other} answers neither 200 nor 304`);
      console.log(
        `  run ${r + 1}, ${viewers} viewers: origin ${result.originPerSecond.toFixed(2)}/s, hit ratio ${(result.hitRatio * 100).toFixed(2)}%, p95 ${result.p95.toFixed(1)} ms`,
      );
    }
  }
  await stopFeed();

  /** One figure of every N's runs as "median (min–max)". @param {(r: StepResult) => number} figure @param {(n: number) => string} format */
  const per = (figure, format) => (/** @type {StepResult[]} */ all) => spread(all.map(figure), format);
  const table = (/** @type {Record<string, (all: StepResult[]) => string>} */ columns) =>
    console.table(
      [...results.entries()].map(([viewers, all]) => ({ viewers, ...Object.fromEntries(Object.entries(columns).map(([name, cell]) => [name, cell(all)])) })),
    );
  console.log('\nThe origin and the cache, per N viewers (median of runs, min–max):');
  table({
    'req/s offered': per((r) => r.offeredPerSecond, fixed(0)),
    answered: per((r) => r.answeredPerSecond, fixed(0)),
    'origin req/s': per((r) => r.originPerSecond, fixed(2)),
    '÷ floor': per((r) => r.originPerSecond / r.originFloorPerSecond, fixed(2)),
    'origin 304s': per((r) => r.originRevalidatedShare * 100, percent(0)),
    'hit ratio': per((r) => r.hitRatio * 100, percent(2)),
    stale: per((r) => r.staleShare * 100, percent(1)),
  });
  console.log('Response time at the cache (ms), beside the floor probe (a cache-made answer, 20/s in the same step):');
  table({
    p50: per((r) => r.p50, fixed(1)),
    p95: per((r) => r.p95, fixed(1)),
    'floor p50': per((r) => r.floorP50, fixed(1)),
    'floor p95': per((r) => r.floorP95, fixed(1)),
    'p95 ÷ floor': per((r) => r.p95 / r.floorP95, fixed(2)),
    'sent late': per((r) => r.late * 100, percent(1)),
  });
  console.log("A viewer's downloads per minute:");
  table({
    '200s': per((r) => r.perViewerMinute.ok, fixed(1)),
    '304s': per((r) => r.perViewerMinute.notModified, fixed(1)),
    'bytes of 200s': per((r) => r.perViewerMinute.okBytes, kb),
    'bytes of 304s': per((r) => r.perViewerMinute.notModifiedBytes, kb),
    total: per((r) => r.perViewerMinute.okBytes + r.perViewerMinute.notModifiedBytes, kb),
    '÷ 304-only floor': per((r) => (r.perViewerMinute.okBytes + r.perViewerMinute.notModifiedBytes) / ((60_000 / CONFIG.pollMs) * r.notModifiedSize), fixed(2)),
  });
  const first = results.values().next().value?.[0];
  if (first)
    console.log(
      `  one 200: ${first.okSize.toFixed(0)} B, one 304: ${first.notModifiedSize.toFixed(0)} B (status line and headers included); origin floor: ${first.originFloorPerSecond.toFixed(2)} req/s (endpoints ÷ s-maxage)`,
    );

  /** @type {Awaited<ReturnType<typeof feedToScreen>> | null} */
  let delays = null;
  if (CONFIG.browserEvents > 0) {
    if (!CONFIG.matchPath) fail('no match centre to open (BENCH_MATCH_PATH)');
    console.log(`\nFeed to screen in Chromium (${CONFIG.browserEvents} events, ${CONFIG.browserViewers} viewers polling beside it):`);
    delays = await feedToScreen();
    const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
    /** @param {number[]} values */
    const line = (values) =>
      `p50 ${seconds(percentile(values, 50))}, p95 ${seconds(percentile(values, 95))}, min–max ${seconds(Math.min(...values))}–${seconds(Math.max(...values))}`;
    console.log(`  through the cache: ${line(delays.cached)} (aim p95 ≤ 10 s)`);
    console.log(`  floor, the same island straight from the origin: ${line(delays.direct)}`);
    console.log(
      `  ratio to the floor: p50 ${(percentile(delays.cached, 50) / percentile(delays.direct, 50)).toFixed(2)}×, p95 ${(percentile(delays.cached, 95) / percentile(delays.direct, 95)).toFixed(2)}×`,
    );
  }
  const report = path.join(ROOT, 'reports/bench', `live-matches-${new Date().toISOString().replaceAll(':', '-')}.json`);
  mkdirSync(path.dirname(report), { recursive: true });
  writeFileSync(
    report,
    JSON.stringify({ cpu: os.cpus()[0]?.model, config: CONFIG, cache: LIVE_CACHE, steps: Object.fromEntries(results), feedToScreenMs: delays }, null, 2),
  );
  console.log(`\nResults: ${path.relative(ROOT, report)}`);
  await stopAll();
}

main().catch(unexpected);
