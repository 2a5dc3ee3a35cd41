/**
 * Incremental rendering of the news pages (docs/publishing.md "One change costs one change"). A
 * page's **render key** is the SHA-256 of the site key (code, every collection but the news, the
 * browser clock, the build's environment) and the page's own inputs; with INCREMENTAL_FROM (the
 * previous build's output) a page whose key is unchanged is hard-linked from there instead of
 * rendered, before anything reads the output. Keys are always recorded for the next build.
 * {@link incrementalBuild} (astro.config.mjs) loads and saves the keys and links the reused pages
 * ({@link REUSED_PAGE_URLS}); {@link planRender} (the news routes' getStaticPaths) drops the paths
 * it can reuse; they share one state object on `globalThis`. Guarded by
 * tests/integration/incremental-build.test.ts (incremental rebuild = full build, file by file).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Bump when the meaning of a key changes: every page is rendered once more. */
const KEY_VERSION = 1;

/** Environment variables that change what the pages say (build-time config, src/config.ts). */
const ENV_IN_KEY = /^(PUBLIC_|SITE_URL$|RETURN_HOSTS$|LOCK_EMPTY_ENTITLEMENTS$|CONTENT_API_URL$)/;

/** Project files whose change may change any page. Folders are walked. */
const CODE_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Build records of each kind kept in the cache folder (older ones are removed). */
const KEEP_KEY_FILES = 8;

/** Absolute URLs of pages this build reused, for the sitemap's `customPages` (src/integrations/publicSitemap.ts). */
export const REUSED_PAGE_URLS: string[] = [];

/** What one build decided: output file (relative to outDir, '/'-separated) → render key. */
export interface RenderKeys {
  version: number;
  pages: Record<string, string>;
}

interface PlanState {
  /** The previous build's output folder, when incremental. */
  previousDir?: string;
  previous: Record<string, string>;
  /** Digest of the code and environment (set by the integration), completed with content by the first plan. */
  codeKey: string;
  siteKey?: Promise<string>;
  keys: Record<string, string>;
  reused: string[];
  rendered: number;
}

const STATE = Symbol.for('terrace.renderPlan');

function state(): PlanState {
  const holder = globalThis as { [STATE]?: PlanState };
  holder[STATE] ??= { previous: {}, codeKey: '', keys: {}, reused: [], rendered: 0 };
  return holder[STATE];
}

/** Forgets the plan of an earlier build in this process (called when a build starts). */
function resetPlan(): PlanState {
  (globalThis as { [STATE]?: PlanState })[STATE] = undefined;
  REUSED_PAGE_URLS.length = 0;
  return state();
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Digest of files and folders (paths and bytes), in a stable order. Missing paths count as absent. */
export function treeDigest(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  const visit = (relative: string): void => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    const info = statSync(full);
    if (info.isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(path.join(relative, name));
    } else if (info.isFile()) {
      hash.update(`${relative}\0${info.size}\0`);
      hash.update(readFileSync(full));
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

/**
 * A build output's identity: the build time in its `content-manifest.json` (src/pages), which
 * stays with the folder when it is moved or restored from a cache (Netlify: docs/publishing.md),
 * else its absolute path.
 */
function buildIdentity(outDir: string): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'content-manifest.json'), 'utf8')) as { builtAt?: unknown };
    if (typeof manifest.builtAt === 'string' && manifest.builtAt) return `built ${manifest.builtAt}`;
  } catch {
    // no manifest (yet): the folder's path
  }
  return `path ${path.resolve(outDir)}`;
}

/**
 * Where a build's record of one kind is kept: one file per build output in Astro's cache folder
 * (`<cacheDir>/<kind>/<digest of its identity>.json`), so the next build can find the records of
 * the output it reuses. Call it for a finished output (its content manifest written).
 */
export function buildRecordFile(cacheDir: string, outDir: string, kind: 'render-keys' | 'csp-scan' | 'sitemap'): string {
  return path.join(cacheDir, kind, `${sha256(buildIdentity(outDir)).slice(0, 24)}.json`);
}

const keysFile = (cacheDir: string, outDir: string): string => buildRecordFile(cacheDir, outDir, 'render-keys');

/** A file's identity as a build record keeps it: a hard link from the previous build keeps all three. */
export interface FileIdentity {
  ino: number;
  size: number;
  mtimeMs: number;
}

/** The identity of a file from its stat. */
export const fileIdentity = (info: FileIdentity): FileIdentity => ({ ino: info.ino, size: info.size, mtimeMs: info.mtimeMs });

/** Whether `info` is the very file a record was made from (so the record still holds for it). */
export function isRecordedFile(record: FileIdentity | undefined, info: FileIdentity): boolean {
  return record !== undefined && record.ino === info.ino && record.size === info.size && record.mtimeMs === info.mtimeMs;
}

/** A build record file's per-page entries, or none when it is missing or unreadable (everything is then redone). */
export function readPageRecords<T>(file: string | undefined): Record<string, T> {
  if (!file) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, T>;
  } catch {
    return {};
  }
}

function readKeys(file: string): Record<string, string> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RenderKeys>;
    return parsed.version === KEY_VERSION && parsed.pages && typeof parsed.pages === 'object' ? parsed.pages : {};
  } catch {
    return {};
  }
}

/**
 * The site key: what every planned page depends on besides its own inputs. `content` is the
 * caller's digest of every collection except the news and the clock, plus the clock the browser
 * is given (src/queries/clock getBrowserAsOf).
 */
export function siteKey(content: () => Promise<string>): Promise<string> {
  const s = state();
  s.siteKey ??= content().then((digest) => sha256(`${KEY_VERSION}\0${s.codeKey}\0${digest}`));
  return s.siteKey;
}

/** One page a route would render: its getStaticPaths entry, its output file and its own inputs. */
export interface PlannedPage<T> {
  path: T;
  /** Output file relative to outDir, e.g. 'news/some-slug/index.html'. */
  file: string;
  /** Digest (or any stable text) of everything the page shows that is not in the site key. */
  inputs: string;
}

/**
 * Keeps the paths that must be rendered and records every page's key. A page is skipped when the
 * previous build (INCREMENTAL_FROM) had the same key for the same file and the file is there.
 * @param route A name for the route, part of the key (two routes never share a key).
 * @param site The site key ({@link siteKey}).
 * @returns The getStaticPaths entries to render, in their order.
 */
export function planRender<T>(route: string, site: string, pages: readonly PlannedPage<T>[]): T[] {
  const s = state();
  const render: T[] = [];
  for (const page of pages) {
    const key = sha256(`${site}\0${route}\0${page.inputs}`);
    s.keys[page.file] = key;
    if (s.previousDir && s.previous[page.file] === key && existsSync(path.join(s.previousDir, page.file))) {
      s.reused.push(page.file);
    } else {
      render.push(page.path);
      s.rendered += 1;
    }
  }
  return render;
}

/**
 * A digest of a content entry: its whole JSON (id, data, rendered HTML, loader digest). The loader's
 * own digest alone is not enough: the platform loader digests the data without the HTML body.
 * Remembered per entry object (a build's entries are shared, src/queries/buildMemo.ts).
 */
const entryDigests = new WeakMap<object, string>();
export function entryDigest(entry: { id: string }): string {
  let digest = entryDigests.get(entry);
  if (digest === undefined) {
    digest = sha256(JSON.stringify(entry));
    entryDigests.set(entry, digest);
  }
  return digest;
}

/** The URL path of an output file: 'news/a/index.html' → '/news/a/'. */
function pagePath(file: string): string {
  return `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
}

/**
 * Hard-links (or, across devices, copies) `from` to `to`, creating `to`'s folder once per build
 * (`made` remembers the folders created: a 30,000-article rebuild links 76,000 pages).
 */
async function linkOrCopy(from: string, to: string, made: Map<string, Promise<unknown>>): Promise<void> {
  const folder = path.dirname(to);
  let ready = made.get(folder);
  if (!ready) {
    ready = mkdir(folder, { recursive: true });
    made.set(folder, ready);
  }
  await ready;
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    await copyFile(from, to);
  }
}

/** Removes all but the newest `keep` key files. */
async function pruneKeys(folder: string, keep: number): Promise<void> {
  const files = await Promise.all((await readdir(folder)).map(async (name) => ({ name, time: (await stat(path.join(folder, name))).mtimeMs })));
  files.sort((a, b) => b.time - a.time);
  await Promise.all(files.slice(keep).map(({ name }) => rm(path.join(folder, name), { force: true })));
}

/**
 * The integration half (first in astro.config.mjs so its build:done runs before the sitemap, the
 * search index and the CSP scan). Reads INCREMENTAL_FROM (absolute or relative to the project).
 */
export function incrementalBuild(): AstroIntegration {
  let cacheDir = '';
  let outDir = '';
  let site: URL | undefined;
  return {
    name: 'terrace:incremental-build',
    hooks: {
      'astro:config:done': ({ config, logger }) => {
        const root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
        outDir = fileURLToPath(config.outDir);
        site = new URL(config.base, config.site ?? 'http://localhost/');
        const s = resetPlan();
        const env = Object.keys(process.env)
          .filter((name) => ENV_IN_KEY.test(name))
          .sort()
          .map((name) => `${name}=${process.env[name] ?? ''}`)
          .join('\n');
        s.codeKey = sha256(`${treeDigest(root, CODE_INPUTS)}\0${env}\0${site.href}\0${config.trailingSlash}\0${config.build.format}`);
        const from = process.env.INCREMENTAL_FROM;
        if (from) {
          const previousDir = path.resolve(root, from);
          if (path.resolve(previousDir) === path.resolve(outDir)) throw new Error('INCREMENTAL_FROM must be another folder than the build’s outDir');
          s.previous = readKeys(keysFile(cacheDir, previousDir));
          if (Object.keys(s.previous).length === 0) logger.warn(`no render keys saved for ${previousDir}: every page is rendered`);
          else s.previousDir = previousDir;
        }
      },
      'astro:build:done': async ({ logger }) => {
        const s = state();
        if (s.previousDir) {
          const from = s.previousDir;
          const queue = [...s.reused];
          const made = new Map<string, Promise<unknown>>();
          await Promise.all(
            Array.from({ length: 16 }, async () => {
              for (let file = queue.pop(); file !== undefined; file = queue.pop()) await linkOrCopy(path.join(from, file), path.join(outDir, file), made);
            }),
          );
          for (const file of s.reused) REUSED_PAGE_URLS.push(new URL(pagePath(file).slice(1), site).href);
        }
        const target = keysFile(cacheDir, outDir);
        await mkdir(path.dirname(target), { recursive: true });
        const saved: RenderKeys = { version: KEY_VERSION, pages: s.keys };
        await writeFile(target, JSON.stringify(saved));
        for (const kind of ['render-keys', 'csp-scan', 'sitemap'] as const) {
          const folder = path.join(cacheDir, kind);
          if (existsSync(folder)) await pruneKeys(folder, KEEP_KEY_FILES);
        }
        const planned = s.rendered + s.reused.length;
        logger.info(
          s.previousDir
            ? `rendered ${s.rendered} of ${planned} planned pages; ${s.reused.length} reused from ${s.previousDir}`
            : `rendered all ${planned} planned pages (full build)`,
        );
      },
    },
  };
}
