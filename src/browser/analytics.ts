/**
 * Consent-gated third-party scripts and tag-manager events (spec §4 Route change and startup,
 * §6). Nothing third-party loads before the visitor accepts analytics cookies; once accepted the
 * configured scripts load off the main thread through Partytown (type="text/partytown"), and a
 * page-view event is pushed to the data layer 250 ms after each route change. Loaded by
 * src/browser/analyticsStart.ts once analytics cookies are accepted.
 */
import { cookiesConsent } from '../stores/consent';
import { user } from '../stores/user';
import { scriptsToLoad } from '../lib/thirdParty';
import { trackingId } from '../lib/consentRules';
import { PAGE_VIEW_EVENT_DELAY_MS } from '../lib/constants';
import { THIRD_PARTY_SCRIPTS } from './thirdPartyConfig';

import { PARTYTOWN_LIB } from '../integrations/partytownConfig';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    partytown?: { lib: string; forward: string[] };
  }
}

const loaded = new Set<string>();

/**
 * Partytown talks to its worker through a hidden iframe it appends to <body>. The client router
 * replaces <body> on every navigation, which would cut that line after the first page; so the
 * iframe is moved (state kept, via Element.moveBefore) under <html>, which navigations keep.
 */
function keepPartytownAcrossNavigations(): void {
  const root = document.documentElement as HTMLElement & { moveBefore?: (node: Node, child: Node | null) => void };
  if (typeof root.moveBefore !== 'function') return;
  const move = (frame: Element) => {
    if (frame.parentElement !== root) root.moveBefore?.(frame, null);
  };
  const find = () => document.body.querySelectorAll('iframe[src*="partytown"]').forEach(move);
  new MutationObserver(find).observe(document.body, { childList: true });
  find();
}

/**
 * Queues the consented scripts as text/partytown and starts Partytown once (its loader reads
 * window.partytown and the queued scripts); later scripts are picked up through 'ptupdate'.
 * The tags go under <html>, not <head>: the client router replaces the head's children on each
 * navigation, and a navigation right after 'Accept all cookies' removed them before Partytown's
 * worker had read them, so the tag manager never loaded (Partytown looks in the whole document).
 */
function load(): void {
  const scripts = scriptsToLoad(THIRD_PARTY_SCRIPTS, cookiesConsent.get()).filter((s) => !loaded.has(s.name));
  if (scripts.length === 0) return;
  const first = loaded.size === 0;
  for (const script of scripts) {
    loaded.add(script.name);
    const tag = document.createElement('script');
    tag.type = 'text/partytown';
    tag.src = script.url;
    tag.dataset.thirdParty = script.name;
    document.documentElement.append(tag);
  }
  if (!first) {
    window.dispatchEvent(new CustomEvent('ptupdate'));
    return;
  }
  window.partytown = { lib: PARTYTOWN_LIB, forward: ['dataLayer.push'] };
  keepPartytownAcrossNavigations();
  const loader = document.createElement('script');
  loader.src = `${PARTYTOWN_LIB}partytown.js`;
  // Marked as run: after each navigation the client router re-runs every <script> without
  // data-astro-exec, which would start a second Partytown that drops the forwarded events.
  loader.dataset.astroExec = '';
  document.documentElement.append(loader);
}

/** Pushes an event to the tag manager's data layer — only with analytics consent. */
export function pushEvent(event: Record<string, unknown>): void {
  if (!cookiesConsent.get().analytics) return;
  (window.dataLayer ??= []).push(event);
}

/** Pushes the page view of the page on screen, after PAGE_VIEW_EVENT_DELAY_MS. */
export function pageView(): void {
  window.setTimeout(() => {
    pushEvent({
      event: 'page_view',
      page_path: location.pathname,
      page_title: document.title,
      session_id: trackingId(user.get().sessionID, cookiesConsent.get().analytics),
    });
  }, PAGE_VIEW_EVENT_DELAY_MS);
}

cookiesConsent.subscribe((consent) => {
  if (consent.analytics) load();
});
document.addEventListener('astro:page-load', pageView);
