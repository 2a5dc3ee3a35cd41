/**
 * The hand-over between the pages Astro renders and the search index built while they render
 * (./searchIndexStream.ts): on a full build the integration puts a {@link SearchStreamHandle} on
 * `globalThis` (the prerender bundle shares the process, not module state), and the news route's
 * getStaticPaths tells it every article page and its time ({@link planSearchIndex}) before any
 * renders. Without a handle it is a no-op. No Pagefind code, so the prerender bundle stays light.
 */
import type { DatedPage } from '../lib/searchShards';

/** Where the handle lives on `globalThis`. */
export const SEARCH_STREAM = Symbol.for('terrace.searchStream');

/** What the pages see of the search index built while they render. */
export interface SearchStreamHandle {
  /**
   * The article pages of this build with their publication times (ms), each `path` an output file
   * like `news/<slug>/index.html`, in the order they render. Called by the news route's getStaticPaths.
   */
  plan(pages: readonly DatedPage[]): void;
}

/** The handle of the build running in this process, if it indexes while rendering. */
export function searchStream(): SearchStreamHandle | undefined {
  return (globalThis as { [SEARCH_STREAM]?: SearchStreamHandle })[SEARCH_STREAM];
}

/**
 * Puts (or, with undefined, removes) the handle of the build running in this process.
 * @param handle The search integration's stream.
 */
export function setSearchStream(handle: SearchStreamHandle | undefined): void {
  (globalThis as { [SEARCH_STREAM]?: SearchStreamHandle })[SEARCH_STREAM] = handle;
}

/**
 * Tells the search index of this build, if it indexes while rendering, which article pages are
 * coming (a no-op otherwise).
 * @param articles Each article's slug and publication time (ms, src/lib/searchShards publishedTime),
 *   in the order their pages render.
 */
export function planSearchIndex(articles: readonly { slug: string; published: number }[]): void {
  searchStream()?.plan(articles.map(({ slug, published }) => ({ path: newsPageFile(slug), published })));
}

/**
 * The output file of a page of the news route (spec §2 /news/...; build.format 'directory'), e.g.
 * `some-slug` → `news/some-slug/index.html`, `2024/05` → `news/2024/05/index.html`. Slugs are
 * lower-case letters, digits and hyphens (src/schemas/common.ts), so the path needs no encoding.
 * @param newsPath The path below /news.
 */
export function newsPageFile(newsPath: string): string {
  return `news/${newsPath}/index.html`;
}
