import { z } from 'astro/zod';
// The link rule is the one the pages apply (src/lib/escape safeHref): one definition of a safe link.
import { isSafeHref } from './link.ts';

/** A URL slug: lower-case words joined by single hyphens (spec §5 URL building). */
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case slug (a-z, 0-9, single hyphens)');

/** A season slug such as '2025-26' (spec §9). */
export const seasonSlug = z.string().regex(/^\d{4}-\d{2}$/, "must be a season slug like '2025-26'");

/** A calendar date 'YYYY-MM-DD'. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date 'YYYY-MM-DD'");

/** A local wall-clock time 'HH:MM' (Europe/London). */
export const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time 'HH:MM'");

/** An ISO 8601 date-time with offset or Z. */
export const isoDateTime = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

/** An image key in the club's image library (a path, no host). */
export const imageKey = z
  .string()
  .min(1)
  .regex(/^[^/][^\s]*$/, 'must be an image key (a path without a leading slash or spaces)');

/** An absolute http(s) URL that is also a safe link (src/schemas/link isSafeHref). */
export const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine(isSafeHref, 'must be an http(s) URL without control characters, backslashes or spaces around it');

/**
 * A site link: a path starting with a single '/', an absolute http(s) URL, mailto: or
 * tel: (src/schemas/link isSafeHref). Anything else — javascript:, data:, '//host', '/\\host',
 * control characters — fails the build naming feed, item and field, rather than being published.
 */
export const link = z.string().refine(isSafeHref, "must be a site path ('/…', not '//…'), an http(s) URL, mailto: or tel:");

/**
 * Where an internalLink menu page points (spec §3 linkSlug): a site path with or without its
 * leading '/' ('tickets/memberships'); refused when the link it makes is not a safe site path.
 */
export const linkSlug = z
  .string()
  .refine((value) => isSafeHref(value.startsWith('/') ? value : `/${value}`), "must be a site path such as 'tickets/memberships'");

/** Marks content that is demo material, not the club's real data. */
export const demoFlag = z.boolean().optional();

/** 0/1 or boolean flags as some platform feeds send them (spec §3 isChildFriendly 0 or 1). */
export const flag01 = z.union([z.literal(0), z.literal(1)]);
