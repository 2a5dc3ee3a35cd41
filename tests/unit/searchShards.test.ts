/**
 * Search shards (src/lib/searchShards.ts): grouping by whole months within the
 * cap, stable boundaries as the archive grows, and the shard list the browser reads.
 */
import { describe, expect, it } from 'vitest';
import {
  COUNT_ANCHOR_TAG,
  countIndexOf,
  countTag,
  DATE_WEIGHT_BASE,
  dateShardOf,
  dateWeights,
  groupShards,
  MAX_SHARDS,
  monthOf,
  parseShardList,
  shardList,
  shardName,
  shardRanges,
  type DatedPage,
} from '../../src/lib/searchShards';

const HOUR = 3_600_000;
/** One article every `everyHours` hours backwards from `newest` (like scripts/bench/generate.mjs). */
function archive(n: number, everyHours = 6, newest = Date.parse('2026-03-01T18:00:00Z')): DatedPage[] {
  return Array.from({ length: n }, (_, i) => ({ path: `news/a-${String(i).padStart(6, '0')}/index.html`, published: newest - i * everyHours * HOUR }));
}
const sizes = (pages: readonly DatedPage[], cap: number) => groupShards(pages, cap).map((s) => s.pages.length);

describe('groupShards', () => {
  it('groups whole months, oldest first, up to the cap', () => {
    const pages = [
      { path: 'c', published: Date.parse('2024-02-10T00:00:00Z') },
      { path: 'a', published: Date.parse('2024-01-31T23:59:59Z') },
      { path: 'b', published: Date.parse('2024-01-01T00:00:00Z') },
      { path: 'd', published: Date.parse('2024-03-01T00:00:00Z') },
      { path: 'e', published: Date.parse('2024-03-31T00:00:00Z') },
    ];
    expect(groupShards(pages, 3)).toEqual([
      { name: '2024-01', from: '2024-01', to: '2024-02', pages: ['a', 'b', 'c'] },
      { name: '2024-03', from: '2024-03', to: '2024-03', pages: ['d', 'e'] },
    ]);
    expect(groupShards(pages, 100)).toHaveLength(1);
  });

  it('never splits a month: a month over the cap is a shard of its own', () => {
    const pages = archive(200, 1); // ~8 days: one month or two
    for (const shard of groupShards(pages, 10)) expect(new Set(shard.pages.map((p) => monthOf(pages.find((x) => x.path === p)!.published))).size).toBe(1);
  });

  it('keeps every article exactly once', () => {
    const pages = archive(30_000);
    const shards = groupShards(pages, 5000);
    const all = shards.flatMap((s) => s.pages);
    expect(all).toHaveLength(30_000);
    expect(new Set(all).size).toBe(30_000);
    // 30,000 articles every 6 hours ≈ 20.5 years: 6 or 7 shards of ≤ 5,000 (about 41 months each).
    expect(shards.length).toBeGreaterThanOrEqual(6);
    expect(shards.length).toBeLessThanOrEqual(7);
    expect(Math.max(...shards.map((s) => s.pages.length))).toBeLessThanOrEqual(5000);
  });

  it('a new (newest) article changes only the newest shard', () => {
    const before = groupShards(archive(10_000), 3000);
    const base = archive(10_000);
    const added = [...base, { path: 'news/new/index.html', published: Math.max(...base.map((p) => p.published)) + HOUR }];
    const after = groupShards(added, 3000);
    expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
    expect(after.at(-1)!.pages).toContain('news/new/index.html');
  });

  it('a new month that no longer fits starts a new shard and leaves the older ones as they were', () => {
    const base = archive(2999, 24);
    const cap = 3000;
    const before = groupShards(base, cap);
    const newestMonth = monthOf(Math.max(...base.map((p) => p.published)));
    const next = Date.parse(`${newestMonth}-01T00:00:00Z`) + 40 * 24 * HOUR; // a later month
    const after = groupShards([...base, { path: 'x', published: next }, { path: 'y', published: next + HOUR }], cap);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ pages: ['x', 'y'] });
  });

  it('an edit (same date) changes no boundary', () => {
    const pages = archive(8000);
    expect(sizes(pages.toReversed(), 2500)).toEqual(sizes(pages, 2500));
  });

  it('rejects a cap that is not a positive integer and a time that is not a number', () => {
    expect(() => groupShards([], 0)).toThrow(RangeError);
    expect(() => groupShards([], 1.5)).toThrow(RangeError);
    expect(() => groupShards([{ path: 'a', published: Number.NaN }], 5)).toThrow(RangeError);
    expect(groupShards([], 5)).toEqual([]);
  });
});

describe('shard list', () => {
  it('lists shard folders newest first and parses back', () => {
    const list = shardList([{ name: '2020-01' }, { name: '2023-05' }]);
    expect(list).toEqual({ version: 1, shards: ['/pagefind/2023-05/', '/pagefind/2020-01/'] });
    expect(parseShardList(JSON.parse(JSON.stringify(list)))).toEqual(list);
  });

  it('refuses lists the browser must not follow', () => {
    for (const bad of [
      {},
      { version: 1, shards: [] },
      { version: 2, shards: ['/pagefind/2020-01/'] },
      { version: 1, shards: ['https://elsewhere.example/pagefind/x/'] },
      { version: 1, shards: ['/pagefind/../secret/'] },
      { version: 1, shards: ['/pagefind/a/', '/pagefind/a/'] },
    ]) {
      expect(() => parseShardList(bad), JSON.stringify(bad)).toThrow();
    }
  });
});

describe('dateWeights', () => {
  it("makes Pagefind's merge by score (rank × weight) newest first across shards", () => {
    // Three shards, newest first; a date-sorted search scores a hit by its page's rank in its shard
    // (1 … pages, oldest = 1; 0 is the anchor). Merged, Pagefind sorts by score, descending.
    const shards = [
      {
        pages: 3,
        hits: [
          { rank: 3, t: 'c3' },
          { rank: 1, t: 'c1' },
        ],
      },
      {
        pages: 5000,
        hits: [
          { rank: 5000, t: 'b5000' },
          { rank: 2, t: 'b2' },
          { rank: 1, t: 'b1' },
        ],
      },
      {
        pages: 1_000_000,
        hits: [
          { rank: 1_000_000, t: 'a1000000' },
          { rank: 1, t: 'a1' },
        ],
      },
    ];
    const weights = dateWeights(shards.length);
    const merged = shards.flatMap((s, j) => s.hits.map((h) => ({ t: h.t, score: h.rank * weights[j]! }))).sort((a, b) => b.score - a.score);
    expect(merged.map((m) => m.t)).toEqual(['c3', 'c1', 'b5000', 'b2', 'b1', 'a1000000', 'a1']);
  });

  it('stays finite up to MAX_SHARDS and refuses more', () => {
    expect(dateWeights(1)).toEqual([1]);
    expect(dateWeights(MAX_SHARDS).every(Number.isFinite)).toBe(true);
    expect(() => dateWeights(MAX_SHARDS + 1)).toThrow(RangeError);
    expect(() => dateWeights(0)).toThrow(RangeError);
  });
});

describe('count indexes', () => {
  it('live in count/ beside their shard, and tag their pages with the shard name', () => {
    expect(countIndexOf('/pagefind/2024-01/')).toBe('/pagefind/2024-01/count/');
    expect(shardName('/pagefind/2024-01/')).toBe('2024-01');
    expect(countTag('2024-01')).toBe('count_2024-01');
    expect(countTag('2024-01')).not.toBe(COUNT_ANCHOR_TAG);
    // A tag is a result id: Pagefind splits results on spaces and '@'.
    expect(countTag(shardName(shardList([{ name: '2024-01' }]).shards[0]!))).toMatch(/^[\w-]+$/);
  });
});

describe('dateShardOf', () => {
  it('finds the shard of every rank under the date weights, and none for the anchor', () => {
    for (const count of [1, 2, 7, MAX_SHARDS]) {
      const weights = dateWeights(count);
      weights.forEach((weight, j) => {
        for (const rank of [1, 2, 3, 4_999, 5_000, 65_537, DATE_WEIGHT_BASE - 1]) expect(dateShardOf(rank * weight, count)).toBe(j);
        expect(dateShardOf(0 * weight, count)).toBe(-1);
      });
    }
  });

  it('refuses scores outside every band', () => {
    expect(dateShardOf(0.5, 3)).toBe(-1);
    expect(dateShardOf(DATE_WEIGHT_BASE ** 3, 3)).toBe(-1);
    expect(dateShardOf(Number.NaN, 3)).toBe(-1);
    expect(dateShardOf(Number.POSITIVE_INFINITY, 3)).toBe(-1);
  });
});

describe('shardRanges', () => {
  const shards = (counts: number[], start: number, end: number) => shardRanges(counts, start, end).map((r) => r.shard);

  it('maps a page of the date view to each shard’s own results', () => {
    expect(shardRanges([3, 0, 5], 2, 6)).toEqual([
      { shard: 0, start: 2, end: 3 },
      { shard: 2, start: 0, end: 3 },
    ]);
    expect(shardRanges([3, 0, 5], 0, 3)).toEqual([{ shard: 0, start: 0, end: 3 }]);
    expect(shardRanges([3, 0, 5], 3, 8)).toEqual([{ shard: 2, start: 0, end: 5 }]);
    // The first page of a search whose newest shards hold few hits reaches into older ones.
    expect(shardRanges([2, 1, 4, 900, 900], 0, 8)).toEqual([
      { shard: 0, start: 0, end: 2 },
      { shard: 1, start: 0, end: 1 },
      { shard: 2, start: 0, end: 4 },
      { shard: 3, start: 0, end: 1 },
    ]);
    expect(shardRanges([150, 4_900, 4_900], 144, 152)).toEqual([
      { shard: 0, start: 144, end: 150 },
      { shard: 1, start: 0, end: 2 },
    ]);
    expect(shards([150, 4_900, 4_900], 5_048, 5_056)).toEqual([1, 2]);
  });

  it('ignores positions past the last result and empty pages', () => {
    expect(shardRanges([3, 5], 8, 16)).toEqual([]);
    expect(shardRanges([3, 5], 4, 4)).toEqual([]);
    expect(shardRanges([], 0, 8)).toEqual([]);
  });
});
