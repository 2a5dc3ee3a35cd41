/**
 * The site's "now" for browser code that decides what is past, live or next (kick-off
 * countdowns, promo and footer-advert time windows): the dataset's as-of instant that
 * DefaultLayout writes on <html data-as-of> plus the time spent on the site, or the real clock
 * when the page has none (built from the platform's content); on a fixed clock the first page's
 * `?as-of=` replaces the instant (a replayed match's kick-off). Rules in src/lib/siteClockRules.
 * Read once, on the first call: later pages of the same visit keep counting from it.
 */
import { AS_OF_PARAMETER, clockStart, siteNowMs, type ClockStart } from '../lib/siteClockRules';

let start: ClockStart | null | undefined;

/** The site's current instant in milliseconds since the epoch. */
export function siteNowMsInBrowser(): number {
  const real = Date.now();
  start ??= clockStart(document.documentElement.dataset.asOf, real, new URLSearchParams(location.search).get(AS_OF_PARAMETER));
  return siteNowMs(start, real);
}

/** The site's current instant. */
export function siteNow(): Date {
  return new Date(siteNowMsInBrowser());
}
