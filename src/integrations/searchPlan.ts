/**
 * The hand-over between the pages Astro renders and the search index built while they render
 * (src/integrations/searchIndexStream.ts; docs/publishing.md "Search at scale"). On a full build
 * the search integration puts a {@link SearchStreamHandle} on `globalThis` (the integration runs in
 * Astro's process, the pages' getStaticPaths in the prerender bundle that Astro imports into the
 * same process, where module state is not shared), and the news route's getStaticPaths tells it
 * every article page and its publication time ({@link planSearchIndex}) before any page renders.
 * Without a handle (`astro dev`, incremental builds, SEARCH_INDEX_WHILE_RENDERING=0) that is a
 * no-op, and the index is built from the written pages after the build.
 * This module holds no Pagefind code, so the prerender bundle does not load it.
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
