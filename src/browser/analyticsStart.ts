/**
 * Loads the consent-gated analytics (src/browser/analytics.ts, spec §4 Route change and startup,
 * §6) only once the visitor has accepted analytics cookies: on a first visit its code waits for
 * 'Accept all cookies'. For a visitor who accepted earlier it loads at start, and the page view of
 * the page it loaded on is pushed when that page finished loading before the code arrived.
 */
import { cookiesConsent } from '../stores/consent';

const acceptedBefore = cookiesConsent.get().analytics;
let pageLoaded = false;
let started = false;

document.addEventListener(
  'astro:page-load',
  () => {
    pageLoaded = true;
  },
  { once: true },
);
cookiesConsent.subscribe((consent) => {
  if (!consent.analytics || started) return;
  started = true;
  import('./analytics').then(
    (analytics) => {
      if (acceptedBefore && pageLoaded) analytics.pageView();
    },
    (error: unknown) => console.warn('Analytics not loaded:', error),
  );
});
