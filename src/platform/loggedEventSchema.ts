import { z } from 'zod';

/**
 * A logged event as the site sends it (spec §3 "Logged event": action, advertID, advertName,
 * advertRef, campaignRef, sessionID, ssoID, timestamp, url, userAllowTracking; plus channel,
 * domain, logID, screensize, ssoVendor, userAgent). Mirrors LoggedEvent in src/lib/events.ts.
 */
export const loggedEventSchema = z.object({
  action: z.enum(['advertImpression', 'advertClick']),
  advertID: z.string().min(1).max(200),
  advertName: z.string().max(500),
  advertRef: z.string().max(200),
  campaignRef: z.string().max(200),
  sessionID: z.string().max(64),
  ssoID: z.string().max(200),
  timestamp: z.iso.datetime({ offset: true }),
  url: z.string().max(2000),
  userAllowTracking: z.boolean(),
  channel: z.literal('web'),
  domain: z.string().max(253),
  logID: z.number().int().min(1).max(1_000_000),
  screensize: z.string().regex(/^\d{1,5}x\d{1,5}$/),
  ssoVendor: z.string().max(100),
  userAgent: z.string().max(1000),
});

export type LoggedEventInput = z.infer<typeof loggedEventSchema>;
