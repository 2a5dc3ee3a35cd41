/**
 * The safe-link rule: which strings a feed may put in an
 * href, src or redirect. The content schemas refuse a link that breaks it (src/schemas/common
 * `link`, `httpUrl`, `linkSlug`), and the pages render links through src/lib/escape `safeHref`,
 * which applies this same predicate: one definition of a safe link.
 *
 * It sits with the schemas, dependency-free, so the schemas need nothing from src/lib (lib may
 * import schemas, never the other way round; tests/unit/architecture.test.ts) and browser code
 * that renders links carries no zod.
 */

/**
 * Whether `url` is a safe link. Allowed: a site path ('/news', not '//host' nor '/\host'), an
 * absolute http(s) URL with a host, 'mailto:…' and 'tel:…'. Refused: every other scheme
 * (javascript:, data:, vbscript:, file: …), protocol-relative and relative URLs, fragments, any
 * backslash, control character (tab, newline, NUL …) or surrounding whitespace — the tricks
 * browsers normalise away — and anything not a non-empty string. Never throws.
 */
export function isSafeHref(url: string | null | undefined): url is string {
  if (typeof url !== 'string' || url === '' || url !== url.trim()) return false;
  if (/\p{Cc}/u.test(url) || url.includes('\\')) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  if (/^https?:\/\/[^/?#]/i.test(url)) {
    try {
      const parsed = new URL(url);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
    } catch {
      return false;
    }
  }
  return /^(mailto|tel):[^\s]/i.test(url);
}
