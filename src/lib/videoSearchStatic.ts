/**
 * Our own static video search provider (the default, spec §7 video search): answers the criteria
 * of src/lib/videoSearch.ts from the video list the build emits (/search/videos.json) — the same
 * rules the hosted providers apply: category, team, season (exact), duration range (inclusive
 * seconds), title words (every word, ignoring case and accents), newest release first, one page
 * of pageSize (12 by default) at pageIndex.
 */
import { parseVideoSearchCriteria, type VideoSearchCriteriaInput } from './videoSearch.ts';
import { videoTitleMatches, type VideoSearchItem } from './searchRules.ts';

/** One page of a static search: the page's items and the total number of matches. */
export interface VideoSearchPage {
  items: VideoSearchItem[];
  total: number;
}

/**
 * Every video matching `input`, newest release first (ties keep the list's order). Throws a
 * ZodError on bad criteria.
 */
export function staticVideoMatches(items: readonly VideoSearchItem[], input: VideoSearchCriteriaInput): VideoSearchItem[] {
  const c = parseVideoSearchCriteria(input);
  return items
    .filter(
      (v) =>
        (c.category === undefined || v.category === c.category) &&
        (c.team === undefined || v.team === c.team) &&
        (c.season === undefined || v.season === c.season) &&
        (c.minDuration === undefined || v.seconds >= c.minDuration) &&
        (c.maxDuration === undefined || v.seconds <= c.maxDuration) &&
        videoTitleMatches(v.title, c.title ?? ''),
    )
    .map((v, i) => ({ v, i }))
    .sort((a, b) => Date.parse(b.v.releaseFrom) - Date.parse(a.v.releaseFrom) || a.i - b.i)
    .map(({ v }) => v);
}

/** One page (pageIndex, pageSize) of staticVideoMatches, with the total. */
export function staticVideoSearch(items: readonly VideoSearchItem[], input: VideoSearchCriteriaInput): VideoSearchPage {
  const c = parseVideoSearchCriteria(input);
  const all = staticVideoMatches(items, c);
  return { items: all.slice(c.pageIndex * c.pageSize, (c.pageIndex + 1) * c.pageSize), total: all.length };
}
