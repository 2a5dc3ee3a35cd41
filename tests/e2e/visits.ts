/**
 * First-visit state for end-to-end tests: cookies that keep the cookie notice (spec §4 Cookie
 * notice) and the overlay promos (spec §4 Overlay promo) out of the way, so a test sees the page
 * it is about. Tests of those overlays leave the matching cookies out.
 */
import type { BrowserContext } from '@playwright/test';
import { readJson } from './data';

const promos = readJson<{ promoID: string }[]>('demo/promo-overlays.json');

/**
 * Replaces the context's cookies with a returning visitor's: essential-only consent given
 * (`consent`, default true) and every demo promo seen (`promos`, default true).
 */
export async function quietFirstVisit(context: BrowserContext, baseURL: string, options: { consent?: boolean; promos?: boolean } = {}): Promise<void> {
  const domain = new URL(baseURL).hostname;
  await context.clearCookies();
  const cookies: { name: string; value: string; domain: string; path: string }[] = [];
  if (options.consent ?? true) {
    cookies.push(
      { name: 'cookie_consent_given', value: 'true', domain, path: '/' },
      { name: 'cookie_analytics_consent_given', value: 'false', domain, path: '/' },
    );
  }
  if (options.promos ?? true) {
    cookies.push({ name: 'seen_promos', value: promos.map((p) => encodeURIComponent(p.promoID)).join(','), domain, path: '/' });
  }
  if (cookies.length > 0) await context.addCookies(cookies);
}
