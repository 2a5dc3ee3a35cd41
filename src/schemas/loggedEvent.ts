import { z } from 'zod';
// Explicit .ts: the platform API imports this file under plain Node (scripts/serve.mjs).
import { RANDOM_ID_MAX } from './ids.ts';

/**
 * A logged event as the site sends it and the platform API accepts it (spec §3 "Logged event":
 * action, advertID, advertName, advertRef, campaignRef, sessionID, ssoID, timestamp, url,
 * userAllowTracking; plus channel, domain, logID, screensize, ssoVendor, userAgent). The one
 * definition of the shape: src/lib/events.ts derives its LoggedEvent type from it, and
 * src/platform/app.ts validates POST /api/events with it. Lengths are generous upper bounds.
 */
export const loggedEventSchema = z.object({
  action: z.enum(['advertImpression', 'advertClick']),
  advertID: z.string().min(1).max(200),
  advertName: z.string().max(500),
  advertRef: z.string().max(200),
  campaignRef: z.string().max(200),
  /** The session id, or 'no tracking' without consent (spec §6). */
  sessionID: z.string().max(64),
  /** The sign-on id, or 'no tracking' without consent (spec §6). */
  ssoID: z.string().max(200),
  /** ISO 8601 with an offset or Z. */
  timestamp: z.iso.datetime({ offset: true }),
  /** The advert's destination. */
  url: z.string().max(2000),
  userAllowTracking: z.boolean(),
  channel: z.literal('web'),
  domain: z.string().max(253),
  /** This event's random id (src/lib/randomId, range src/schemas/ids). */
  logID: z.number().int().min(1).max(RANDOM_ID_MAX),
  /** '{width}x{height}' in CSS pixels, e.g. '1280x720'. */
  screensize: z.string().regex(/^\d{1,5}x\d{1,5}$/),
  ssoVendor: z.string().max(100),
  userAgent: z.string().max(1000),
});

/** A valid logged event. */
export type LoggedEvent = z.infer<typeof loggedEventSchema>;
