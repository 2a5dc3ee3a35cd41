/**
 * Search overlay state (spec §2 Search overlay, §4 Search) and its rules as plain actions: the
 * tab, the submitted term, filter, sort and 0-based page, and the latest results of each tab.
 * A new term resets the page to 0; previous and next are clamped between 0 and the last page.
 * The searches themselves run in src/islands/search/runners.ts, which re-runs them when the term,
 * filter or sort change (only while a term exists). Whether the overlay is open is `$openPanel`
 * in src/stores/ui.ts.
 */
import { atom } from 'nanostores';
import { clampPage } from '../lib/pagination';
import { normaliseTerm, type SearchFilter, type SearchSort, type SearchTab, type VideoSearchItem } from '../lib/searchRules';
import { NEWS_SEARCH_PAGE_SIZE, VIDEO_SEARCH_PAGE_SIZE } from '../lib/constants';

/** A news search hit as shown (spec §3 News search hit: slug, title, published_date, categories, imageData.key). */
export interface NewsHit {
  url: string;
  title: string;
  /** Image URL at the search size, or '' when none. */
  image: string;
  imageAlt: string;
  /** 'D MMM YYYY' */
  date: string;
  category: string;
  locked: boolean;
}

export type SearchStatus = 'idle' | 'loading' | 'done';

export interface NewsResults {
  status: SearchStatus;
  /** Every matching article (hits.found). */
  total: number;
  /** The current page's hits. */
  hits: NewsHit[];
}

export interface VideoResults {
  status: SearchStatus;
  /** Every matching video, newest release first. */
  matches: VideoSearchItem[];
}

export const searchTab = atom<SearchTab>('news');
/** The submitted (normalised) term; '' before the first search. */
export const searchTerm = atom('');
export const searchFilter = atom<SearchFilter>('all');
export const searchSort = atom<SearchSort>('date');
/** 0-based page of news results. */
export const searchPage = atom(0);
export const newsResults = atom<NewsResults>({ status: 'idle', total: 0, hits: [] });
export const videoResults = atom<VideoResults>({ status: 'idle', matches: [] });
/** How many video results are shown (grows by the video page size). */
export const videosShown = atom<number>(VIDEO_SEARCH_PAGE_SIZE);

/** Submits a term: a new term resets the page to 0 (spec §4) and the shown videos to one page. */
export function submitSearch(term: string): void {
  searchTerm.set(normaliseTerm(term));
  searchPage.set(0);
  videosShown.set(VIDEO_SEARCH_PAGE_SIZE);
}

/** Changes the filter; the search re-runs if a term exists (runners.ts). */
export function setSearchFilter(filter: SearchFilter): void {
  searchFilter.set(filter);
}

/** Changes the sort; the search re-runs if a term exists (runners.ts). */
export function setSearchSort(sort: SearchSort): void {
  searchSort.set(sort);
}

export function setSearchTab(tab: SearchTab): void {
  searchTab.set(tab);
}

/** Goes to a page of news results, clamped between 0 and the last page (spec §4). */
export function goToSearchPage(page: number): void {
  searchPage.set(clampPage(page, newsResults.get().total, NEWS_SEARCH_PAGE_SIZE));
}

export function previousSearchPage(): void {
  goToSearchPage(searchPage.get() - 1);
}

export function nextSearchPage(): void {
  goToSearchPage(searchPage.get() + 1);
}

/** Shows one more page of video results. */
export function showMoreVideos(): void {
  videosShown.set(videosShown.get() + VIDEO_SEARCH_PAGE_SIZE);
}
