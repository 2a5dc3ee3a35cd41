// @ts-check
/**
 * The cookies of a returning visitor for the screenshot scripts (./screenshots.mjs,
 * ./offline-screenshot.mjs): the cookie notice answered ('Only Essential') and every demo promo
 * of the dataset (TERRACE_CONTENT_DIR, default data/) seen, so neither covers the page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from './site.mjs';

/**
 * Cookies of a returning visitor: consent answered ('Only Essential') and every demo promo seen.
 * @param {string} baseUrl
 */
export async function returningCookies(baseUrl) {
  const file = path.resolve(PROJECT_ROOT, process.env.TERRACE_CONTENT_DIR ?? 'data', 'demo/promo-overlays.json');
  /** @type {{ promoID: string }[]} */
  const promos = JSON.parse(await readFile(file, 'utf8'));
  const seen = promos.map((p) => encodeURIComponent(p.promoID)).join(',');
  return [
    { name: 'cookie_consent_given', value: 'true' },
    { name: 'cookie_analytics_consent_given', value: 'false' },
    { name: 'seen_promos', value: seen },
  ].map((c) => ({ ...c, url: `${baseUrl}/`, sameSite: /** @type {const} */ ('Lax') }));
}
