// @ts-check
/**
 * Build benchmark (`npm run bench:build`): for each size (BENCH_SIZES) a synthetic archive
 * (./generate.mjs) built cold, indexed with Pagefind, beside a bare-Astro floor of as many pages;
 * then incremental rebuilds (BENCH_REBUILDS: none, new, edit, score), each compared file by file
 * with the build before it (what a deploy uploads, and why each file changed) and, with
 * BENCH_VERIFY, with a full build of the same content.
 * Prints wall time (median, min–max), phases (./buildPhases.mjs), pages/s, peak memory, index size
 * and the ratio to the floor; writes reports/bench/build-<timestamp>.json.
 * Environment: docs/commands.md; figures: docs/performance.md "Build benchmark".
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedScore, editedArticle, generateArchive, newArticle } from './generate.mjs';
import { ARTICLE_PAGES } from '../../src/integrations/searchIndex.ts';
import { treeRss } from './procTree.mjs';
import { buildPhases, isPhaseLine } from './buildPhases.mjs';
import { linkTo, workFolder } from './workDir.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ASTRO = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
const GNU_TIME = ['/usr/bin/time', '/bin/time'].find((p) => existsSync(p));
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,30000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const { dir: WORK, own: OWN_WORK } = await workFolder(process.env.BENCH_DIR);
const KEEP = process.env.BENCH_KEEP === '1';
const FLOOR = process.env.BENCH_FLOOR !== '0';
const PAGEFIND = process.env.BENCH_PAGEFIND !== '0';
const SNAPSHOT = process.env.BENCH_SNAPSHOT !== '0';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MIN ?? 120) * 60_000;
const runsFor = (/** @type {number} */ n) => Number(process.env.BENCH_RUNS ?? (n <= 10_000 ? 3 : 1));
const SAMPLE_MS = Math.max(20, Number(process.env.BENCH_SAMPLE_MS ?? 100));
const SETTLE_LOAD = process.env.BENCH_SETTLE_LOAD ? Number(process.env.BENCH_SETTLE_LOAD) : undefined;
const SETTLE_MAX_S = Number(process.env.BENCH_SETTLE_MAX_S ?? 180);

/**
 * Before a measured command: the dirty pages written out (\`sync\`), so that a build does not pay
 * for the writes and deletions of the one before; then, with BENCH_SETTLE_LOAD, a wait until the
 * 1-minute load average is at most that, or BENCH_SETTLE_MAX_S have passed.
 * @returns {Promise<{ waitedS: number, load: number }>} The wait (s) and the load average after it.
 */
async function settle() {
  execFileSync('sync');
  const started = performance.now();
  const load = () => os.loadavg()[0] ?? 0;
  if (SETTLE_LOAD !== undefined) {
    while (load() > SETTLE_LOAD && performance.now() - started < SETTLE_MAX_S * 1000) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return { waitedS: (performance.now() - started) / 1000, load: load() };
}
/** @typedef {'none' | 'new' | 'edit' | 'score'} RebuildKind */
const REBUILD_KINDS = /** @type {const} */ (['none', 'new', 'edit', 'score']);
const REBUILDS = /** @type {RebuildKind[]} */ (
  (process.env.BENCH_REBUILDS ?? REBUILD_KINDS.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /** @type {readonly string[]} */ (REBUILD_KINDS).includes(s))
);
const REBUILD_LABEL = { none: 'no change', new: 'one new article', edit: 'one edited article', score: 'one corrected score' };
const INCREMENTAL = process.env.BENCH_INCREMENTAL !== '0';
const verifyFor = (/** @type {number} */ n) => INCREMENTAL && (process.env.BENCH_VERIFY ? process.env.BENCH_VERIFY === '1' : n <= 10_000);
/** Files that differ between any two builds (the manifest records when it was built). */
const ALWAYS_NEW = new Set(['content-manifest.json']);

/**
 * @typedef {object} Measured
 * @property {number} wallS
 * @property {number} maxRssMB Largest single process (GNU time), or the sampled tree peak without it.
 * @property {number} treeRssMB Sampled peak of the sum over the process tree.
 * @property {number} treePeakAtS When the tree's peak was sampled (s after the start).
 * @property {Record<string, number>} atTreePeakMB What the tree held at its peak, by process name (processes of one name added up).
 * @property {number} loadBefore The 1-minute load average when the command started.
 * @property {number} settledS How long the machine was waited for before it (settle()).
 * @property {Record<string, number>} peaksMB Peak RSS of the largest process, by process name.
 * @property {{ syncS?: number, renderS?: number, afterS?: number }} phases An `astro build`'s content sync, rendering and what
 *   followed it until the end, timed by its log lines (scripts/bench/buildPhases.mjs); empty for other commands.
 * @property {number} code Exit code (null → signal → -1).
 * @property {string} tail Last lines of output.
 */

/**
 * @typedef {object} Rebuild
 * @property {RebuildKind} kind
 * @property {Measured} measured
 * @property {Awaited<ReturnType<typeof compareBuilds>>} diff
 * @property {Measured} [full] The same content built in full (BENCH_VERIFY).
 * @property {{ files: number, examples: string[] }} [mismatch] Files in which the incremental build differs from the full one.
 */

/**
 * Runs a command under GNU time -v (when available) and samples the process tree's RSS.
 * @param {string} label
 * @param {string[]} argv
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, log: string }} options
 * @returns {Promise<Measured>}
 */
async function measure(label, argv, options) {
  const settled = await settle();
  const timeFile = path.join(WORK, `time-${process.pid}.txt`);
  const full = GNU_TIME ? [GNU_TIME, '-v', '-o', timeFile, ...argv] : argv;
  const started = performance.now();
  const child = spawn(/** @type {string} */ (full[0]), full.slice(1), { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  /** @type {string[]} */
  const lines = [];
  /** @type {{ t: number, line: string }[]} the lines that open or close a phase, with when they arrived (s) */
  const phaseLines = [];
  let partial = '';
  const log = createWriteStream(options.log);
  const onData = (/** @type {Buffer} */ chunk) => {
    log.write(chunk);
    const t = (performance.now() - started) / 1000;
    const parts = (partial + chunk.toString()).split('\n');
    partial = /** @type {string} */ (parts.pop());
    for (const line of parts) {
      if (!line.trim()) continue;
      lines.push(line);
      if (isPhaseLine(line)) phaseLines.push({ t, line });
    }
    if (lines.length > 400) lines.splice(0, lines.length - 200);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let treePeak = 0;
  let treePeakAtS = 0;
  /** @type {Record<string, number>} kB by process name at the tree's peak (processes of one name added up) */
  let treePeakBy = {};
  /** @type {Record<string, number>} peak kB by process name (node, pagefind, …) */
  const peakByName = {};
  const sampler = setInterval(() => {
    const rss = treeRss(/** @type {number} */ (child.pid));
    if (rss.total > treePeak) {
      treePeak = rss.total;
      treePeakAtS = (performance.now() - started) / 1000;
      treePeakBy = rss.sumByName;
    }
    if (rss.largestName && rss.largest > (peakByName[rss.largestName] ?? 0)) peakByName[rss.largestName] = rss.largest;
  }, SAMPLE_MS);
  const timer = setTimeout(() => {
    lines.push(`bench: ${label} exceeded ${TIMEOUT_MS / 60000} min; killed`);
    child.kill('SIGKILL');
  }, TIMEOUT_MS);
  /** @type {number} */
  const code = await new Promise((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  clearInterval(sampler);
  clearTimeout(timer);
  const wallS = (performance.now() - started) / 1000;
  if (partial.trim()) lines.push(partial);
  await new Promise((resolve) => log.end(resolve));
  let maxRssMB = treePeak / 1024;
  if (GNU_TIME && existsSync(timeFile)) {
    const report = await readFile(timeFile, 'utf8');
    const kbytes = /Maximum resident set size \(kbytes\): (\d+)/.exec(report)?.[1];
    if (kbytes) maxRssMB = Number(kbytes) / 1024;
    await rm(timeFile, { force: true });
  }
  const peaks = Object.fromEntries(Object.entries(peakByName).map(([name, kb]) => [name, Math.round(kb / 1024)]));
  const atTreePeakMB = Object.fromEntries(Object.entries(treePeakBy).map(([name, kb]) => [name, Math.round(kb / 1024)]));
  return {
    wallS,
    maxRssMB,
    treeRssMB: treePeak / 1024,
    treePeakAtS,
    atTreePeakMB,
    peaksMB: peaks,
    loadBefore: settled.load,
    settledS: settled.waitedS,
    phases: buildPhases(phaseLines, wallS),
    code,
    tail: lines.slice(-25).join('\n'),
  };
}

/** "sync 8.0 / rendering 40.6 / after it 4.1 s" from a build's phases (what is known of them). @param {Measured['phases']} p */
function phaseText(p) {
  const parts = [
    p.syncS !== undefined ? `sync ${fmt(p.syncS)}` : '',
    p.renderS !== undefined ? `rendering ${fmt(p.renderS)}` : '',
    p.afterS !== undefined ? `after it ${fmt(p.afterS)}` : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(' / ')} s` : 'phases not found in the log';
}

/** Number and bytes of files under a folder (optionally only names ending with `ext`). @param {string} dir @param {string} [ext] */
async function folderStats(dir, ext) {
  let files = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { files, bytes };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || (ext && !entry.name.endsWith(ext))) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Every file of a build output (not the prerender bundle): relative path → SHA-256 and size.
 * @param {string} dir
 * @returns {Promise<Map<string, { hash: string, size: number }>>}
 */
async function hashTree(dir) {
  /** @type {Map<string, { hash: string, size: number }>} */
  const files = new Map();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, file);
    if (rel.startsWith('.prerender')) continue;
    const bytes = await readFile(file);
    files.set(rel, { hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength });
  }
  return files;
}

/**
 * Files that are not the same in two build outputs (missing on one side, or other bytes), but for
 * the ones every build rewrites ({@link ALWAYS_NEW}).
 * @param {string} a @param {string} b
 * @returns {Promise<string[]>}
 */
async function differingFiles(a, b) {
  const [x, y] = await Promise.all([hashTree(a), hashTree(b)]);
  const names = new Set([...x.keys(), ...y.keys()]);
  return [...names].filter((rel) => !ALWAYS_NEW.has(rel) && x.get(rel)?.hash !== y.get(rel)?.hash).sort();
}

/** Hashed asset names (`/_astro/Name.AbCd1234.js`) without their hash. */
const ASSET_NAME = /(_astro\/[\w.-]+?)\.[\w-]{8}\.(js|css|mjs)/g;
/** An article's page (news/<slug>/ or app/news/<slug>/), not a dated archive or a listing page. */
const ARTICLE_PAGE = /^(app\/)?news\/(?!\d{4}\/|page\/)[^/]+\/index\.html$/;
/** ISO 8601 instants and dates, and RFC 822 dates (feeds). */
const TIMES = /\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?)?|\b\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d (GMT|[+-]\d{4})/g;
const escapeHtml = (/** @type {string} */ s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Why one file differs between two builds: the first cause that fits, from the search index and
 * manifests to the changed article's pages, related news, listings, and anything else.
 * @param {string} rel
 * @param {Buffer} before
 * @param {Buffer} after
 * @param {{ kind: RebuildKind, slug: string, title: string } | null} change
 * @returns {string}
 */
function changeCause(rel, before, after, change) {
  if (rel.startsWith('pagefind/')) return 'search index (pagefind/)';
  if (rel === 'content-manifest.json') return 'content manifest (build time, counts)';
  if (/^sitemap.*\.xml$/.test(rel)) return 'sitemap';
  if (rel === '_headers') return 'CSP hashes (_headers)';
  const a = before.toString('utf8').replace(ASSET_NAME, '$1.$2');
  const b = after.toString('utf8').replace(ASSET_NAME, '$1.$2');
  if (a === b) return 'hashed asset names only';
  if (a.replace(TIMES, 'T') === b.replace(TIMES, 'T')) return 'times or dates only';
  if (change?.kind === 'score') {
    if (rel.startsWith(`match${path.sep}`)) return 'match centre pages and calendars (fixtures data)';
    if (rel.startsWith(`matches${path.sep}`)) return 'fixture lists and season calendars';
    if (rel === 'index.html' || rel.startsWith(`teams${path.sep}`) || rel.startsWith(`videos${path.sep}`)) return 'home, team and streamer pages (results)';
  } else if (change) {
    if (rel.split(path.sep).includes(change.slug)) return 'the article itself';
    const mentions = (/** @type {string} */ text) =>
      change.kind === 'new' ? text.includes(`/news/${change.slug}`) : text.includes(escapeHtml(change.title)) || text.includes(change.title);
    if (mentions(b) && !mentions(a)) {
      // Another article's page: its related news (spec §9, newest first among equals) now shows it.
      if (ARTICLE_PAGE.test(rel)) return change.kind === 'new' ? "other articles' related news link it" : "other articles' related news show the edited title";
      return change.kind === 'new' ? 'home, listings and feeds show it' : 'listings and feeds show the edited title';
    }
  }
  if (/(^|\/)page\/\d+\//.test(rel)) return 'later listing pages (items moved by one)';
  if (/\.(xml|rss|atom|ics)$/.test(rel)) return 'feeds (RSS, calendar)';
  return 'other';
}

/** Around the first difference of two texts (for the report's examples). @param {string} a @param {string} b */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  const cut = (/** @type {string} */ s) => s.slice(Math.max(0, i - 80), i + 120).replace(/\s+/g, ' ');
  return { before: cut(a), after: cut(b) };
}

/**
 * What a deploy of `after` must upload over `before`, and why each changed file changed.
 * @param {string} beforeDir
 * @param {string} afterDir
 * @param {{ kind: RebuildKind, slug: string, title: string } | null} change
 */
async function compareBuilds(beforeDir, afterDir, change) {
  const [before, after] = await Promise.all([hashTree(beforeDir), hashTree(afterDir)]);
  let changedFiles = 0;
  let changedBytes = 0;
  let addedFiles = 0;
  let addedBytes = 0;
  let totalBytes = 0;
  /** @type {Record<string, { files: number, bytes: number, examples: string[] }>} */
  const causes = {};
  /** @type {{ file: string, before: string, after: string }[]} */
  const otherExamples = [];
  const count = (/** @type {string} */ cause, /** @type {string} */ rel, /** @type {number} */ size) => {
    const c = (causes[cause] ??= { files: 0, bytes: 0, examples: [] });
    c.files += 1;
    c.bytes += size;
    if (c.examples.length < 5) c.examples.push(rel);
  };
  for (const [rel, file] of after) {
    totalBytes += file.size;
    const old = before.get(rel);
    if (!old) {
      addedFiles += 1;
      addedBytes += file.size;
      count(
        rel.startsWith('pagefind/') ? 'search index (pagefind/)' : rel.startsWith('_astro/') ? 'hashed asset names only' : 'added page or file',
        rel,
        file.size,
      );
      continue;
    }
    if (old.hash === file.hash) continue;
    changedFiles += 1;
    changedBytes += file.size;
    const [a, b] = await Promise.all([readFile(path.join(beforeDir, rel)), readFile(path.join(afterDir, rel))]);
    const cause = changeCause(rel, a, b, change);
    count(cause, rel, file.size);
    if (cause === 'other' && otherExamples.length < 5) otherExamples.push({ file: rel, ...firstDifference(a.toString('utf8'), b.toString('utf8')) });
  }
  const removedFiles = [...before.keys()].filter((rel) => !after.has(rel)).length;
  return {
    files: after.size,
    totalBytes,
    changedFiles,
    changedBytes,
    addedFiles,
    addedBytes,
    removedFiles,
    uploadFiles: changedFiles + addedFiles,
    uploadBytes: changedBytes + addedBytes,
    causes,
    otherExamples,
  };
}

/** A bare Astro project with `pages` trivial pages: the floor of what any Astro build costs. @param {string} dir @param {number} pages */
async function writeFloorProject(dir, pages) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'src/pages'), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-floor', private: true, type: 'module' }, null, 2));
  await writeFile(path.join(dir, 'astro.config.mjs'), "import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static' });\n");
  await writeFile(
    path.join(dir, 'src/pages/[slug].astro'),
    `---
export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, i) => ({ params: { slug: \`page-\${i + 1}\` } }));
}
const { slug } = Astro.params;
---
<html lang="en"><head><meta charset="utf-8" /><title>{slug}</title></head><body><h1>{slug}</h1><p>A trivial page.</p></body></html>
`,
  );
}

/**
 * A copy of what the build reads (src/, public/, config files) with node_modules linked, so the
 * benchmark measures one state of the project however long it runs.
 * @param {string} dir
 */
async function snapshotProject(dir) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const entry of ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json']) {
    if (existsSync(path.join(ROOT, entry))) await cp(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  // node_modules as hard links (instant, no extra space): real paths inside the snapshot, which
  // Vite needs (a symlink to the project's node_modules would resolve outside the root). Caches
  // that a build writes into are left out, so no write can reach the project's files.
  execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')]);
  for (const cache of ['.vite', '.astro']) await rm(path.join(dir, 'node_modules', cache), { recursive: true, force: true });
  return dir;
}

/** The commit built, and whether the working tree had changes (figures depend on both). */
function gitState() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'astro.config.mjs', 'package.json'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return `commit ${head}${dirty ? ` + uncommitted changes in src/config (${dirty.split('\n').length} files)` : ''}`;
  } catch {
    return 'commit unknown';
  }
}

/** @param {number[]} values */
function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  const upper = s[mid] ?? NaN;
  const lower = s[mid - 1] ?? NaN;
  return s.length % 2 ? upper : (lower + upper) / 2;
}

/** 'min–max' of values (one decimal), or '-' without any. @param {number[]} values */
function range(values) {
  return values.length ? `${fmt(Math.min(...values))}–${fmt(Math.max(...values))}` : '-';
}

/** @param {string[]} head @param {(string|number)[][]} rows */
function table(head, rows) {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (/** @type {string[]} */ r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const fmt = (/** @type {number} */ n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

async function main() {
  if (SIZES.length === 0) throw new Error('BENCH_SIZES has no size');
  // The prerender bundle in <outDir>/.prerender imports the project's dependencies by name.
  await linkTo(path.join(WORK, 'node_modules'), path.join(ROOT, 'node_modules'));
  const project = SNAPSHOT ? await snapshotProject(path.join(WORK, 'project')) : ROOT;
  // The build's cwd must contain its outDir: Astro writes the prerender bundle to
  // <outDir>/.prerender only when outDir is inside the cwd, else to <cwd>/.astro/.prerender,
  // which concurrent builds of the same project would share and clobber.
  const buildCwd = SNAPSHOT ? project : WORK;
  const astroBin = path.join(project, 'node_modules/astro/bin/astro.mjs');
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}) };
  const machine = {
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
    memGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    astro: JSON.parse(readFileSync(path.join(ROOT, 'node_modules/astro/package.json'), 'utf8')).version,
    pagefind: JSON.parse(readFileSync(path.join(ROOT, 'node_modules/pagefind/package.json'), 'utf8')).version,
    gnuTime: GNU_TIME ?? 'absent (peak RSS sampled from /proc)',
    git: gitState(),
  };
  console.log(
    `build benchmark: sizes ${SIZES.join(', ')}; ${machine.cpus}, ${machine.memGB} GB, Node ${machine.node}, Astro ${machine.astro}; ${machine.git}; work dir ${WORK}`,
  );
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  /** @type {any[]} */
  const results = [];
  let failed = false;
  for (const n of SIZES) {
    const content = path.join(WORK, `content-${n}`);
    const out = path.join(buildCwd, `out-${n}`);
    const cache = path.join(WORK, `cache-${n}`);
    const t0 = performance.now();
    const counts = await generateArchive(path.join(ROOT, 'data'), content, n);
    const generateS = (performance.now() - t0) / 1000;
    console.log(
      `\nN=${n}: generated ${counts.news} articles, ${counts.matches} demo fixtures (+ real first-team), ${counts.players} players, ${counts.pages} pages in ${fmt(generateS)} s`,
    );

    const runs = runsFor(n);
    /** @type {{ site: Measured, pages: number, htmlBytes: number, astroIndex: { files: number, bytes: number }, pagefind?: Measured, pagefindIndex?: { files: number, bytes: number }, floor?: Measured, rebuilds: Rebuild[] }[]} */
    const perRun = [];
    for (let run = 1; run <= runs; run += 1) {
      await rm(out, { recursive: true, force: true });
      await rm(cache, { recursive: true, force: true });
      const site = await measure(`site N=${n}`, [process.execPath, astroBin, 'build', '--root', project, '--outDir', out], {
        cwd: buildCwd,
        env: { ...env, TERRACE_CONTENT_DIR: content, ASTRO_CACHE_DIR: cache },
        log: path.join(WORK, `site-${n}-run${run}.log`),
      });
      if (site.code !== 0) {
        console.log(
          `  run ${run}: site build FAILED (exit ${site.code}) after ${fmt(site.wallS)} s, peak RSS ${fmt(site.maxRssMB, 0)} MB (tree ${fmt(site.treeRssMB, 0)} MB); log ${path.join(WORK, `site-${n}-run${run}.log`)}\n${site.tail}`,
        );
        results.push({ n, counts, failed: true, site });
        failed = true;
        break;
      }
      const html = await folderStats(out, '.html');
      const astroIndex = await folderStats(path.join(out, 'pagefind'));
      /** @type {(typeof perRun)[number]} */
      const entry = { site, pages: html.files, htmlBytes: html.bytes, astroIndex, rebuilds: /** @type {Rebuild[]} */ ([]) };
      // Rebuilds with the same content layer cache, each into a fresh outDir, each compared with
      // the build before it (what a deploy of it must upload).
      let previous = out;
      /** @type {import('./generate.mjs').ArchiveChange[]} */
      const applied = [];
      for (const kind of REBUILDS) {
        const change =
          kind === 'new' ? await newArticle(content) : kind === 'edit' ? await editedArticle(content) : kind === 'score' ? await changedScore(content) : null;
        if (change) {
          await change.apply();
          applied.push(change);
        }
        const next = path.join(buildCwd, `out-${n}-${kind}`);
        await rm(next, { recursive: true, force: true });
        const log = path.join(WORK, `rebuild-${kind}-${n}-run${run}.log`);
        const rebuilt = await measure(`rebuild (${kind}) N=${n}`, [process.execPath, astroBin, 'build', '--root', project, '--outDir', next], {
          cwd: buildCwd,
          env: {
            ...env,
            TERRACE_CONTENT_DIR: content,
            ASTRO_CACHE_DIR: cache,
            FEED_BASELINE: path.join(previous, 'content-manifest.json'),
            ...(INCREMENTAL ? { INCREMENTAL_FROM: previous } : {}),
          },
          log,
        });
        if (rebuilt.code !== 0) {
          console.log(
            `  run ${run}: rebuild after ${REBUILD_LABEL[kind]} FAILED (exit ${rebuilt.code}) after ${fmt(rebuilt.wallS)} s; log ${log}\n${rebuilt.tail}`,
          );
          failed = true;
          break;
        }
        const diff = await compareBuilds(previous, next, change ? { kind, slug: change.slug, title: change.title } : null);
        /** @type {Rebuild} */
        const record = { kind, measured: rebuilt, diff };
        if (verifyFor(n)) {
          // The same content rendered in full: the incremental output must be the same, file for file.
          const fullOut = `${next}-full`;
          await rm(fullOut, { recursive: true, force: true });
          record.full = await measure(`full rebuild (${kind}) N=${n}`, [process.execPath, astroBin, 'build', '--root', project, '--outDir', fullOut], {
            cwd: buildCwd,
            env: { ...env, TERRACE_CONTENT_DIR: content, ASTRO_CACHE_DIR: cache, FEED_BASELINE: path.join(previous, 'content-manifest.json') },
            log: path.join(WORK, `rebuild-${kind}-${n}-run${run}-full.log`),
          });
          const same = await differingFiles(fullOut, next);
          record.mismatch = { files: same.length, examples: same.slice(0, 5) };
          if (record.full.code !== 0 || same.length > 0) {
            console.log(
              `  run ${run}: the incremental rebuild after ${REBUILD_LABEL[kind]} differs from a full build in ${same.length} file(s): ${same.slice(0, 10).join(', ')}`,
            );
            failed = true;
          }
          await rm(fullOut, { recursive: true, force: true });
        }
        entry.rebuilds.push(record);
        const causes = Object.entries(diff.causes)
          .sort((x, y) => y[1].files - x[1].files)
          .map(([cause, c]) => `${cause} ${c.files} (${fmt(c.bytes / 2 ** 20)} MB)`)
          .join('; ');
        console.log(
          `  run ${run}/${runs}: ${INCREMENTAL ? 'incremental ' : ''}rebuild after ${REBUILD_LABEL[kind]} ${fmt(rebuilt.wallS)} s (${phaseText(rebuilt.phases)})` +
            (record.full
              ? ` (full rebuild ${fmt(record.full.wallS)} s; outputs ${record.mismatch?.files ? `DIFFER in ${record.mismatch.files} files` : 'identical'})`
              : '') +
            `, peak RSS ${fmt(rebuilt.maxRssMB, 0)} MB (tree ${fmt(rebuilt.treeRssMB, 0)} MB); ` +
            `upload ${diff.uploadFiles} of ${diff.files} files, ${fmt(diff.uploadBytes / 2 ** 20)} of ${fmt(diff.totalBytes / 2 ** 20)} MB (${diff.removedFiles} removed); why: ${causes || 'nothing changed'}`,
        );
        for (const example of run === 1 ? diff.otherExamples.slice(0, 2) : [])
          console.log(`    other: ${example.file}\n      before …${example.before}…\n      after  …${example.after}…`);
        if (previous !== out && !KEEP) await rm(previous, { recursive: true, force: true });
        previous = next;
        if (failed) break;
      }
      for (const change of applied.reverse()) await change.undo();
      if (previous !== out && !KEEP) await rm(previous, { recursive: true, force: true });
      if (failed) {
        results.push({ n, counts, failed: true, site });
        break;
      }
      if (PAGEFIND) {
        const indexDir = path.join(WORK, `pagefind-${n}`);
        await rm(indexDir, { recursive: true, force: true });
        entry.pagefind = await measure(
          `pagefind N=${n}`,
          [path.join(ROOT, 'node_modules/.bin/pagefind'), '--site', out, '--glob', ARTICLE_PAGES, '--output-path', indexDir],
          {
            cwd: ROOT,
            env,
            log: path.join(WORK, `pagefind-${n}-run${run}.log`),
          },
        );
        entry.pagefindIndex = await folderStats(indexDir);
        if (entry.pagefind.code !== 0) console.log(`  run ${run}: pagefind FAILED (exit ${entry.pagefind.code})\n${entry.pagefind.tail}`);
        if (!KEEP) await rm(indexDir, { recursive: true, force: true });
      }
      if (FLOOR) {
        const floorDir = path.join(WORK, `floor-${n}`);
        await writeFloorProject(floorDir, html.files);
        entry.floor = await measure(`floor N=${n}`, [process.execPath, ASTRO, 'build'], {
          cwd: floorDir,
          env: { ...env, ASTRO_CACHE_DIR: undefined, TERRACE_CONTENT_DIR: undefined },
          log: path.join(WORK, `floor-${n}-run${run}.log`),
        });
        if (entry.floor.code !== 0) console.log(`  run ${run}: floor build FAILED (exit ${entry.floor.code})\n${entry.floor.tail}`);
        if (!KEEP) await rm(floorDir, { recursive: true, force: true });
      }
      perRun.push(entry);
      console.log(
        `  run ${run}/${runs}: site ${fmt(site.wallS)} s (${phaseText(site.phases)}), ${html.files} pages (${fmt(html.files / site.wallS, 0)}/s), peak RSS ${fmt(site.maxRssMB, 0)} MB (tree ${fmt(site.treeRssMB, 0)} MB at ${fmt(site.treePeakAtS, 0)} s: ${JSON.stringify(site.atTreePeakMB)}; largest process by name ${JSON.stringify(site.peaksMB)})` +
          (entry.pagefind
            ? `; pagefind ${fmt(entry.pagefind.wallS)} s, ${fmt(entry.pagefind.maxRssMB, 0)} MB RSS, index ${fmt((entry.pagefindIndex?.bytes ?? 0) / 2 ** 20)} MB`
            : '') +
          (entry.floor
            ? `; floor ${fmt(entry.floor.wallS)} s (${fmt(site.wallS / entry.floor.wallS, 2)}×, load before ${fmt(entry.floor.loadBefore, 2)})`
            : '') +
          `; load before ${fmt(site.loadBefore, 2)}` +
          (SETTLE_LOAD !== undefined ? ` (waited ${fmt(site.settledS, 0)} s for it)` : ''),
      );
      if (!KEEP) await rm(out, { recursive: true, force: true });
    }
    if (!KEEP) {
      await rm(cache, { recursive: true, force: true });
      await rm(content, { recursive: true, force: true });
    }
    if (perRun.length) {
      const m = (/** @type {(r: (typeof perRun)[number]) => number | undefined} */ f) =>
        median(
          perRun
            .map(f)
            .filter((v) => v !== undefined && Number.isFinite(v))
            .map(Number),
        );
      results.push({
        n,
        counts,
        runs: perRun.length,
        pages: m((r) => r.pages),
        htmlMB: m((r) => r.htmlBytes / 2 ** 20),
        siteS: m((r) => r.site.wallS),
        siteRssMB: m((r) => r.site.maxRssMB),
        siteTreeRssMB: m((r) => r.site.treeRssMB),
        pagesPerS: m((r) => r.pages / r.site.wallS),
        builtInIndexMB: m((r) => r.astroIndex.bytes / 2 ** 20),
        builtInIndexFiles: m((r) => r.astroIndex.files),
        pagefindS: m((r) => r.pagefind?.wallS),
        pagefindMB: m((r) => (r.pagefindIndex ? r.pagefindIndex.bytes / 2 ** 20 : undefined)),
        pagefindFiles: m((r) => r.pagefindIndex?.files),
        floorS: m((r) => r.floor?.wallS),
        floorRssMB: m((r) => r.floor?.maxRssMB),
        ratio: m((r) => (r.floor ? r.site.wallS / r.floor.wallS : undefined)),
        siteRangeS: range(perRun.map((r) => r.site.wallS)),
        floorRangeS: range(perRun.flatMap((r) => (r.floor ? [r.floor.wallS] : []))),
        rebuilds: REBUILDS.map((kind) => {
          const of = perRun.flatMap((r) => r.rebuilds.filter((b) => b.kind === kind));
          if (of.length === 0) return null;
          const mk = (/** @type {(b: Rebuild) => number} */ f) => median(of.map(f));
          return {
            kind,
            runs: of.length,
            wallS: mk((b) => b.measured.wallS),
            rangeS: range(of.map((b) => b.measured.wallS)),
            fullS: of.some((b) => b.full) ? median(of.flatMap((b) => (b.full ? [b.full.wallS] : []))) : undefined,
            mismatchFiles: of.some((b) => b.mismatch) ? Math.max(...of.map((b) => b.mismatch?.files ?? 0)) : undefined,
            maxRssMB: mk((b) => b.measured.maxRssMB),
            treeRssMB: mk((b) => b.measured.treeRssMB),
            uploadFiles: mk((b) => b.diff.uploadFiles),
            uploadMB: mk((b) => b.diff.uploadBytes / 2 ** 20),
            files: mk((b) => b.diff.files),
            totalMB: mk((b) => b.diff.totalBytes / 2 ** 20),
            removedFiles: mk((b) => b.diff.removedFiles),
            causes: of[0]?.diff.causes,
            otherExamples: of[0]?.diff.otherExamples,
            raw: of.map((b) => ({
              wallS: b.measured.wallS,
              maxRssMB: b.measured.maxRssMB,
              treeRssMB: b.measured.treeRssMB,
              peaksByProcessMB: b.measured.peaksMB,
              phasesS: b.measured.phases,
              uploadFiles: b.diff.uploadFiles,
              uploadBytes: b.diff.uploadBytes,
            })),
          };
        }).filter((x) => x !== null),
        load: perRun.map((r) => r.site.loadBefore),
        raw: perRun.map((r) => ({
          siteS: r.site.wallS,
          floorS: r.floor?.wallS,
          pagefindS: r.pagefind?.wallS,
          rssMB: r.site.maxRssMB,
          treeRssMB: r.site.treeRssMB,
          treePeakAtS: r.site.treePeakAtS,
          atTreePeakMB: r.site.atTreePeakMB,
          peaksByProcessMB: r.site.peaksMB,
          phasesS: r.site.phases,
          pagefindRssMB: r.pagefind?.maxRssMB,
          floorRssMB: r.floor?.maxRssMB,
          load: r.site.loadBefore,
        })),
      });
    }
    if (failed) break;
  }

  console.log(
    `\nBuild benchmark (medians of the runs shown; wall times in s, memory in MB; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end)\n`,
  );
  console.log(
    table(
      ['articles', 'runs', 'pages', 'site s', 'pages/s', 'peak RSS', 'tree RSS', 'index (build) MB', 'pagefind s', 'index MB', 'floor s', 'site/floor'],
      results
        .filter((r) => !r.failed)
        .map((r) => [
          r.n,
          r.runs,
          r.pages,
          `${fmt(r.siteS)} (${r.siteRangeS})`,
          fmt(r.pagesPerS, 0),
          fmt(r.siteRssMB, 0),
          fmt(r.siteTreeRssMB, 0),
          r.builtInIndexFiles ? `${fmt(r.builtInIndexMB)} (${r.builtInIndexFiles} files)` : '-',
          fmt(r.pagefindS),
          r.pagefindFiles ? `${fmt(r.pagefindMB)} (${r.pagefindFiles} files)` : '-',
          `${fmt(r.floorS)} (${r.floorRangeS})`,
          `${fmt(r.ratio, 2)}×`,
        ]),
    ),
  );
  const rebuildRows = results
    .filter((r) => !r.failed)
    .flatMap((r) =>
      (r.rebuilds ?? []).map((/** @type {any} */ b) => [
        r.n,
        REBUILD_LABEL[/** @type {RebuildKind} */ (b.kind)],
        b.runs,
        `${fmt(b.wallS)} (${b.rangeS})`,
        `${fmt(b.wallS / r.siteS, 2)}×`,
        b.fullS === undefined ? '-' : fmt(b.fullS),
        b.mismatchFiles === undefined ? '-' : b.mismatchFiles === 0 ? 'yes' : `NO (${b.mismatchFiles})`,
        fmt(b.maxRssMB, 0),
        fmt(b.treeRssMB, 0),
        `${b.uploadFiles} of ${b.files}`,
        `${fmt(b.uploadMB)} of ${fmt(b.totalMB)}`,
      ]),
    );
  if (rebuildRows.length) {
    console.log(
      `\n${INCREMENTAL ? 'Incremental rebuilds (INCREMENTAL_FROM the build before)' : 'Rebuilds'} with the same content layer cache, into a fresh dist/ (upload: files changed or added since the build before; full rebuild: the same content built in full, and whether both outputs are the same)\n`,
    );
    console.log(
      table(
        ['articles', 'rebuild after', 'runs', 'wall s', 'of full', 'full rebuild s', 'same as full', 'peak RSS', 'tree RSS', 'upload files', 'upload MB'],
        rebuildRows,
      ),
    );
    for (const r of results.filter((x) => !x.failed)) {
      for (const b of r.rebuilds ?? []) {
        const causes = Object.entries(/** @type {Record<string, { files: number, bytes: number }>} */ (b.causes ?? {})).sort((x, y) => y[1].files - x[1].files);
        console.log(
          `N=${r.n}, ${REBUILD_LABEL[/** @type {RebuildKind} */ (b.kind)]}: ${causes.map(([c, v]) => `${c} ${v.files} (${fmt(v.bytes / 2 ** 20)} MB)`).join('; ') || 'nothing changed'}`,
        );
      }
    }
  }
  for (const r of results.filter((x) => x.failed))
    console.log(`N=${r.n}: FAILED after ${fmt(r.site.wallS)} s (exit ${r.site.code}), peak RSS ${fmt(r.site.maxRssMB, 0)} MB`);

  const reportDir = path.join(ROOT, 'reports/bench');
  await mkdir(reportDir, { recursive: true });
  const file = path.join(reportDir, `build-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify({ date: new Date().toISOString(), machine, loadAverageEnd: os.loadavg(), results }, null, 2)}\n`);
  console.log(`\nresults: ${path.relative(ROOT, file)}`);
  if (SNAPSHOT && !KEEP) await rm(path.join(WORK, 'project'), { recursive: true, force: true });
  // A failed run keeps its folder: the logs named above are in it.
  if (OWN_WORK && !KEEP && !failed) await rm(WORK, { recursive: true, force: true });
  if (failed) process.exitCode = 1;
}

await main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
