/**
 * Netlify Edge Function carrying only Netlify's built-in rate limit for site-lock password
 * attempts: every request passes unchanged, while its inline `config` has the CDN allow at most
 * SITE_LOCK_ATTEMPTS_PER_MINUTE page POSTs per client IP per domain a minute and answer the rest
 * 429 before any edge code runs, across every isolate. Declared in netlify.toml before `site-lock`
 * ("/*" without "/api/*"); locally only site-lock.ts's own throttle applies
 * (docs/reliability.md "Site lock").
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
