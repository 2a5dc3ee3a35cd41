/**
 * Netlify Edge Function that only carries Netlify's built-in rate limit for site-lock password
 * attempts: it lets every request through unchanged, but its inline `config`
 * asks the platform to allow at most SITE_LOCK_ATTEMPTS_PER_MINUTE POSTs per client IP per
 * domain each minute to page paths and to answer the rest with 429 itself, before any edge code
 * runs — a limit that holds across every edge isolate, unlike the in-memory count of
 * site-lock.ts.
 *
 * Declared in netlify.toml before `site-lock` (path "/*", excludedPath "/api/*"), so it is first
 * in the chain; the inline config adds the method filter and the rate limit (Netlify merges a
 * path-less inline config into the netlify.toml declaration). Page POSTs are only password
 * attempts: the site has no other forms posting to pages, and /api/* has its own limits
 * (src/platform/http/rateLimit.ts). Locally scripts/serve.mjs has no CDN; site-lock.ts's own
 * throttle is what applies there.
 */

/** Password attempts (page POSTs) per client IP per minute allowed by the CDN. */
export const SITE_LOCK_ATTEMPTS_PER_MINUTE = 10;

/** Lets the request continue to site-lock.ts and the site. */
export default function siteLockAttempts(): undefined {
  return undefined;
}

/** Netlify inline configuration (edge functions' `Config`: method filter and code-based rate limiting). */
export const config = {
  method: 'POST',
  rateLimit: {
    windowLimit: SITE_LOCK_ATTEMPTS_PER_MINUTE,
    windowSize: 60,
    aggregateBy: ['ip', 'domain'],
  },
};
