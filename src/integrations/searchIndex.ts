/**
 * Builds the Pagefind search index of the news (spec §2 Search overlay) into `<outDir>/pagefind/`,
 * sharded by publication month (docs/publishing.md "Search at scale"): only ARTICLE_PAGES marked
 * `data-pagefind-body` are read, their time from `data-published` (ms); each shard of whole months,
 * up to SEARCH_SHARD_ARTICLES, is its own index built by a fresh Pagefind service from each page's
 * {@link indexedPart}, with `inputs.json` and a count index (./searchCountIndex.ts); with
 * INCREMENTAL_FROM an unchanged shard is linked from the previous build. `pagefind/` gets the
 * browser bundle and `shards.json`. A full build streams these steps while rendering
 * (./searchIndexStream.ts), else {@link buildSearchIndex} runs after it. Failure fails the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Parser } from 'htmlparser2';
import { close, createIndex } from 'pagefind';
import { z } from 'zod';
import {
  COUNT_INDEX_FOLDER,
  DEFAULT_SHARD_ARTICLES,
  groupShards,
  MAX_SHARDS,
  parseShardList,
  shardList,
  type DatedPage,
  type SearchShard,
} from '../lib/searchShards.ts';
import { writeCountIndex } from './searchCountIndex.ts';
import { newsPageFile } from './searchPlan.ts';

/** Where the pre-rendered news articles are (spec §2 /news/:slug, built as directories). */
export const ARTICLE_PAGES = 'news/*/index.html';

/** Pages sent to Pagefind at once. */
const ADD_BATCH = 100;

/** A shard's record of its inputs, `pagefind/<name>/inputs.json`. */
const inputsSchema = z.object({
  version: z.literal(1),
  files: z.record(z.string(), z.object({ sha256: z.string(), published: z.number() })),
});
type ShardInputs = z.infer<typeof inputsSchema>;
const INPUTS_FILE = 'inputs.json';
/** Files of Pagefind's output that are the shard's index (the rest is the shared browser bundle). */
const INDEX_PARTS = new Set(['pagefind-entry.json', INPUTS_FILE]);

/**
 * The sort anchor added to every shard: the oldest possible date, and as its only word an undertie
 * '‿' (Pagefind drops a record without words; nobody types that one). Under a sort, Pagefind
 * scores a result by its page's rank in the shard's sort order (0 = oldest), and the browser
 * weights shards so that the newest shard's ranks outscore the older ones'
 * (src/islands/search/pagefind.ts) — which needs every real article's rank ≥ 1. The date view
 * drops score-0 results, so the anchor never shows there; a relevance search for '‿' would find it.
 */
const SORT_ANCHOR = { url: '/pagefind/sort-anchor/', content: '‿', language: 'en', meta: { title: '' }, sort: { date: '0' } };

/** What one article page holds for the index. */
export interface ArticleRecord {
  sha256: string;
  published: number;
}

export interface BuildSearchOptions {
  /** The built site (absolute path). */
  site: string;
  /** Most articles per shard (default SEARCH_SHARD_ARTICLES or DEFAULT_SHARD_ARTICLES). */
  maxPerShard?: number;
  /** The previous build's output (absolute path) whose unchanged shards are reused; none: build all. */
  incrementalFrom?: string;
  log?: (message: string) => void;
}

export interface BuildSearchResult {
  /** Shards oldest first, with how each was obtained. */
  shards: (SearchShard & { reused: boolean })[];
  /** Article pages indexed. */
  indexed: number;
  /** Candidate pages (ARTICLE_PAGES) that are not articles. */
  skipped: number;
}

/** The `news/<slug>/index.html` files of a site (relative paths, sorted). */
export async function articleFiles(site: string): Promise<string[]> {
  const news = path.join(site, 'news');
  if (!existsSync(news)) return [];
  const files: string[] = [];
  for (const entry of await readdir(news, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const rel = newsPageFile(entry.name);
    if (existsSync(path.join(site, rel))) files.push(rel);
  }
  return files.sort();
}

/** The search record's mark and its publication time (ms), both on ArticleBody's <article>. */
const RECORD = /\sdata-pagefind-body[\s=>]/;
const PUBLISHED = /\sdata-published="(\d+)"/;

/**
 * The part of a page Pagefind reads: the element marked `data-pagefind-body` (ArticleBody's
 * <article>, which also carries every data-pagefind-meta, -filter and -sort attribute), from its
 * start tag to its end tag. The rest of the page (header, footer, related news) does not reach the
 * index, so a page whose related news changed keeps its shard (a new article changes the
 * related news of every article sharing its categories). Undefined when no element is marked.
 */
export function indexedPart(html: string): string | undefined {
  // Parse from the tag that carries the mark, and stop at its end tag: an article page is ~70 KB
  // and the marked element ~9 KB of it (reading 30,000 pages in full took 45 s). Should the
  // mark's text occur first outside a tag (an article quoting it), parse the whole page instead.
  const mark = html.indexOf('data-pagefind-body');
  if (mark < 0) return undefined;
  const from = html.lastIndexOf('<', mark);
  return (from >= 0 ? markedElement(html, from, true) : undefined) ?? markedElement(html, 0, false);
}

/**
 * The element marked `data-pagefind-body` in `html`, parsing from offset `from`; with
 * `firstTagOnly`, undefined unless the first tag there is the marked one.
 */
function markedElement(html: string, from: number, firstTagOnly: boolean): string | undefined {
  let start = -1;
  let end = -1;
  let depth = 0;
  const parser = new Parser({
    onopentag(_name, attributes) {
      if (end >= 0) return;
      if (start < 0 && Object.hasOwn(attributes, 'data-pagefind-body')) {
        start = parser.startIndex;
        depth = 1;
      } else if (start >= 0) depth += 1;
      else if (firstTagOnly) parser.pause();
    },
    onclosetag() {
      if (start < 0 || end >= 0) return;
      depth -= 1;
      if (depth === 0) {
        end = parser.endIndex;
        parser.pause();
      }
    },
  });
  parser.end(from === 0 ? html : html.slice(from));
  return start < 0 ? undefined : html.slice(from + start, end < 0 ? undefined : from + end + 1);
}

/**
 * What a page gives the index: the SHA-256 of `file` and its indexed part ({@link indexedPart}),
 * and its publication time (ms, `data-published`); null when the page is not a search record.
 * @param html The page.
 * @param file Its path in the output, e.g. `news/some-slug/index.html`.
 * @throws {Error} When the page is marked `data-pagefind-body` but has no `data-published`.
 */
export function searchRecord(html: string, file: string): ArticleRecord | null {
  return articleForIndex(html, file)?.record ?? null;
}

/**
 * A search record's {@link searchRecord} and its indexed part, the only part of the page that
 * reaches the index (Pagefind given the part alone writes the same index as given the page);
 * null when the page is not a search record.
 * @throws {Error} As {@link searchRecord}.
 */
export function articleForIndex(html: string, file: string): { record: ArticleRecord; part: string } | null {
  if (!RECORD.test(html)) return null;
  const published = PUBLISHED.exec(html)?.[1];
  if (published === undefined) throw new Error(`${file} is marked data-pagefind-body but has no data-published time`);
  const part = indexedPart(html) ?? html;
  return { record: { sha256: createHash('sha256').update(`${file}\0${part}`).digest('hex'), published: Number(published) }, part };
}

/** The previous build's records by page (from its shards' inputs.json), and its shards by name. */
async function previousBuild(dir: string): Promise<{ records: Map<string, ArticleRecord>; shards: Map<string, ShardInputs> }> {
  const records = new Map<string, ArticleRecord>();
  const shards = new Map<string, ShardInputs>();
  let list;
  try {
    list = parseShardList(JSON.parse(await readFile(path.join(dir, 'pagefind/shards.json'), 'utf8')));
  } catch {
    return { records, shards }; // no usable previous index: everything is built
  }
  for (const folder of list.shards) {
    const name = folder.split('/').at(-2) ?? '';
    try {
      const inputs = inputsSchema.parse(JSON.parse(await readFile(path.join(dir, 'pagefind', name, INPUTS_FILE), 'utf8')));
      shards.set(name, inputs);
      for (const [file, record] of Object.entries(inputs.files)) records.set(file, record);
    } catch {
      // that shard is rebuilt
    }
  }
  return { records, shards };
}

/** Whether two paths are the same file (a hard link): synchronous, as 30,000 awaited pairs of stats cost seconds. */
function sameFile(a: string, b: string): boolean {
  try {
    const [x, y] = [statSync(a), statSync(b)];
    return x.ino === y.ino && x.dev === y.dev;
  } catch {
    return false;
  }
}

/** Hard-links a folder tree (copies where links fail, e.g. across file systems). */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isFile()) await link(source, target).catch(() => copyFile(source, target));
  }
}

/**
 * Builds one shard's Pagefind index into `out` from its pages' indexed parts (page path → part;
 * read from the written pages where `parts` lacks them), added in the shard's page order (sorted),
 * so that the same pages always make the same files.
 */
async function buildShard(site: string, shard: SearchShard, out: string, parts?: ReadonlyMap<string, string | Buffer>): Promise<number> {
  try {
    const { index, errors } = await createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(errors.join('\n') || 'Pagefind did not start');
    // Sent ADD_BATCH at a time without waiting for each answer: the service takes them in the
    // order sent (the order makes the files); 5,000 round trips one by one cost seconds, and all
    // at once hold every page's message in memory.
    for (let i = 0; i < shard.pages.length; i += ADD_BATCH) {
      const added = await Promise.all(
        shard.pages.slice(i, i + ADD_BATCH).map((page) => {
          const part = parts?.get(page)?.toString() ?? readPart(site, page);
          // Within a document: Pagefind finds no marked element in a bare fragment.
          return index.addHTMLFile({ sourcePath: page, content: `<html><body>${part}</body></html>` });
        }),
      );
      const failed = added.flatMap((a) => a.errors);
      if (failed.length > 0) throw new Error(failed.join('\n'));
    }
    const anchor = await index.addCustomRecord(SORT_ANCHOR);
    if (anchor.errors.length > 0) throw new Error(anchor.errors.join('\n'));
    const written = await index.writeFiles({ outputPath: out });
    if (written.errors.length > 0) throw new Error(written.errors.join('\n'));
    // Every article must stay searchable: the shard holds each of its pages, plus the anchor.
    const entry = z
      .object({ languages: z.record(z.string(), z.object({ page_count: z.number() })) })
      .parse(JSON.parse(await readFile(path.join(out, 'pagefind-entry.json'), 'utf8')));
    const indexed = Object.values(entry.languages).reduce((sum, l) => sum + l.page_count, 0) - 1;
    if (indexed !== shard.pages.length) throw new Error(`search shard ${shard.name}: Pagefind indexed ${indexed} of its ${shard.pages.length} articles`);
    await writeCountIndex(out, shard.name);
    return indexed;
  } finally {
    // A fresh service per shard: closing it ends the Pagefind process and frees all its memory.
    await close();
    await childrenGone(PAGEFIND_PROCESS);
  }
}

/** The start of the Pagefind service's process name (`pagefind_extended`, cut to 15 characters by Linux). */
export const PAGEFIND_PROCESS = 'pagefind';

/** How long to wait at most for a closed Pagefind process to be gone (ms). */
const CHILD_EXIT_WAIT_MS = 10_000;

/**
 * Waits until no child process of this process whose name starts with `name` is alive (exited or
 * a zombie, which holds no memory), or at most 10 s. Pagefind's `close()` kills its service without
 * waiting for it to exit: the next shard's service could start while the last one, at the lowest
 * priority like the search worker and slow to be torn down beside rendering, still holds its
 * ~0.5 GB (≤ 3 GB for the whole tree; shards are indexed one at a time). Linux only
 * (`/proc/<pid>/task/<tid>/children`); elsewhere it returns at once.
 * @param name The start of the process name (`/proc/<pid>/stat`'s comm).
 * @returns How many were alive when it started to wait.
 */
export async function childrenGone(name: string): Promise<number> {
  const deadline = Date.now() + CHILD_EXIT_WAIT_MS;
  const first = liveChildren(name);
  for (let live = first; live > 0 && Date.now() < deadline; live = liveChildren(name)) await sleep(10);
  return first;
}

/** How many child processes of this process (of any of its threads) whose name starts with `name` are alive. */
function liveChildren(name: string): number {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${process.pid}/task`);
  } catch {
    return 0; // no /proc
  }
  let live = 0;
  for (const task of tasks) {
    let children: string[];
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      continue; // the thread ended meanwhile
    }
    for (const child of children) {
      try {
        // "<pid> (<comm>) <state> …"
        const stat = /^\d+ \((.*)\) (\S)/.exec(readFileSync(`/proc/${child}/stat`, 'utf8'));
        if (stat?.[1]?.startsWith(name) && stat[2] !== 'Z') live += 1;
      } catch {
        // gone meanwhile
      }
    }
  }
  return live;
}

/** The indexed part of a written article page (synchronous: nothing else runs meanwhile, and awaited reads of thousands of pages cost seconds). */
function readPart(site: string, page: string): string {
  const article = articleForIndex(readFileSync(path.join(site, page), 'utf8'), page);
  if (!article) throw new Error(`${page} is no longer marked data-pagefind-body`);
  return article.part;
}

/** SEARCH_SHARD_ARTICLES from the environment (a positive integer), else the default. */
export function shardCapFromEnv(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SEARCH_SHARD_ARTICLES;
  if (raw === undefined || raw === '') return DEFAULT_SHARD_ARTICLES;
  const cap = Number(raw);
  if (!Number.isInteger(cap) || cap < 1) throw new Error(`SEARCH_SHARD_ARTICLES must be a positive integer, not '${raw}'`);
  return cap;
}

/**
 * Writes the sharded search index of a built site into `<site>/pagefind/` (see the file header).
 * Returns the shards and counts; throws on a Pagefind error, or when candidate pages exist but none
 * is marked `data-pagefind-body` (articles have moved).
 */
export async function buildSearchIndex(options: BuildSearchOptions): Promise<BuildSearchResult> {
  const { site } = options;
  const log = options.log ?? (() => {});
  const maxPerShard = options.maxPerShard ?? shardCapFromEnv();
  const root = path.join(site, 'pagefind');
  // The previous build must be another folder: this one's pagefind/ is replaced below.
  if (options.incrementalFrom && path.resolve(options.incrementalFrom) === path.resolve(site)) {
    throw new Error(`INCREMENTAL_FROM is the build's own output (${site}): it must name the previous build's folder`);
  }
  const previous = options.incrementalFrom ? await previousBuild(options.incrementalFrom) : undefined;

  const candidates = await articleFiles(site);
  const pages: DatedPage[] = [];
  const records = new Map<string, ArticleRecord>();
  let skipped = 0;
  for (const file of candidates) {
    let record: ArticleRecord | null | undefined;
    const before = previous?.records.get(file);
    if (before && options.incrementalFrom && sameFile(path.join(site, file), path.join(options.incrementalFrom, file))) record = before; // hard-linked
    record ??= searchRecord(await readFile(path.join(site, file), 'utf8'), file);
    if (!record) {
      skipped += 1;
      continue;
    }
    records.set(file, record);
    pages.push({ path: file, published: record.published });
  }
  if (pages.length === 0 && candidates.length > 0) {
    throw new Error(`none of the ${candidates.length} page(s) matching ${ARTICLE_PAGES} is marked data-pagefind-body: have articles moved?`);
  }

  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const shards = planShards(pages, maxPerShard);
  const done: BuildSearchResult['shards'] = [];
  for (const shard of shards) {
    const out = path.join(root, shard.name);
    const old = previous?.shards.get(shard.name);
    const from = options.incrementalFrom ? path.join(options.incrementalFrom, 'pagefind', shard.name) : '';
    const same =
      old !== undefined &&
      Object.keys(old.files).length === shard.pages.length &&
      shard.pages.every((p) => old.files[p]?.sha256 === records.get(p)?.sha256) &&
      existsSync(path.join(from, 'pagefind-entry.json')) &&
      existsSync(path.join(from, COUNT_INDEX_FOLDER, 'pagefind-entry.json'));
    if (same) {
      await linkTree(from, out);
      log(`search shard ${shard.name} (${shard.from}…${shard.to}, ${shard.pages.length} articles) unchanged: reused`);
    } else {
      await indexShard(site, shard, records, log);
    }
    done.push({ ...shard, reused: same });
  }
  await writeShardList(site, shards);
  return { shards: done, indexed: pages.length, skipped };
}

/**
 * The shards of a build's articles (src/lib/searchShards groupShards); with no article, one empty
 * shard, so that the browser still finds an index (and no results).
 * @throws {Error} When there are more shards than the browser merges (MAX_SHARDS).
 */
export function planShards(pages: readonly DatedPage[], maxPerShard: number): SearchShard[] {
  const shards = pages.length > 0 ? groupShards(pages, maxPerShard) : [{ name: 'empty', from: '', to: '', pages: [] }];
  if (shards.length > MAX_SHARDS) {
    throw new Error(
      `${pages.length} articles make ${shards.length} search shards, more than the browser merges (${MAX_SHARDS}): raise SEARCH_SHARD_ARTICLES (now ${maxPerShard})`,
    );
  }
  return shards;
}

/**
 * Builds one shard's index into `<site>/pagefind/<name>/` from its written pages, or from their
 * indexed parts when `parts` has them (page path → part, a string or UTF-8), with its `inputs.json` (each page's
 * record from `records`), and logs the time it took.
 * @throws {Error} On a Pagefind error, or when Pagefind did not index every page of the shard.
 */
export async function indexShard(
  site: string,
  shard: SearchShard,
  records: ReadonlyMap<string, ArticleRecord>,
  log: (message: string) => void,
  parts?: ReadonlyMap<string, string | Buffer>,
): Promise<void> {
  const out = path.join(site, 'pagefind', shard.name);
  const inputs: ShardInputs = { version: 1, files: Object.fromEntries(shard.pages.map((p) => [p, records.get(p) as ArticleRecord])) };
  const started = performance.now();
  const count = await buildShard(site, shard, out, parts);
  await writeFile(path.join(out, INPUTS_FILE), `${JSON.stringify(inputs)}\n`);
  log(`search shard ${shard.name} (${shard.from}…${shard.to}): indexed ${count} articles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Once every shard is in `<site>/pagefind/<name>/`: Pagefind's browser bundle (identical in every
 * shard) once at /pagefind/, from the newest shard, and the shard list `shards.json`.
 */
export async function writeShardList(site: string, shards: readonly SearchShard[]): Promise<void> {
  const root = path.join(site, 'pagefind');
  const newest = shards.at(-1);
  if (!newest) return;
  for (const entry of await readdir(path.join(root, newest.name), { withFileTypes: true })) {
    if (entry.isFile() && !INDEX_PARTS.has(entry.name) && !entry.name.endsWith('.pf_meta')) {
      await copyFile(path.join(root, newest.name, entry.name), path.join(root, entry.name));
    }
  }
  await writeFile(path.join(root, 'shards.json'), `${JSON.stringify(shardList(shards))}\n`);
}
