/**
 * Where the build puts the fragments of page assembly (src/lib/pageAssembly.ts) and what each
 * listing block holds: one place for the routes that write fragments (src/pages/[fragments]/)
 * and the pages that name them (the article page, the listing pages).
 */
import { FRAGMENTS_ROOT, listingBlockPath } from '../lib/pageAssembly';
import { sameCurrentSections, type PageKind } from '../lib/headerStyle';
import { NEWS_LISTING_PAGE_SIZE } from '../lib/constants';

/** The fragment of a related-news row (src/lib/relatedNews relatedRowKey): '/_fragments/related/<row>/'. */
export function relatedFragments(row: string): string {
  return `${FRAGMENTS_ROOT}related/${row}/`;
}

/** The folder of the /news listing's blocks and count.json. */
export function newsListingFragments(): string {
  return `${FRAGMENTS_ROOT}news/`;
}

/** The folder of a category listing's blocks and count.json. */
export function categoryListingFragments(category: string): string {
  return `${FRAGMENTS_ROOT}category/${category}/`;
}

/**
 * The parts of the site chrome written once as fragments and included by the article pages
 * (src/pages/[fragments]/chrome/[part].astro; docs/publishing.md "Includes"): the site header as an
 * article shows it ('article-header') and the footer with the notices ('footer'): most of an
 * article's bytes, the same on every article.
 */
export const CHROME_PARTS = ['article-header', 'footer'] as const;
export type ChromePart = (typeof CHROME_PARTS)[number];

/**
 * The path the article header is rendered for. An article at /news/<slug>/ marks the same
 * navigation links current (src/lib/headerStyle sameCurrentSections) unless a menu link points
 * inside /news/; such an article renders its own header.
 */
export const ARTICLE_HEADER_PATH = '/news/';

/** The page kind of an article (spec §2 Header styles): its page and its header fragment both use it. */
export const ARTICLE_PAGE_KIND: PageKind = 'singleNews';

/**
 * The chrome fragments an article at `path` includes instead of rendering its header and footer
 * (DefaultLayout's `chrome` prop), or undefined when its own header would differ from the
 * fragment's: when it marks other links of the primary navigation current than
 * {@link ARTICLE_HEADER_PATH} does.
 * @param path The article page's path, e.g. '/news/some-slug/'.
 * @param primaryHrefs The link paths of the primary navigation (src/queries/menus getMenu('primary')).
 */
export function articleChrome(path: string, primaryHrefs: readonly string[]): { header: string; footer: string } | undefined {
  if (!sameCurrentSections(primaryHrefs, path, ARTICLE_HEADER_PATH)) return undefined;
  return { header: chromeFragment('article-header'), footer: chromeFragment('footer') };
}

/** The fragment of a part of the site chrome: '/_fragments/chrome/<part>/'. */
export function chromeFragment(part: ChromePart): string {
  return `${FRAGMENTS_ROOT}chrome/${part}/`;
}

/**
 * The blocks of a listing (`newestFirst`, as the listing shows it): block k holds the oldest-first
 * positions k·size … k·size+size−1, oldest first, at `{folder}{k}/`. A new (newest) article adds
 * to the last block only.
 */
export function listingBlocks<T>(folder: string, newestFirst: readonly T[], size: number = NEWS_LISTING_PAGE_SIZE): { path: string; items: T[] }[] {
  const oldestFirst = [...newestFirst].reverse();
  const blocks: { path: string; items: T[] }[] = [];
  for (let k = 0; k * size < oldestFirst.length; k += 1)
    blocks.push({ path: listingBlockPath(folder, k), items: oldestFirst.slice(k * size, k * size + size) });
  return blocks;
}
