/**
 * Sends advert impression and click events (spec §3 Logged event, built by src/lib/events) to the
 * event-logging endpoint (EVENTS_URL: PUBLIC_EVENTS_URL, default the platform API's events path)
 * through the platform client (src/platform/client.ts: a keepalive JSON POST, so a click that
 * leaves the page is still delivered). Tracking ids come from the user store
 * and become 'no tracking' without analytics consent (cookiesConsent). Failed calls are only
 * logged to the console (spec §8).
 */
import { EVENTS_URL } from '../config';
import { advertEvent, type AdvertEventAction, type LoggedAdvert, type LoggedEvent } from '../lib/events';
import { postLoggedEvent } from '../platform/client';
import { randomId } from '../lib/randomId';
import { cookiesConsent } from '../stores/consent';
import { user } from '../stores/user';

/** Logs one advert event; `ssoVendor` is the platform's sign-on provider. Never throws. */
export function logAdvertEvent(action: AdvertEventAction, advert: LoggedAdvert, ssoVendor: string): void {
  const { sessionID, ssoID } = user.get();
  const event = advertEvent(action, advert, {
    sessionID,
    ssoID,
    userAllowTracking: cookiesConsent.get().analytics,
    now: new Date(),
    domain: location.hostname,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    ssoVendor,
    userAgent: navigator.userAgent,
    logID: randomId(),
  });
  void send(event);
}

async function send(event: LoggedEvent): Promise<void> {
  try {
    const result = await postLoggedEvent(event, { url: EVENTS_URL });
    if (!result.ok) console.warn(`Advert event not logged: ${EVENTS_URL} answered ${result.status} ${result.code}`);
  } catch (error) {
    console.warn('Advert event not logged:', error);
  }
}
