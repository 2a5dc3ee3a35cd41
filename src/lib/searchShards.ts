/**
 * Search shards ("Search at scale"): the news search index is split by
 * publication month into shards that are each built on their own (bounded memory) and reused
 * when their pages did not change (incremental builds). This module holds the pure rules: how
 * articles are grouped into shards, how a shard is named, and the shape of the shard list the
 * build writes for the browser (/pagefind/shards.json), checked with zod where it is read.
 */
import { z } from './zod.ts';

/**
 * Default most articles per shard (SEARCH_SHARD_ARTICLES): small enough that each shard's
 * Pagefind service fits beside the rendering build (docs/publishing.md "Search at scale").
 */
export const DEFAULT_SHARD_ARTICLES = 2500;

/** Where the build writes the shard list, newest shard first (read by src/islands/search/pagefind.ts). */
export const SHARD_LIST_URL = '/pagefind/shards.json';

/** An article to index: its page (relative path in the build output) and publication time (ms since epoch). */
export interface DatedPage {
  path: string;
  published: number;
}

/** One shard: its name (`YYYY-MM` of its oldest month, also its folder under /pagefind/) and its pages. */
export interface SearchShard {
  name: string;
  /** First and last month (`YYYY-MM`, UTC) the shard covers; whole months only. */
  from: string;
  to: string;
  /** Page paths, sorted. */
  pages: string[];
}

/**
 * An article's publication time as the search index sorts and shards it (ms since epoch): its
 * page's `data-published` (src/components/ArticleBody.astro) and the news route's plan of the
 * search index (src/integrations/searchPlan.ts) both come from here, so that the two agree.
 * @param publishedDate The article's `published_date` (ISO 8601, spec §5 News article).
 * @returns NaN when the date does not parse (the content schema does not let one through).
 */
export function publishedTime(publishedDate: string): number {
  return Date.parse(publishedDate);
}

/** The UTC month (`YYYY-MM`) of a time in ms. Throws on a time that is not a finite number. */
export function monthOf(published: number): string {
  if (!Number.isFinite(published)) throw new RangeError(`not a publication time: ${published}`);
  return new Date(published).toISOString().slice(0, 7);
}

/**
 * Groups articles into shards: whole UTC months, oldest first, added greedily to the current
 * shard while it stays within `maxPerShard` articles; a month that would overflow it starts the
 * next shard (a single month larger than the cap is a shard of its own). Boundaries therefore
 * depend only on the months before them: a new (newest) article changes only the newest shard
 * (or starts a new one, taking its month from the shard before), an edit changes only its own
 * shard. Returns shards oldest first; no shard is empty. Throws if `maxPerShard` < 1.
 */
export function groupShards(pages: readonly DatedPage[], maxPerShard: number): SearchShard[] {
  if (!Number.isInteger(maxPerShard) || maxPerShard < 1) throw new RangeError(`maxPerShard must be a positive integer, not ${maxPerShard}`);
  const byMonth = new Map<string, string[]>();
  for (const page of pages) {
    const month = monthOf(page.published);
    const list = byMonth.get(month) ?? [];
    list.push(page.path);
    byMonth.set(month, list);
  }
  const shards: SearchShard[] = [];
  let current: SearchShard | undefined;
  for (const month of [...byMonth.keys()].sort()) {
    const paths = byMonth.get(month) ?? [];
    if (!current || current.pages.length + paths.length > maxPerShard) {
      current = { name: month, from: month, to: month, pages: [] };
      shards.push(current);
    }
    current.to = month;
    current.pages.push(...paths);
  }
  for (const shard of shards) shard.pages.sort();
  return shards;
}

/**
 * Most shards the browser merges: the 'date' view weights shard j (0 = newest) by
 * DATE_WEIGHT_BASE^(count-1-j), which must stay a finite double (2^(20·50) < 2^1024).
 */
export const MAX_SHARDS = 50;

/** Above any shard's page count (a month of over a million articles is not a club's). */
export const DATE_WEIGHT_BASE = 2 ** 20;

/**
 * Index weights for a date-sorted merged search over `count` shards, newest first. Pagefind scores
 * a date-sorted result by its page's rank in its shard (1 … pages; 0 is the shard's sort anchor,
 * which matches nothing) times its index's weight, and orders merged results by score: with these
 * weights every result of a newer shard outscores every result of an older one, and within a shard
 * the rank decides — newest first overall. Throws if count is not 1…MAX_SHARDS.
 */
export function dateWeights(count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SHARDS) throw new RangeError(`cannot weight ${count} shards (1 to ${MAX_SHARDS})`);
  return Array.from({ length: count }, (_, j) => DATE_WEIGHT_BASE ** (count - 1 - j));
}

/** The shard list as written to SHARD_LIST_URL: index folders (URL paths ending in '/'), newest first. */
export const shardListSchema = z.object({
  version: z.literal(1),
  shards: z
    .array(z.string().regex(/^\/pagefind\/[\w-]+\/$/))
    .min(1)
    .max(MAX_SHARDS)
    .refine((list) => new Set(list).size === list.length, 'shards are listed once'),
});

export type ShardList = z.infer<typeof shardListSchema>;

/** The shard list for shards (oldest first, as groupShards returns them): folders newest first. */
export function shardList(shards: readonly Pick<SearchShard, 'name'>[]): ShardList {
  return { version: 1, shards: shards.map((s) => `/pagefind/${s.name}/`).reverse() };
}

/** Parses a fetched shard list; throws (zod error) if it is not one. */
export function parseShardList(value: unknown): ShardList {
  return shardListSchema.parse(value);
}

/**
 * A shard's count index: the folder beside its index (`/pagefind/<name>/count/`) holding a copy of
 * its Pagefind metadata in which every page carries the same tag instead of its own hash and word
 * count, and no sort order (src/integrations/searchCountIndex.ts). Merged into a search it finds
 * exactly the pages the shard's own index finds (the same index chunks, the same matching) with a
 * fraction of the metadata, but its results cannot be shown: they only count. So a first search
 * downloads the metadata of the shards it shows, not of the whole archive.
 */
export const COUNT_INDEX_FOLDER = 'count/';

/** The folder of a shard's count index, for its folder as listed in the shard list (`/pagefind/<name>/`). */
export function countIndexOf(shardFolder: string): string {
  return `${shardFolder}${COUNT_INDEX_FOLDER}`;
}

/** The tag every page of shard `name`'s count index carries in place of its hash (a result's `id`). */
export function countTag(name: string): string {
  return `count_${name}`;
}

/** The tag of a count index's sort anchor (the record every shard holds, src/integrations/searchIndex.ts): never counted. */
export const COUNT_ANCHOR_TAG = 'count_anchor';

/** A shard's name from its folder in the shard list (`/pagefind/<name>/` → `<name>`). */
export function shardName(shardFolder: string): string {
  return shardFolder.replace(/^\/pagefind\//, '').replace(/\/$/, '');
}

/**
 * Which shard (0 = newest of `count`) a date-sorted result came from, by its score: under
 * dateWeights a result of shard j scores rank × DATE_WEIGHT_BASE^(count-1-j) with rank in
 * 1 … DATE_WEIGHT_BASE-1, so each shard owns the score band [weight, weight × DATE_WEIGHT_BASE).
 * Returns -1 for a score outside every band (0: a sort anchor).
 */
export function dateShardOf(score: number, count: number): number {
  if (!(score >= 1) || !Number.isFinite(score)) return -1;
  const band = Math.floor(Math.log2(score) / Math.log2(DATE_WEIGHT_BASE));
  const shard = count - 1 - band;
  return shard >= 0 && shard < count ? shard : -1;
}

/**
 * Where positions start … end-1 of the date view fall, shard by shard: the view lists shard 0's
 * `counts[0]` results first, then shard 1's, … Returns, for each shard that holds some of those
 * positions, its index and the range of its own results (start inclusive, end exclusive).
 * Positions past the last result are ignored.
 * Example: counts [3, 0, 5], positions 2…5 → [{ shard: 0, start: 2, end: 3 }, { shard: 2, start: 0, end: 3 }].
 */
export function shardRanges(counts: readonly number[], start: number, end: number): { shard: number; start: number; end: number }[] {
  const ranges: { shard: number; start: number; end: number }[] = [];
  let offset = 0;
  counts.forEach((n, shard) => {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end - offset, n);
    if (from < to) ranges.push({ shard, start: from, end: to });
    offset += n;
  });
  return ranges;
}
