/**
 * The logged advert event (spec §3 "Logged event", §6 tracking, §7 Event logging, §9 logging id),
 * framework-free.
 *
 * An event carries action (advertImpression or advertClick), advertID, advertName, advertRef,
 * campaignRef, sessionID, ssoID, timestamp, url (the advert's destination) and userAllowTracking;
 * each event also gets channel, domain, logID (random 1 to 1,000,000), screensize, ssoVendor and
 * userAgent. When tracking is not allowed, the tracking ids (sessionID and ssoID) read
 * 'no tracking' (spec §6, src/lib/consentRules trackingId).
 */
import { trackingId } from './consentRules';
import type { LoggedEvent as LoggedEventShape } from '../schemas/loggedEvent';

/** Event actions of adverts (spec §3). */
export type AdvertEventAction = LoggedEventShape['action'];

/** The channel this site logs as. */
export const EVENT_CHANNEL: LoggedEventShape['channel'] = 'web';

/** The advert an event is about. */
export interface LoggedAdvert {
  advertID: string;
  advertName: string;
  advertRef: string;
  campaignRef: string;
  /** The advert's destination. */
  url: string;
}

/** Who and where: read by the caller from the user and consent stores and the browser. */
export interface EventContext {
  /** The user store's sessionID (1 to 1,000,000). */
  sessionID: number;
  /** The user store's ssoID; '' when signed out. */
  ssoID: string;
  /** Whether the visitor allowed tracking (cookie consent). */
  userAllowTracking: boolean;
  /** When the event happened. */
  now: Date;
  /** Host name of the page, e.g. 'www.stokecity.example'. */
  domain: string;
  /** Viewport size in CSS pixels. */
  viewport: { width: number; height: number };
  /** The sign-on provider (platform settings ssoProvider). */
  ssoVendor: string;
  userAgent: string;
  /** This event's random id, 1 to 1,000,000 (src/lib/randomId). */
  logID: number;
}

/** The event as sent to the event-logging endpoint (spec §3); its shape is src/schemas/loggedEvent.ts. */
export type LoggedEvent = LoggedEventShape;

/** '{width}x{height}' with each side rounded to whole pixels, e.g. screensize(1280, 720) → '1280x720'. */
export function screensize(width: number, height: number): string {
  return `${Math.round(width)}x${Math.round(height)}`;
}

/** Builds the logged event for an advert impression or click. */
export function advertEvent(action: AdvertEventAction, advert: LoggedAdvert, context: EventContext): LoggedEvent {
  const allowed = context.userAllowTracking;
  return {
    action,
    advertID: advert.advertID,
    advertName: advert.advertName,
    advertRef: advert.advertRef,
    campaignRef: advert.campaignRef,
    sessionID: trackingId(context.sessionID, allowed),
    ssoID: trackingId(context.ssoID, allowed),
    timestamp: context.now.toISOString(),
    url: advert.url,
    userAllowTracking: allowed,
    channel: EVENT_CHANNEL,
    domain: context.domain,
    logID: context.logID,
    screensize: screensize(context.viewport.width, context.viewport.height),
    ssoVendor: context.ssoVendor,
    userAgent: context.userAgent,
  };
}
