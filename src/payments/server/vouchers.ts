/**
 * Vouchers (spec §4 Voucher panel): a code the supporter types is a Stripe
 * promotion code, looked up through the API (never trusted from the browser). Refusals carry a
 * VOUCHER_ERROR_CODES code and the message the panel shows:
 *   voucher_unknown   no promotion code with that code
 *   voucher_expired   expires_at passed, or the code (or its coupon) is no longer active
 *   voucher_used_up   max_redemptions reached
 * (voucher_not_applicable is answered by create-checkout when Stripe refuses the discount for the
 * chosen price.) Codes are matched case-insensitively, as Stripe does.
 */
import type Stripe from 'stripe';
import type { VoucherErrorCode } from '../rules/paymentsContract.ts';

/** The message of each refusal (the API envelope's message; the voucher panel shows it). */
export const VOUCHER_MESSAGES: Record<VoucherErrorCode, string> = {
  voucher_unknown: 'Sorry, that voucher code is not recognised',
  voucher_expired: 'Sorry, that voucher has expired',
  voucher_used_up: 'Sorry, that voucher has already been used the maximum number of times',
  voucher_not_applicable: 'Sorry, that voucher cannot be used for this package',
};

/** A usable promotion code. */
export interface AcceptedVoucher {
  /** Stripe's promotion code id (promo_…), sent as `discounts`. */
  promotionCodeId: string;
  /** The code as Stripe spells it. */
  code: string;
  /** What it gives, e.g. '10% off'. */
  description: string;
}

/** The answer of a look-up. */
export type VoucherLookup = { ok: true; voucher: AcceptedVoucher } | { ok: false; code: VoucherErrorCode; message: string };

/** What a coupon gives, in words: its name, else '10% off' / '£5.00 off'. */
export function describeCoupon(coupon: Stripe.Coupon | string | null): string {
  if (!coupon || typeof coupon === 'string') return 'Discount';
  if (coupon.name) return coupon.name;
  if (coupon.percent_off) return `${coupon.percent_off}% off`;
  if (coupon.amount_off) {
    const currency = (coupon.currency ?? 'gbp').toUpperCase();
    return `${new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(coupon.amount_off / 100)} off`;
  }
  return 'Discount';
}

const refuse = (code: VoucherErrorCode): VoucherLookup => ({ ok: false, code, message: VOUCHER_MESSAGES[code] });

/**
 * Looks `code` up among Stripe's promotion codes at `now` (see the file header).
 * @throws Stripe's errors when Stripe cannot be reached.
 */
export async function lookUpVoucher(stripe: Stripe, code: string, now: Date): Promise<VoucherLookup> {
  const found = await stripe.promotionCodes.list({ code, limit: 10, expand: ['data.promotion.coupon'] });
  const matches = found.data.filter((promo) => promo.code.toLowerCase() === code.toLowerCase());
  if (matches.length === 0) return refuse('voucher_unknown');
  // Stripe keeps at most one active code per string; an inactive twin only explains a refusal.
  const promo = matches.find((candidate) => candidate.active) ?? matches[0]!;
  const coupon = promo.promotion?.coupon ?? null;
  const couponValid = typeof coupon === 'object' && coupon !== null ? coupon.valid : true;
  if (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions) return refuse('voucher_used_up');
  if (!promo.active || !couponValid || (promo.expires_at !== null && promo.expires_at * 1000 <= now.getTime())) return refuse('voucher_expired');
  return { ok: true, voucher: { promotionCodeId: promo.id, code: promo.code, description: describeCoupon(coupon) } };
}
