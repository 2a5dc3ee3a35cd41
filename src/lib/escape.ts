/**
 * Output helpers for untrusted content: every feed string reaches the page through its context's
 * helper — Astro `{expr}` / JSX for text and attributes, {@link escapeHtml} for HTML built as a
 * string (RSS), {@link icalText} for iCalendar TEXT, `sanitizeContentHtml` (./sanitize.ts) for HTML
 * bodies, {@link safeHref} for href / src / redirect targets (the rule is src/schemas/link's
 * isSafeHref), {@link jsonScriptText} for JSON in a <script>.
 * Pure and dependency-free, so browser scripts apply the same rules as the build.
 */

import { isSafeHref } from '../schemas/link.ts';

/** C0 control characters (tab, CR and LF included) and DEL, for {@link icalText}. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_ALL = /[\u0000-\u001f\u007f]/g;

/**
 * The link a feed may put in an href, src or redirect, or undefined when it must become inert:
 * `url` itself when src/schemas/link `isSafeHref` accepts it (a site path, an absolute http(s)
 * URL with a host, 'mailto:…' or 'tel:…'; no other scheme, no '//host' or '/\host', no
 * backslash, control character or surrounding whitespace). Never throws.
 *
 * Use `href={safeHref(url)}`: Astro and React leave out an undefined attribute, so an unsafe link
 * renders as an <a> without href.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  return isSafeHref(url) ? url : undefined;
}

/** Characters written as \uXXXX in {@link jsonScriptText}. */
const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text of `value` that is safe as the content of a <script> element (JSON-LD, inline data):
 * '<', '>', '&', U+2028 and U+2029 are written as \u escapes, so no value can close the element
 * ('</script>'), open a comment ('<!--') or end a JavaScript line. JSON.parse gives `value` back.
 * A value JSON cannot represent (undefined, a function) is written as null.
 */
export function jsonScriptText(value: unknown): string {
  const json = JSON.stringify(value) as string | undefined;
  return (json ?? 'null').replace(/[<>&\u2028\u2029]/g, (character) => SCRIPT_UNSAFE[character] ?? character);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Plain text as HTML text (for HTML assembled as a string, such as an RSS item's description,
 * which feed readers render as HTML): '&', '<', '>', '"' and "'" become character references.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A TEXT value of iCalendar (RFC 5545 §3.3.11): backslash, ';' and ',' escaped, every line break
 * written as '\n', other control characters dropped, so a value cannot end its content line and
 * start a property of its own. For the calendar properties ical-generator writes unescaped (name,
 * description, PRODID parts); it escapes the events' own texts itself.
 */
export function icalText(text: string): string {
  return text
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n')
    .replace(CONTROL_CHARACTERS_ALL, '');
}
