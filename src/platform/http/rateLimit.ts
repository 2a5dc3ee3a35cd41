/**
 * Per-client rate limits on hono-rate-limiter: each limiter counts a client's calls in a fixed
 * window in a `RateLimitStore` (src/platform/deps.ts) and sends the draft-7 RateLimit headers.
 * The client is the runtime's `clientIp` binding (never a request header; 'unknown' without it),
 * an IPv6 address keyed by its /64, an IPv4-mapped one as IPv4.
 * Errors: 429 rate_limited with Retry-After (seconds until the window resets).
 */
import type { Context, MiddlewareHandler } from 'hono';
import ipaddr from 'ipaddr.js';
import { rateLimiter } from 'hono-rate-limiter';
import type { RateLimitStore } from '../deps.ts';
import { ApiError } from './errors.ts';
import type { PlatformHonoEnv } from './types.ts';

/**
 * A limiter's policy: at most `limit` calls per client per `windowMs` milliseconds; with
 * `failuresOnly`, a call answered below 400 gives its count back (it is still counted, and refused
 * past the limit, before the route runs).
 */
export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
  failuresOnly?: boolean;
}

/** The key of one address: IPv4 as written, IPv6 as its /64 prefix ('2001:db8:0:1::/64'), else as given. */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`);
  return `${prefix.toString()}/64`;
}

/** The client's key for rate limiting: the runtime-provided IP address (IPv6 by /64), or 'unknown'. */
export function clientKey(c: Context<PlatformHonoEnv>): string {
  const ip = (c.env as PlatformHonoEnv['Bindings'] | undefined)?.clientIp;
  return ip && ip.length <= 64 ? addressKey(ip) : 'unknown';
}

/** Whole seconds from `now` until `resetTime`, at least 1. */
export function retryAfterSeconds(resetTime: Date | undefined, now: Date, windowMs: number): number {
  const ms = resetTime ? resetTime.getTime() - now.getTime() : windowMs;
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Middleware allowing each client `policy.limit` calls per window, counted in `store` under
 * `name:<client>`; the next call gets 429 rate_limited with Retry-After.
 */
export function rateLimit(
  name: string,
  policy: RateLimitPolicy,
  store: RateLimitStore,
  now: () => Date = () => new Date(),
): MiddlewareHandler<PlatformHonoEnv> {
  return rateLimiter<PlatformHonoEnv>({
    windowMs: policy.windowMs,
    limit: policy.limit,
    standardHeaders: 'draft-7',
    skipSuccessfulRequests: policy.failuresOnly ?? false,
    store,
    keyGenerator: (c) => `${name}:${clientKey(c)}`,
    handler: (c) => {
      const seconds = retryAfterSeconds(c.get('rateLimit')?.resetTime, now(), policy.windowMs);
      throw new ApiError(429, 'rate_limited', `Too many requests; try again in ${seconds} s`, { headers: { 'Retry-After': String(seconds) } });
    },
  });
}
