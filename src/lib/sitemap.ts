/**
 * Which built pages belong in the sitemap, and under which address: every public page search
 * engines may index — not the app views (robots noindex, spec §2), not redirect pages (a meta
 * refresh, which Astro writes with robots noindex too), and not duplicates whose canonical link
 * names another page — listed under its canonical URL. Decided from each page's HTML, so a new
 * redirect, noindex or duplicate page is left out without a list to maintain.
 */

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

/**
 * The document's head: the HTML up to its `</head>` end tag (the whole HTML when there is none).
 * Robots and canonical tags belong there (HTML allows `<meta name>` and `<link rel>` nowhere
 * else), and an article page is ~80 KB of which the head is a few: reading only the head keeps
 * the sitemap of a 30,000-article build from scanning every page in full.
 */
export function documentHead(html: string): string {
  const end = html.search(/<\/head\s*>/i);
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
  const head = documentHead(html);
  if (!isIndexableHtml(head)) return undefined;
  const href = canonicalHref(head);
  if (href === undefined) return pageUrl;
  const canonical = new URL(href, pageUrl);
  return samePage(canonical, new URL(pageUrl)) ? canonical.href : undefined;
}

/** Where @astrojs/sitemap writes the sitemap index. */
export const SITEMAP_INDEX_PATH = '/sitemap-index.xml';

/**
 * robots.txt: every crawler may index the site except the app views under /app/ (spec §2: search
 * engines told not to index them), and the sitemap index is announced by its absolute URL.
 */
export function robotsTxt(site: URL | string): string {
  return ['User-agent: *', 'Disallow: /app/', '', `Sitemap: ${new URL(SITEMAP_INDEX_PATH, site).href}`, ''].join('\n');
}
