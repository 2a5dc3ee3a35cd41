/**
 * Runs the searches of the search overlay from the stores in src/stores/search.ts (spec §4
 * Search): the News tab searches the Pagefind index — the query from src/lib/searchRules (exact
 * matches wrap the term in quotes, spec §5), sorted by date (newest first) or by relevance — and
 * loads the 8 hits of the current page; the Video tab asks the static video provider
 * (src/lib/videoSearchStatic: title words, newest release first) over the built video list. Changing
 * the term, filter or sort re-runs the search when a term exists; changing the page only loads
 * that page's hits. Failed searches are only logged and treated as complete with no results
 * (spec §8). The loader stays up at least MIN_FETCH_DELAY_MS (spec §9) so it never flickers.
 */
import { MIN_FETCH_DELAY_MS, NEWS_SEARCH_PAGE_SIZE } from '../../lib/constants';
import { pageSlice } from '../../lib/pagination';
import { searchQuery, VIDEO_SEARCH_DATA_URL, type SearchFilter, type SearchSort, type VideoSearchItem } from '../../lib/searchRules';
import { staticVideoMatches } from '../../lib/videoSearchStatic';
import { newsResults, searchFilter, searchPage, searchSort, searchTab, searchTerm, videoResults, type NewsHit } from '../../stores/search';
import { searchNews, type NewsResultSet, type PagefindResultData } from './pagefind';

const atLeast = <T>(work: Promise<T>): Promise<T> =>
  Promise.all([work, new Promise((resolve) => window.setTimeout(resolve, MIN_FETCH_DELAY_MS))]).then(([value]) => value);

/** A Pagefind result as a news hit (meta written by src/components/ArticleBody.astro). */
function toHit(data: PagefindResultData): NewsHit {
  const meta = data.meta;
  return {
    url: data.url.replace(/\/$/, ''),
    title: meta.title ?? '',
    image: meta.image ?? '',
    imageAlt: meta.image_alt ?? '',
    date: meta.date ?? '',
    category: meta.category ?? '',
    locked: meta.locked === 'true',
  };
}

/** The Pagefind hits of a query over all shards, newest first ('date') or by relevance (src/islands/search/pagefind.ts). */
function findNews(term: string, filter: SearchFilter, sort: SearchSort): Promise<NewsResultSet> {
  return searchNews(searchQuery(term, filter), sort === 'date' ? 'date' : 'relevance');
}

/** Calls `run` once after the current task's store changes have all landed (a new term also resets the page). */
function coalesced(run: () => void): () => void {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      run();
    });
  };
}

function runNews(): () => void {
  let sequence = 0;
  let cached: { key: string; results: Promise<NewsResultSet> } | undefined;
  /** The search and page whose hits are on screen. */
  let shown = '';

  const run = () => {
    const term = searchTerm.get();
    if (searchTab.get() !== 'news') return;
    const ticket = ++sequence;
    if (term === '') {
      shown = '';
      newsResults.set({ status: 'idle', total: 0, hits: [] });
      return;
    }
    const filter = searchFilter.get();
    const sort = searchSort.get();
    const key = JSON.stringify([term, filter, sort]);
    if (shown === `${key}#${searchPage.get()}`) return;
    if (cached?.key !== key) cached = { key, results: findNews(term, filter, sort) };
    const results = cached.results;
    newsResults.set({ ...newsResults.get(), status: 'loading' });
    const work = results.then(async (found) => {
      const { page, start, end } = pageSlice(searchPage.get(), found.total, NEWS_SEARCH_PAGE_SIZE);
      const items = await found.slice(start, end);
      return { page, total: found.total, hits: (await Promise.all(items.map((r) => r.data()))).map(toHit), failed: false };
    });
    void atLeast(work)
      .catch((error: unknown) => {
        console.error('News search failed', error);
        if (cached?.results === results) cached = undefined;
        return { page: 0, total: 0, hits: [], failed: true };
      })
      .then(({ page, total, hits, failed }) => {
        if (ticket !== sequence) return;
        shown = failed ? '' : `${key}#${page}`;
        newsResults.set({ status: 'done', total, hits });
        if (page !== searchPage.get()) searchPage.set(page);
      });
  };

  const schedule = coalesced(run);
  const stores = [searchTab, searchTerm, searchFilter, searchSort, searchPage] as const;
  const unsubscribe = stores.map((store) => store.listen(schedule));
  run();
  return () => {
    sequence += 1;
    unsubscribe.forEach((stop) => stop());
  };
}

let videoList: Promise<VideoSearchItem[]> | undefined;

/** The video list, fetched once (a failed fetch is retried next time). */
function loadVideos(): Promise<VideoSearchItem[]> {
  videoList ??= fetch(VIDEO_SEARCH_DATA_URL).then(async (response) => {
    if (!response.ok) throw new Error(`${VIDEO_SEARCH_DATA_URL}: HTTP ${response.status}`);
    const items: unknown = await response.json();
    if (!Array.isArray(items)) throw new Error(`${VIDEO_SEARCH_DATA_URL}: not a list`);
    return items as VideoSearchItem[];
  });
  videoList.catch(() => (videoList = undefined));
  return videoList;
}

function runVideos(): () => void {
  let sequence = 0;
  /** The term whose matches are on screen. */
  let shown: string | undefined;
  const run = () => {
    const term = searchTerm.get();
    if (searchTab.get() !== 'video') return;
    const ticket = ++sequence;
    if (term === '') {
      shown = undefined;
      videoResults.set({ status: 'idle', matches: [] });
      return;
    }
    if (shown === term) return;
    videoResults.set({ ...videoResults.get(), status: 'loading' });
    void atLeast(loadVideos())
      .then((all) => staticVideoMatches(all, { title: term }))
      .then((matches) => ({ matches, failed: false }))
      .catch((error: unknown) => {
        console.error('Video search failed', error);
        return { matches: [], failed: true };
      })
      .then(({ matches, failed }) => {
        if (ticket !== sequence) return;
        shown = failed ? undefined : term;
        videoResults.set({ status: 'done', matches });
      });
  };
  const schedule = coalesced(run);
  const unsubscribe = [searchTab.listen(schedule), searchTerm.listen(schedule)];
  run();
  return () => {
    sequence += 1;
    unsubscribe.forEach((stop) => stop());
  };
}

/** Starts both runners; returns the function that stops them (call when the overlay closes). */
export function startSearchRunners(): () => void {
  const stops = [runNews(), runVideos()];
  return () => stops.forEach((stop) => stop());
}
