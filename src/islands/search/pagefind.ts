/**
 * The Pagefind search API (https://pagefind.app/docs/api/), loaded from /pagefind/ only when the
 * search overlay opens. The news index is sharded by month (SHARD_LIST_URL lists the folders,
 * newest first); each view opens the newest shard and merges others into it (mergeIndex).
 * Two views, each opened on first use (docs/publishing.md "Search at scale"):
 * - 'date' (default): dateWeights make every newer shard's results outscore older ones, so the
 *   order is newest first and each result's shard is known from its score (dateShardOf); older
 *   shards merge as count indexes and in full only when a page of results reaches them;
 * - 'relevance': every shard in full, weighing 1, by score. Only what the overlay uses is typed.
 */
import {
  COUNT_ANCHOR_TAG,
  countIndexOf,
  countTag,
  dateShardOf,
  dateWeights,
  parseShardList,
  SHARD_LIST_URL,
  shardName,
  shardRanges,
} from '../../lib/searchShards';

/** A loaded result (`await result.data()`). */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Partial<Record<string, string>>;
}

export interface PagefindResult {
  /** The page's hash, or a count index's tag (countTag). */
  id: string;
  /** Relevance, or under a sort the page's rank in its shard times the shard's weight. */
  score: number;
  data(): Promise<PagefindResultData>;
}

export interface PagefindSearchOptions {
  sort?: Record<string, 'asc' | 'desc'>;
  filters?: Record<string, string | string[]>;
}

/** A merged search index (a Pagefind instance). */
export interface Pagefind {
  /** Resolves once the index is loaded. */
  init(): Promise<void>;
  search(term: string | null, options?: PagefindSearchOptions): Promise<{ results: PagefindResult[] } | null>;
}

interface PagefindInstance extends Pagefind {
  mergeIndex(indexPath: string, options?: { indexWeight?: number }): Promise<void>;
}

interface PagefindModule {
  createInstance(options: { basePath: string; indexWeight?: number }): PagefindInstance;
}

/** The hits of one news search: how many, and the ones at positions start … end-1 of its order. */
export interface NewsResultSet {
  total: number;
  /** The results at positions start … end-1 (fewer past the end); loads what it needs to show them. */
  slice(start: number, end: number): Promise<PagefindResult[]>;
}

/** Where the build puts Pagefind's browser module. */
export const PAGEFIND_URL = '/pagefind/pagefind.js';

/** How results are ordered: newest first ('date'), or by score ('relevance'). */
export type PagefindOrder = 'date' | 'relevance';

function isPagefindModule(value: unknown): value is PagefindModule {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).createInstance === 'function';
}

/** `make()` run once and its promise kept; a failed one is made again on the next call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= make();
    pending.catch(() => (pending = undefined));
    return pending;
  };
}

const loadModule = once(() =>
  import(/* @vite-ignore */ PAGEFIND_URL).then((module: unknown) => {
    if (!isPagefindModule(module)) throw new Error(`${PAGEFIND_URL} is not the Pagefind search API`);
    return module;
  }),
);

const loadShards = once(() =>
  fetch(SHARD_LIST_URL).then(async (response) => {
    if (!response.ok) throw new Error(`${SHARD_LIST_URL}: HTTP ${response.status}`);
    return parseShardList(await response.json()).shards;
  }),
);

/** The date view: the newest shard in full, the others as count indexes until a page needs them. */
interface DateView {
  instance: PagefindInstance;
  /** Shard folders, newest first. */
  shards: string[];
  weights: number[];
  /** Shards merged (or being merged) in full, by index. */
  full: Map<number, Promise<void>>;
}

async function openDateView(): Promise<DateView> {
  const [module, shards] = await Promise.all([loadModule(), loadShards()]);
  const weights = dateWeights(shards.length);
  const instance = module.createInstance({ basePath: shards[0] as string, indexWeight: weights[0] });
  await instance.init();
  await Promise.all(shards.slice(1).map((shard, i) => instance.mergeIndex(countIndexOf(shard), { indexWeight: weights[i + 1] })));
  return { instance, shards, weights, full: new Map([[0, Promise.resolve()]]) };
}

async function openRelevanceView(): Promise<Pagefind> {
  const [module, shards] = await Promise.all([loadModule(), loadShards()]);
  const [newest, ...older] = shards as [string, ...string[]];
  const instance = module.createInstance({ basePath: newest });
  await instance.init();
  await Promise.all(older.map((shard) => instance.mergeIndex(shard)));
  return instance;
}

const dateView = once(openDateView);
const relevanceView = once(openRelevanceView);

/** Merges shard j of the date view in full (once). */
function openInFull(view: DateView, j: number): Promise<void> {
  let merged = view.full.get(j);
  if (!merged) {
    merged = view.instance.mergeIndex(view.shards[j] as string, { indexWeight: view.weights[j] });
    merged.catch(() => view.full.delete(j));
    view.full.set(j, merged);
  }
  return merged;
}

/**
 * A date-sorted search split by shard: the shown results of each shard (newest first) and how many
 * hits each has. A shard merged both in full and as its count index reports the same hits twice;
 * its count is the larger of the two lists (they are equal once both are loaded).
 */
async function dateSearch(view: DateView, query: string): Promise<{ shown: PagefindResult[][]; counts: number[] }> {
  const found = await view.instance.search(query, { sort: { date: 'desc' } });
  const shown: PagefindResult[][] = view.shards.map(() => []);
  const counted = view.shards.map(() => 0);
  const tags = new Map(view.shards.map((shard, j) => [countTag(shardName(shard)), j]));
  for (const result of found?.results ?? []) {
    if (result.id === COUNT_ANCHOR_TAG) continue;
    const tagged = tags.get(result.id);
    if (tagged !== undefined) counted[tagged] = (counted[tagged] ?? 0) + 1;
    else shown[dateShardOf(result.score, view.shards.length)]?.push(result); // -1 (score 0) is a sort anchor
  }
  return { shown, counts: shown.map((list, j) => Math.max(list.length, counted[j] ?? 0)) };
}

async function dateResults(query: string): Promise<NewsResultSet> {
  const view = await dateView();
  let search = await dateSearch(view, query);
  const total = search.counts.reduce((sum, n) => sum + n, 0);
  return {
    total,
    slice: async (start, end) => {
      const ranges = shardRanges(search.counts, start, end);
      // A shard only counted so far shows fewer results than it counts: merge it in full first.
      const counted = ranges.filter(({ shard }) => (search.shown[shard]?.length ?? 0) < (search.counts[shard] ?? 0));
      if (counted.length > 0) {
        await Promise.all(counted.map(({ shard }) => openInFull(view, shard)));
        search = await dateSearch(view, query);
      }
      return ranges.flatMap(({ shard, start: from, end: to }) => search.shown[shard]?.slice(from, to) ?? []);
    },
  };
}

/**
 * Searches the news index: `query` as Pagefind reads it (src/lib/searchRules searchQuery), newest first
 * ('date', the overlay's default) or by relevance. Resolves to the number of hits and a way to load
 * any range of them; rejects when the index cannot be loaded.
 */
export async function searchNews(query: string, order: PagefindOrder = 'date'): Promise<NewsResultSet> {
  if (order === 'date') return dateResults(query);
  const found = await (await relevanceView()).search(query);
  const results = found?.results ?? [];
  return { total: results.length, slice: async (start, end) => results.slice(start, end) };
}

/**
 * Loads the date view (the overlay's default sort: the newest shard and the others' count indexes)
 * ahead of the first search, once; a failed load is retried on the next call.
 */
export async function preloadPagefind(): Promise<void> {
  await dateView();
}
