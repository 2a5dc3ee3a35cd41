/**
 * HTTP validators shared by the local server (scripts/serve.mjs) and the page-assembly edge
 * function (netlify/edge-functions/page-assembly.ts): one reading of If-None-Match for both.
 */

/**
 * Whether an If-None-Match header matches `etag` (RFC 9110 §13.1.2: weak comparison, a list of
 * tags, or '*'). `etag` is the quoted tag of the representation, strong or weak ('"abc"', 'W/"abc"').
 * A missing or empty header matches nothing.
 */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return header.split(',').some((candidate) => strip(candidate) === wanted);
}
