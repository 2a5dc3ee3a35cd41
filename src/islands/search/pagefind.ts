/**
 * The Pagefind search API (https://pagefind.app/docs/api/), loaded at run time from the index the
 * build writes to /pagefind/ (src/integrations/searchIndex.ts) — only when the search overlay
 * opens, never with the page. The news index is in shards by publication month (issue 16 item 3):
 * the build lists their folders, newest first, in /pagefind/shards.json (SHARD_LIST_URL); the
 * newest is opened as the primary index (its wasm and worker are the only ones loaded) and the
 * others are merged into it (Pagefind's mergeIndex, https://pagefind.app/docs/multisite/).
 *
 * Pagefind orders merged results by score across indexes, even under a sort, where a result's
 * score is its page's rank in its own shard's date order: merged as they are, shards would
 * interleave. So there are two merged views, each opened on first use:
 * - 'relevance': every index weighs 1, results by score (per-shard relevance, as Pagefind's multisite);
 * - 'date': shard weights from dateWeights (src/lib/searchShards.ts) make every result of a newer
 *   shard outscore every result of an older one, so Pagefind's own merge is newest first overall
 *   (shards cover disjoint months).
 * Only the parts the overlay uses are typed here.
 */
import { dateWeights, parseShardList, SHARD_LIST_URL } from '../../lib/searchShards';

/** A loaded result (`await result.data()`). */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: Partial<Record<string, string>>;
}

export interface PagefindResult {
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

/** Where the build puts Pagefind's browser module. */
export const PAGEFIND_URL = '/pagefind/pagefind.js';

/** How merged results are ordered: newest first ('date'), or by score ('relevance'). */
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

/** Opens the shards as one merged index, weighted for the order (see the file header). */
async function openMerged(order: PagefindOrder): Promise<Pagefind> {
  const [module, shards] = await Promise.all([loadModule(), loadShards()]);
  const weights = order === 'date' ? dateWeights(shards.length) : shards.map(() => 1);
  const [newest, ...older] = shards as [string, ...string[]];
  const instance = module.createInstance({ basePath: newest, indexWeight: weights[0] });
  await instance.init();
  await Promise.all(older.map((shard, i) => instance.mergeIndex(shard, { indexWeight: weights[i + 1] })));
  if (order === 'relevance') return instance;
  return {
    init: () => instance.init(),
    // Score 0 is only ever a shard's sort anchor (rank 0), which no real article is.
    search: async (term, options) => {
      const found = await instance.search(term, options);
      return found && { ...found, results: found.results.filter((result) => result.score > 0) };
    },
  };
}

const views: Record<PagefindOrder, () => Promise<Pagefind>> = {
  date: once(() => openMerged('date')),
  relevance: once(() => openMerged('relevance')),
};

/**
 * The merged news index for an order (default 'date', the overlay's default sort), opened once; a
 * failed load is retried on the next call.
 */
export function loadPagefind(order: PagefindOrder = 'date'): Promise<Pagefind> {
  return views[order]();
}
