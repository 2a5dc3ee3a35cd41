/**
 * News and video search rules (spec §2 "Search overlay", §5 "Exact-match search wraps the term in
 * quotes", §7 video search builders): the query sent for a term and filter, the filter and sort
 * choices with their labels, the empty-result texts and the video result count line.
 */

/** Filter dropdown: 'All results' or 'Exact Matches'. */
export type SearchFilter = 'all' | 'exact';
/** Sort dropdown: 'Date Added' (newest first) or 'Relevance'. */
export type SearchSort = 'date' | 'relevance';
/** Overlay tabs. */
export type SearchTab = 'news' | 'video';

export const SEARCH_FILTER_LABELS: Readonly<Record<SearchFilter, string>> = { all: 'All results', exact: 'Exact Matches' };
export const SEARCH_SORT_LABELS: Readonly<Record<SearchSort, string>> = { date: 'Date Added', relevance: 'Relevance' };
export const SEARCH_TAB_LABELS: Readonly<Record<SearchTab, string>> = { news: 'News', video: 'Video' };

/** News search with no hits. */
export const NEWS_NO_RESULTS = 'No results found' as const;
/** Video search with no hits. */
export const VIDEO_NO_RESULTS = 'No results' as const;

/** A typed term as searched: trimmed, inner runs of white space collapsed to one space. */
export function normaliseTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ');
}

/**
 * The query for a term (spec §5): 'Exact Matches' wraps the normalised term in double quotes
 * (quotes typed inside it are dropped so the phrase stays one phrase); 'All results' sends it
 * as typed. An empty term stays ''.
 * searchQuery('Lewis Baker', 'exact') → '"Lewis Baker"'.
 */
export function searchQuery(term: string, filter: SearchFilter): string {
  const clean = normaliseTerm(term);
  if (filter !== 'exact') return clean;
  const phrase = normaliseTerm(clean.replaceAll('"', ' '));
  return phrase === '' ? '' : `"${phrase}"`;
}

/**
 * Whether a video title matches a search term (spec §7 video search: title, fuzzy match): every
 * word of the term appears in the title, ignoring case and accents. An empty term matches all.
 */
export function videoTitleMatches(title: string, term: string): boolean {
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const haystack = fold(title);
  return fold(normaliseTerm(term))
    .split(' ')
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * The video result count line (spec §2): 'No results', 'Showing 1 result' when the only result is
 * shown, otherwise 'Showing x of N results' (x shown so far). Throws RangeError unless
 * 0 <= shown <= total, both integers.
 */
export function videoResultsText(shown: number, total: number): string {
  if (!Number.isInteger(shown) || !Number.isInteger(total) || shown < 0 || shown > total) {
    throw new RangeError(`Invalid video result counts: ${shown} of ${total}`);
  }
  if (total === 0) return VIDEO_NO_RESULTS;
  if (total === 1 && shown === 1) return 'Showing 1 result';
  return `Showing ${shown} of ${total} results`;
}

/** Whether a value (e.g. a select's value) is a SearchFilter. */
export function isSearchFilter(value: unknown): value is SearchFilter {
  return value === 'all' || value === 'exact';
}

/** Whether a value is a SearchSort. */
export function isSearchSort(value: unknown): value is SearchSort {
  return value === 'date' || value === 'relevance';
}

/** One video as the Video tab receives it from VIDEO_SEARCH_DATA_URL. */
export interface VideoSearchItem {
  /** mediaData.entryId */
  id: string;
  title: string;
  /** Release date, 'D MMM YYYY'. */
  date: string;
  /** 'mm:ss' or 'H[hr] mm'. */
  duration: string;
  /** Thumbnail URL at the search size. */
  thumbnail: string;
  /** metaData.SysEntryEntitlements, for the lock state. */
  entitlements: string[];
  /** Where 'Watch Now' goes without JavaScript: the video's listing. */
  href: string;
  /** metaData.category (a video category slug). */
  category: string;
  /** metaData.teamSlug ('' for the First Team). */
  team: string;
  /** Season slug of the release date, e.g. '2025-26'. */
  season: string;
  /** metaData.VideoDuration in seconds. */
  seconds: number;
  /** publicationData.releaseFrom (ISO date-time). */
  releaseFrom: string;
}

/** Where the Video tab's data is built (src/pages/search/videos.json.ts). */
export const VIDEO_SEARCH_DATA_URL = '/search/videos.json';
