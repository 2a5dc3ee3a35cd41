// @ts-check
/**
 * Search benchmark (`npm run bench:search -- <site>`; SEARCH_BENCH_SITE): times the sharded
 * Pagefind index step of a built site (buildSearchIndex) with the peak memory of its process tree,
 * then serves the site and, in Debian Chromium, sums what a first search for each term
 * (SEARCH_BENCH_TERMS) fetches from /pagefind/: by kind of file, bodies apart from headers.
 * Prints medians of the runs with min–max.
 * Environment: docs/commands.md; method and figures: docs/publishing.md "Search at scale".
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { treeRss } from './procTree.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SITE = path.resolve(process.argv[2] ?? process.env.SEARCH_BENCH_SITE ?? path.join(ROOT, 'dist'));
const INDEX = process.env.SEARCH_BENCH_INDEX !== '0';
const INDEX_RUNS = Math.max(1, Number(process.env.SEARCH_BENCH_INDEX_RUNS ?? 1));
const RUNS = Math.max(1, Number(process.env.SEARCH_BENCH_RUNS ?? 5));
const TERMS = (process.env.SEARCH_BENCH_TERMS ?? 'Stoke,hamper')
  .split(',')
  .map((t) => t.trim())
  .filter(Boolean);
const PORT = Number(process.env.SEARCH_BENCH_PORT ?? 4751);
const SAMPLE_MS = Math.max(20, Number(process.env.SEARCH_BENCH_SAMPLE_MS ?? 100));
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Runs the index step in a child process, sampling its tree's memory.
 * @returns {Promise<{ wallS: number, treeMB: number, byNameMB: Record<string, number>, shards: number, reused: number, indexed: number }>}
 */
async function runIndexStep() {
  const script = `
    import { buildSearchIndex } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'src/integrations/searchIndex.ts')).href)};
    const r = await buildSearchIndex({ site: ${JSON.stringify(SITE)}, incrementalFrom: process.env.INCREMENTAL_FROM || undefined, log: (m) => console.error(m) });
    console.log(JSON.stringify({ shards: r.shards.length, reused: r.shards.filter((s) => s.reused).length, indexed: r.indexed }));
  `;
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  let peak = 0;
  /** @type {Record<string, number>} */
  const byName = {};
  const sampler = setInterval(() => {
    const rss = treeRss(/** @type {number} */ (child.pid));
    peak = Math.max(peak, rss.total);
    for (const [name, kb] of Object.entries(rss.byName)) byName[name] = Math.max(byName[name] ?? 0, kb);
  }, SAMPLE_MS);
  const code = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the index step failed (exit ${code})`);
  const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
  return {
    wallS: (performance.now() - started) / 1000,
    treeMB: peak / 1024,
    byNameMB: Object.fromEntries(Object.entries(byName).map(([n, kb]) => [n, Math.round(kb / 1024)])),
    ...result,
  };
}

/** Starts scripts/serve.mjs on PORT for SITE; resolves once it answers. */
async function startServer() {
  const state = await mkdtemp(path.join(os.tmpdir(), 'terrace-bench-search-'));
  const server = spawn(process.execPath, [path.join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    env: { ...process.env, SERVE_ROOT: SITE, PORT: String(PORT), HOST: '127.0.0.1', LOCAL_STATE_DIR: state },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`serve.mjs exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/pagefind/shards.json`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('close', resolve));
      await rm(state, { recursive: true, force: true });
    },
  };
}

/**
 * One first search in a fresh context: bytes and requests of /pagefind/ until the results show.
 * @param {import('playwright-core').Browser} browser
 * @param {string} term
 */
async function firstSearch(browser, term) {
  const base = `http://127.0.0.1:${PORT}`;
  const context = await browser.newContext({ baseURL: base });
  // A returning visitor's cookies (tests/e2e/visits.ts): no cookie notice or promo over the page.
  /** @type {{ promoID: string }[]} */
  const promos = JSON.parse(readFileSync(path.join(ROOT, 'data/demo/promo-overlays.json'), 'utf8'));
  await context.addCookies([
    { name: 'cookie_consent_given', value: 'true', domain: '127.0.0.1', path: '/' },
    { name: 'cookie_analytics_consent_given', value: 'false', domain: '127.0.0.1', path: '/' },
    { name: 'seen_promos', value: promos.map((p) => encodeURIComponent(p.promoID)).join(','), domain: '127.0.0.1', path: '/' },
  ]);
  const page = await context.newPage();
  /** @type {Promise<{ kind: string, size: number, headers: number }>[]} */
  const sizes = [];
  // On the context: it also sees the requests of Pagefind's web worker.
  context.on('requestfinished', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (!pathname.startsWith('/pagefind/')) return;
    sizes.push(request.sizes().then((s) => ({ kind: fileKind(pathname), size: s.responseBodySize + s.responseHeadersSize, headers: s.responseHeadersSize })));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const overlay = page.locator('dialog#search-overlay');
  await overlay.waitFor();
  const started = performance.now();
  await overlay.getByRole('searchbox').fill(term);
  await overlay.getByRole('button', { name: 'Search', exact: true }).click();
  const count = overlay.locator('.search-results__count');
  await count.filter({ hasText: /Result\(s\)|No results found/ }).waitFor({ timeout: 120_000 });
  const ms = performance.now() - started;
  // Results' images and excerpts (fragments) of the first page are part of the first search too.
  await page.waitForLoadState('networkidle');
  const text = (await count.textContent()) ?? '';
  const files = await Promise.all(sizes);
  const bytes = files.reduce((a, b) => a + b.size, 0);
  const headers = files.reduce((a, b) => a + b.headers, 0);
  /** @type {Record<string, { files: number, bytes: number }>} */
  const byKind = {};
  for (const { kind, size } of files) {
    const entry = (byKind[kind] ??= { files: 0, bytes: 0 });
    entry.files += 1;
    entry.bytes += size;
  }
  await context.close();
  return { bytes, headers, requests: files.length, byKind, ms, results: Number(/of (\d+) Result/.exec(text)?.[1] ?? 0) };
}

/**
 * What a /pagefind/ file is, for the breakdown of a first search.
 * @param {string} pathname
 */
function fileKind(pathname) {
  if (pathname.endsWith('.pf_meta')) return pathname.includes('/count/') ? 'count metadata' : 'metadata';
  if (pathname.endsWith('.pf_index')) return 'index chunks';
  if (pathname.endsWith('.pf_filter')) return 'filter chunks';
  if (pathname.endsWith('.pf_fragment')) return 'fragments';
  if (pathname.endsWith('pagefind-entry.json') || pathname.endsWith('shards.json')) return 'entries and shard list';
  return 'bundle (pagefind.js, worker, wasm)';
}

/** @param {number[]} values */
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}
/** 'median (min–max)' with `digits` decimals. @param {number[]} values @param {number} [digits] */
const summary = (values, digits = 1) => `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function main() {
  if (!existsSync(path.join(SITE, 'index.html'))) throw new Error(`${SITE}/index.html not found: build the site first`);
  const articles = existsSync(path.join(SITE, 'news'))
    ? readdirSync(path.join(SITE, 'news')).filter((d) => existsSync(path.join(SITE, 'news', d, 'index.html'))).length
    : 0;
  console.log(
    `search benchmark: ${SITE} (${articles} news/*/index.html); ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (INDEX) {
    const runs = [];
    for (let run = 1; run <= INDEX_RUNS; run += 1) {
      const r = await runIndexStep();
      runs.push(r);
      console.log(
        `  index run ${run}: ${r.wallS.toFixed(1)} s, tree peak ${r.treeMB.toFixed(0)} MB (${JSON.stringify(r.byNameMB)}), ${r.indexed} articles in ${r.shards} shards (${r.reused} reused)`,
      );
    }
    console.log(
      `index step: ${summary(runs.map((r) => r.wallS))} s; peak RSS of the tree ${summary(
        runs.map((r) => r.treeMB),
        0,
      )} MB`,
    );
  }
  const shards = JSON.parse(readFileSync(path.join(SITE, 'pagefind/shards.json'), 'utf8')).shards.length;
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const term of TERMS) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await firstSearch(browser, term));
      console.log(
        `first search '${term}' (${shards} shards): ${summary(runs.map((r) => r.bytes / 1024))} KB from /pagefind/ in ${median(runs.map((r) => r.requests))} requests; ${runs[0]?.results} results; shown after ${summary(
          runs.map((r) => r.ms),
          0,
        )} ms`,
      );
      // The same files every run: the first run's breakdown (each kind with its responses' headers).
      const parts = Object.entries(runs[0]?.byKind ?? {}).sort((a, b) => b[1].bytes - a[1].bytes);
      console.log(`  of which: ${parts.map(([kind, p]) => `${kind} ${(p.bytes / 1024).toFixed(1)} KB (${p.files})`).join('; ')}`);
      console.log(
        `  bodies ${summary(runs.map((r) => (r.bytes - r.headers) / 1024))} KB + response headers ${summary(runs.map((r) => r.headers / 1024))} KB (HTTP/1.1, as the local server sends them)`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
