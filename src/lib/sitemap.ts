/**
 * Which built pages belong in the sitemap, and under which address: every public page search
 * engines may index — not the app views (robots noindex, spec §2), not redirect pages (a meta
 * refresh, which Astro writes with robots noindex too), and not duplicates whose canonical link
 * names another page — listed under its canonical URL. Decided from each page's HTML, so a new
 * redirect, noindex or duplicate page is left out without a list to maintain.
 */
import { FRAGMENTS_ROOT } from './pageAssembly.ts';

const TAG = /<(meta|link)\b[^>]*>/gi;

/** The value of attribute `name` in one start tag, or undefined. */
function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** True unless the HTML has `<meta name="robots">` with noindex or `<meta http-equiv="refresh">`. */
export function isIndexableHtml(html: string): boolean {
  for (const [tag, element] of html.matchAll(TAG)) {
    if (element?.toLowerCase() !== 'meta') continue;
    if (attr(tag, 'http-equiv')?.toLowerCase() === 'refresh') return false;
    if (attr(tag, 'name')?.toLowerCase() === 'robots' && /\bnoindex\b/i.test(attr(tag, 'content') ?? '')) return false;
  }
  return true;
}

/** The href of `<link rel="canonical">`, or undefined. */
export function canonicalHref(html: string): string | undefined {
  for (const [tag, element] of html.matchAll(TAG)) {
    if (element?.toLowerCase() === 'link' && attr(tag, 'rel')?.toLowerCase() === 'canonical') return attr(tag, 'href');
  }
  return undefined;
}

/** The end tag of a document's head (any case, spaces before the '>'), where {@link documentHead} stops. */
export const HEAD_END = /<\/head\s*>/i;

/**
 * The document's head: the HTML up to its `</head>` end tag (the whole HTML when there is none).
 * Robots and canonical tags belong there (HTML allows `<meta name>` and `<link rel>` nowhere
 * else), so the sitemap of a large build never scans whole pages.
 */
export function documentHead(html: string): string {
  const end = html.search(HEAD_END);
  return end < 0 ? html : html.slice(0, end);
}

const samePage = (a: URL, b: URL) => a.origin === b.origin && a.pathname.replace(/\/$/, '') === b.pathname.replace(/\/$/, '');

/**
 * The address to list for the page built at absolute `pageUrl` with `html`, or undefined to leave
 * it out: not indexable, or its canonical link names another page (both read from the head).
 * With a canonical link naming the page itself (trailing '/' aside), that canonical URL is listed:
 * ('https://x.test/news/win/', page with canonical 'https://x.test/news/win') → 'https://x.test/news/win'.
 */
export function sitemapUrl(pageUrl: string, html: string): string | undefined {
  if (isDisallowedPath(new URL(pageUrl).pathname)) return undefined;
  const head = documentHead(html);
  if (!isIndexableHtml(head)) return undefined;
  const href = canonicalHref(head);
  if (href === undefined) return pageUrl;
  const canonical = new URL(href, pageUrl);
  return samePage(canonical, new URL(pageUrl)) ? canonical.href : undefined;
}

/**
 * The paths robots.txt disallows: the app views (spec §2: search engines told not to index them;
 * each is also noindex) and the card fragments (src/lib/pageAssembly.ts: parts of pages, never
 * pages of their own).
 */
const DISALLOWED_ROOTS: readonly string[] = ['/app/', FRAGMENTS_ROOT];

/**
 * Whether robots.txt disallows a path ('/app/news/win/' → true): such a page is never listed, and
 * the sitemap decides so from the path alone, without reading the page.
 */
export function isDisallowedPath(pathname: string): boolean {
  return DISALLOWED_ROOTS.some((root) => pathname.startsWith(root));
}

/** Where @astrojs/sitemap writes the sitemap index. */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';

/**
 * robots.txt: every crawler may index the site except the app views under /app/ (spec §2: search
 * engines told not to index them), and the sitemap index is announced by its absolute URL.
 */
export function robotsTxt(site: URL | string): string {
  return ['User-agent: *', ...DISALLOWED_ROOTS.map((root) => `Disallow: ${root}`), '', `Sitemap: ${new URL(SITEMAP_INDEX_PATH, site).href}`, ''].join('\n');
}

/** Characters an article slug starts with (src/schemas/common.ts `slug`): one sitemap file each. */
const SLUG_STARTS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The sitemap files the site's URLs are split into (@astrojs/sitemap `chunks`), so that one new
 * article changes a few small files, not every file after it (the URLs are sorted):
 * - `news-<c>`: articles `/news/<slug>` whose slug starts with `c` (36 files);
 * - `news-archive`: the dated archives `/news/<yyyy>[/<mm>[/<dd>]]`;
 * - `news-pages` and `category-pages`: the later listing pages;
 * - everything else stays in @astrojs/sitemap's own `pages`.
 */
export const SITEMAP_CHUNKS: readonly string[] = [...[...SLUG_STARTS].map((c) => `news-${c}`), 'news-archive', 'news-pages', 'category-pages'];

/**
 * The sitemap file ({@link SITEMAP_CHUNKS}) of a listed URL, or undefined for the default `pages`:
 * 'https://x/news/win' → 'news-w'; '/news/2025/08' → 'news-archive'; '/news/page/3' → 'news-pages';
 * '/category/academy/page/2' → 'category-pages'; '/players/smith' → undefined.
 */
export function sitemapChunk(url: string): string | undefined {
  const segments = new URL(url, 'http://sitemap.invalid').pathname.split('/').filter(Boolean);
  const [first, second, third] = segments;
  if (first === 'news') {
    if (second === 'page' && segments.length === 3) return 'news-pages';
    if (second !== undefined && /^\d{4}$/.test(second)) return 'news-archive';
    if (second !== undefined && segments.length === 2 && SLUG_STARTS.includes(second[0] ?? '')) return `news-${second[0]}`;
    return undefined;
  }
  if (first === 'category' && third === 'page' && segments.length === 4) return 'category-pages';
  return undefined;
}
