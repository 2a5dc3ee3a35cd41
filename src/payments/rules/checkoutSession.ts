/**
 * The Stripe Checkout Session a purchase click creates (spec §7 create-checkout), as one pure
 * function: the params of `stripe.checkout.sessions.create` from the catalogue package and price,
 * the user, their Stripe customer, a redeemed voucher and the site's origin. Mode by price type;
 * success_url with `session_id={CHECKOUT_SESSION_ID}`; metadata values cut to Stripe's 500
 * characters; `customer` or `customer_email`, never both; `discounts` or `allow_promotion_codes`,
 * never both; client_reference_id = our user id (docs/payments.md "Checkout").
 */

/** The catalogue package fields the session needs (spec §3 Package, catalogue form). */
export interface CheckoutPackage {
  id: string;
  title: string;
  description: string;
  successfulPaymentPage: string;
  cancelledPaymentPage: string;
}

/** The chosen price (spec §3 Price entry): its Stripe price id and type. */
export interface CheckoutPrice {
  id: string;
  type: 'recurring' | 'one-off';
}

/** The signed-in buyer: our user id and e-mail. */
export interface CheckoutBuyer {
  id: string;
  email: string;
}

/** What `buildCheckoutSessionParams` is given. */
export interface CheckoutInput {
  pkg: CheckoutPackage;
  price: CheckoutPrice;
  buyer: CheckoutBuyer;
  /** The buyer's Stripe customer (cus_…), or null when none exists yet. */
  stripeCustomerId: string | null;
  /** The redeemed voucher's Stripe promotion code id (promo_…), or null. */
  promotionCodeId: string | null;
  /** The site's origin, e.g. 'https://www.stokecity.example' (no trailing slash needed). */
  origin: string;
}

/** Stripe's placeholder in success_url, replaced with the session id on redirect. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Longest metadata value Stripe accepts (characters). */
export const STRIPE_METADATA_VALUE_MAX = 500;

/** The Checkout Session parameters (a subset of Stripe's SessionCreateParams). */
export interface CheckoutSessionParams {
  mode: 'subscription' | 'payment';
  success_url: string;
  cancel_url: string;
  client_reference_id: string;
  metadata: { userID: string; userEmail: string; packageDescription: string; packageTitle: string; packageID: string };
  line_items: [{ price: string; quantity: 1 }];
  customer?: string;
  customer_email?: string;
  discounts?: [{ promotion_code: string }];
  allow_promotion_codes?: true;
}

/** `origin` + a site path (a path that is not site-relative is taken as relative to the root). */
function siteUrl(origin: string, path: string): string {
  return new URL(path.startsWith('/') ? path : `/${path}`, origin.replace(/\/+$/, '') + '/').toString();
}

/** `url` with `session_id={CHECKOUT_SESSION_ID}` appended to its query (the braces left unescaped for Stripe). */
export function withSessionIdPlaceholder(url: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}${hash}`;
}

const cut = (value: string) => (value.length > STRIPE_METADATA_VALUE_MAX ? value.slice(0, STRIPE_METADATA_VALUE_MAX) : value);

/**
 * The Checkout Session parameters of spec §7 for one purchase (see the file header for each rule).
 * Pure; throws only a TypeError when `origin` is not a URL.
 */
export function buildCheckoutSessionParams(input: CheckoutInput): CheckoutSessionParams {
  const { pkg, price, buyer, stripeCustomerId, promotionCodeId, origin } = input;
  const params: CheckoutSessionParams = {
    mode: price.type === 'recurring' ? 'subscription' : 'payment',
    success_url: withSessionIdPlaceholder(siteUrl(origin, pkg.successfulPaymentPage)),
    cancel_url: siteUrl(origin, pkg.cancelledPaymentPage),
    client_reference_id: buyer.id,
    metadata: {
      userID: buyer.id,
      userEmail: cut(buyer.email),
      packageDescription: cut(pkg.description),
      packageTitle: cut(pkg.title),
      packageID: pkg.id,
    },
    line_items: [{ price: price.id, quantity: 1 }],
  };
  if (stripeCustomerId) params.customer = stripeCustomerId;
  else params.customer_email = buyer.email;
  if (promotionCodeId) params.discounts = [{ promotion_code: promotionCodeId }];
  else params.allow_promotion_codes = true;
  return params;
}
