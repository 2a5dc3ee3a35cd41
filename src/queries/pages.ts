import { getCollection, type CollectionEntry } from 'astro:content';
import { safeHref } from '../lib/escape';

export type PageEntry = CollectionEntry<'pages'>;

/** Every published content page of the page tree (spec §2 Content page tree), by fullPath. */
export async function getPageTree(): Promise<Map<string, PageEntry>> {
  const pages = await getCollection('pages', (p) => p.data.postStatus === 'Published');
  return new Map(pages.map((p) => [p.data.fullPath, p]));
}

/** The children of a page in pageOrder (by childIds, falling back to the path prefix). */
export function childrenOf(page: PageEntry, tree: Map<string, PageEntry>): PageEntry[] {
  const all = [...tree.values()];
  const byId = page.data.childIds.map((id) => all.find((p) => p.data.postID === id)).filter((p): p is PageEntry => Boolean(p));
  const list =
    byId.length > 0 ? byId : all.filter((p) => p.data.fullPath.startsWith(`${page.data.fullPath}/`) && p.data.nestedLevel === page.data.nestedLevel + 1);
  return list.sort((a, b) => a.data.pageOrder - b.data.pageOrder);
}

/** The ancestors of a page, top level first (those present in the tree). */
export function ancestorsOf(page: PageEntry, tree: Map<string, PageEntry>): PageEntry[] {
  const parts = page.data.fullPath.split('/');
  return parts
    .slice(0, -1)
    .map((_, i) => tree.get(parts.slice(0, i + 1).join('/')))
    .filter((p): p is PageEntry => Boolean(p));
}

/**
 * Where a menu page's link goes: its own URL, the linked slug's URL, or its external URL — the
 * latter two only when they are safe links (src/lib/escape safeHref), otherwise its own URL.
 */
export function pageHref(page: PageEntry['data']): string {
  const own = `/${page.fullPath}`;
  if (page.postType === 'external' && page.externalUrl) return safeHref(page.externalUrl) ?? own;
  if (page.postType === 'internalLink' && page.linkSlug) return safeHref(page.linkSlug.startsWith('/') ? page.linkSlug : `/${page.linkSlug}`) ?? own;
  return own;
}
