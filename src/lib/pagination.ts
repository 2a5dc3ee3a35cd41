/**
 * Paging of news search results (spec §2 "Search overlay" Pagination, §4 "Search", §9 "News
 * search page size 8; page window 5 pages").
 *
 * Pages are 0-based indexes, as in spec §4 ("a new term resets the page to 0"; "previous and
 * next are clamped between 0 and the last page"); people see page index + 1. `total` is the
 * number of results, a non-negative integer; `pageSize` a positive integer. Functions throw
 * RangeError on anything else. A page index that is not an integer (NaN, 1.5) is treated as 0.
 */
import { NEWS_PAGE_WINDOW, NEWS_SEARCH_PAGE_SIZE } from './constants.ts';

function checkCounts(total: number, pageSize: number): void {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`Invalid result count: ${total} (expected an integer >= 0)`);
  if (!Number.isInteger(pageSize) || pageSize <= 0) throw new RangeError(`Invalid page size: ${pageSize} (expected an integer > 0)`);
}

/** Number of pages holding `total` results: 0 → 0, 1 → 1, 8 → 1, 9 → 2, 200 → 25 (page size 8). */
export function pageCount(total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): number {
  checkCounts(total, pageSize);
  return Math.ceil(total / pageSize);
}

/** Index of the last page; 0 when there are no results (the first page is also the last). */
export function lastPage(total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): number {
  return Math.max(0, pageCount(total, pageSize) - 1);
}

/**
 * `page` clamped between 0 and the last page (spec §4): clampPage(-1, 200) → 0,
 * clampPage(25, 200) → 24, clampPage(3, 0) → 0.
 */
export function clampPage(page: number, total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): number {
  const last = lastPage(total, pageSize);
  if (!Number.isInteger(page)) return 0;
  return Math.min(Math.max(page, 0), last);
}

/**
 * The page indexes to show as numbers (spec §2): `windowSize` pages (5) around the current one —
 * the first five at the start, the last five at the end, current ±2 in the middle — or every page
 * when there are fewer. No results, no pages: []. With 200 results (25 pages): page 0 → [0..4],
 * page 12 → [10..14], page 24 → [20..24]. The current page is clamped first.
 */
export function pageWindow(page: number, total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE, windowSize: number = NEWS_PAGE_WINDOW): number[] {
  if (!Number.isInteger(windowSize) || windowSize <= 0) throw new RangeError(`Invalid page window: ${windowSize} (expected an integer > 0)`);
  const count = pageCount(total, pageSize);
  if (count === 0) return [];
  const current = clampPage(page, total, pageSize);
  const size = Math.min(windowSize, count);
  const start = Math.min(Math.max(current - Math.floor(windowSize / 2), 0), count - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** 1-based positions of the first and last result on a page: page 1 of 9 → { first: 9, last: 9 }; no results → { first: 0, last: 0 }. */
export function resultRange(page: number, total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): { first: number; last: number } {
  if (pageCount(total, pageSize) === 0) return { first: 0, last: 0 };
  const current = clampPage(page, total, pageSize);
  return { first: current * pageSize + 1, last: Math.min((current + 1) * pageSize, total) };
}

/** The result count line (spec §2): 'Displaying 9 - 16 of 200 Result(s)'; no results → 'Displaying 0 - 0 of 0 Result(s)'. */
export function displayingText(page: number, total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): string {
  const { first, last } = resultRange(page, total, pageSize);
  return `Displaying ${first} - ${last} of ${total} Result(s)`;
}

/**
 * The positions of a page's results (spec §7: `start=page*8`, `size=8`) among `total`, the page
 * clamped first: pageSlice(1, 9) → { page: 1, start: 8, end: 9 } (0-based, end exclusive).
 */
export function pageSlice(page: number, total: number, pageSize: number = NEWS_SEARCH_PAGE_SIZE): { page: number; start: number; end: number } {
  const current = clampPage(page, total, pageSize);
  return { page: current, start: current * pageSize, end: Math.min((current + 1) * pageSize, total) };
}
