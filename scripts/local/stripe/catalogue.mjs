// @ts-check
/**
 * The local Stripe stand-in's seed: one product per package of data/demo/packages.json, one GBP
 * price per `priceData[]` entry under the same price id (amount and interval read from
 * `priceDisplay`: '£9.99 per month' → 999 monthly; '… for 10 months' ends the subscription after
 * ten periods), and the demo promotion codes of docs/stripe-local.md.
 * `seedCatalogue(store, packages)` upserts products and prices and adds missing promotion codes
 * (their redemption counts are kept).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Seed time of the catalogue objects: 1 January 2026. */
const SEEDED_AT = 1767225600;

/** The demo promotion codes (docs/stripe-local.md). */
export const DEMO_PROMOTION_CODES = /** @type {const} */ ({
  valid: { id: 'promo_terrace_potters10', code: 'POTTERS10', coupon: 'terrace_potters10', percentOff: 10, name: '10% off' },
  expired: { id: 'promo_terrace_summer24', code: 'SUMMER24', coupon: 'terrace_summer24', percentOff: 20, name: '20% off (summer 2024)' },
  usedUp: { id: 'promo_terrace_launchday', code: 'LAUNCHDAY', coupon: 'terrace_launchday', percentOff: 50, name: '50% off (launch day)' },
});

/**
 * @typedef {object} CataloguePrice
 * @property {string} id
 * @property {string} type 'recurring' | 'one-off' | 'one_time'
 * @property {string} priceDisplay
 */

/**
 * @typedef {object} CataloguePackage
 * @property {string} id
 * @property {string} mode
 * @property {{ title: string, priceData: CataloguePrice[] }} attributes
 */

/** @returns {CataloguePackage[]} the demo catalogue */
export function loadPackages(file = path.join(PROJECT_ROOT, 'data/demo/packages.json')) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Stripe's price fields for one catalogue price.
 * @param {CataloguePrice} price
 * @returns {{ unit_amount: number, type: 'recurring' | 'one_time', recurring: null | { interval: string, interval_count: number, usage_type: string, meter: null, trial_period_days: null }, iterations: number | null }}
 */
export function stripePriceFields(price) {
  const amount = /£\s*(\d+)(?:\.(\d{2}))?/.exec(price.priceDisplay);
  if (!amount) throw new Error(`Price ${price.id}: no £ amount in "${price.priceDisplay}"`);
  const unitAmount = Number(amount[1]) * 100 + Number(amount[2] ?? 0);
  if (price.type !== 'recurring') return { unit_amount: unitAmount, type: 'one_time', recurring: null, iterations: null };
  const text = price.priceDisplay.toLowerCase();
  const interval = /per (season|year)/.test(text) ? 'year' : /per week/.test(text) ? 'week' : 'month';
  const iterations = /for (\d+) (?:months|weeks|years|seasons)/.exec(text);
  return {
    unit_amount: unitAmount,
    type: 'recurring',
    recurring: { interval, interval_count: 1, usage_type: 'licensed', meter: null, trial_period_days: null },
    iterations: iterations ? Number(iterations[1]) : null,
  };
}

/** A product id for a package id (Stripe ids are letters, digits and underscores). @param {string} packageId */
export const productIdFor = (packageId) => `prod_${packageId.replace(/[^A-Za-z0-9]/g, '_')}`;

/**
 * Adds the catalogue and the promotion codes to the store.
 * @param {import('./store.mjs').Store} store
 * @param {CataloguePackage[]} packages
 */
export function seedCatalogue(store, packages) {
  const base = { livemode: false, metadata: {} };
  for (const pkg of packages) {
    const productId = productIdFor(pkg.id);
    store.put('products', {
      id: productId,
      object: 'product',
      active: true,
      created: SEEDED_AT,
      updated: SEEDED_AT,
      default_price: pkg.attributes.priceData[0]?.id ?? null,
      description: null,
      images: [],
      marketing_features: [],
      name: pkg.attributes.title,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      url: null,
      ...base,
      metadata: { packageId: pkg.id },
    });
    for (const price of pkg.attributes.priceData) {
      const fields = stripePriceFields(price);
      store.put('prices', {
        id: price.id,
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created: SEEDED_AT,
        currency: 'gbp',
        custom_unit_amount: null,
        lookup_key: null,
        nickname: price.priceDisplay,
        product: productId,
        recurring: fields.recurring,
        tax_behavior: 'inclusive',
        tiers_mode: null,
        transform_quantity: null,
        type: fields.type,
        unit_amount: fields.unit_amount,
        unit_amount_decimal: String(fields.unit_amount),
        ...base,
        metadata: { packageId: pkg.id, ...(fields.iterations ? { terrace_iterations: String(fields.iterations) } : {}) },
      });
    }
  }
  const codes = [
    { ...DEMO_PROMOTION_CODES.valid, expiresAt: null, max: null, redeemed: 0 },
    { ...DEMO_PROMOTION_CODES.expired, expiresAt: 1725148799, max: null, redeemed: 0 }, // 31 August 2024
    { ...DEMO_PROMOTION_CODES.usedUp, expiresAt: null, max: 1, redeemed: 1 },
  ];
  for (const code of codes) {
    if (!store.get('coupons', code.coupon)) {
      store.put('coupons', {
        id: code.coupon,
        object: 'coupon',
        amount_off: null,
        created: SEEDED_AT,
        currency: null,
        duration: 'once',
        duration_in_months: null,
        max_redemptions: null,
        name: code.name,
        percent_off: code.percentOff,
        redeem_by: null,
        times_redeemed: code.redeemed,
        valid: true,
        ...base,
      });
    }
    if (!store.get('promotion_codes', code.id)) {
      store.put('promotion_codes', {
        id: code.id,
        object: 'promotion_code',
        active: true,
        code: code.code,
        created: SEEDED_AT,
        customer: null,
        expires_at: code.expiresAt,
        max_redemptions: code.max,
        promotion: { type: 'coupon', coupon: code.coupon },
        restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
        times_redeemed: code.redeemed,
        ...base,
      });
    }
  }
}
