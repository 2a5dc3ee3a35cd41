/**
 * The payments HTTP contract (spec §4 "Purchase click", "Voucher panel"; §7 create-checkout,
 * create-portal-redirect) as zod schemas shared by src/payments/server/paymentRoutes.ts and
 * src/payments/browser/paymentsClient.ts: request and response schemas of create-checkout,
 * create-portal-redirect, fulfil and vouchers/check. The browser names only the package, price and
 * an optional voucher; the server builds the Checkout Session. Browser-safe: jitless zod
 * (src/lib/zod), no node:, no Hono. Statuses and codes: docs/payments.md.
 */
import { z } from '../../lib/zod.ts';

/** A package or price id of the catalogue (spec §3 Package catalogue form). */
const catalogueIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/, 'must be a catalogue id');

/** A voucher code as typed: Stripe promotion codes are letters, digits, '-' and '_'. */
export const voucherCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

/** Why a voucher is refused, each with its message (shown as the API envelope's message). */
export const VOUCHER_ERROR_CODES = ['voucher_unknown', 'voucher_expired', 'voucher_used_up', 'voucher_not_applicable'] as const;
export type VoucherErrorCode = (typeof VOUCHER_ERROR_CODES)[number];

/** POST /api/payments/create-checkout body. */
export const checkoutRequestSchema = z.object({
  packageId: catalogueIdSchema,
  priceId: catalogueIdSchema,
  /** A voucher the supporter redeemed (Stripe promotion code); sent to Stripe as `discounts`. */
  voucher: voucherCodeSchema.optional(),
});

/** 200 answer of create-checkout: the Checkout Session's id and where the browser goes to pay. */
export const checkoutResponseSchema = z.object({
  data: z.object({ id: z.string().min(1), url: z.url() }),
});

/** POST /api/payments/create-portal-redirect body: a path on the site to come back to. */
export const portalRequestSchema = z.object({
  returnURL: z
    .string()
    .max(512)
    .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site'),
});

/** 200 answer of create-portal-redirect: Stripe's billing portal URL. */
export const portalResponseSchema = z.object({ data: z.object({ url: z.url() }) });

/** POST /api/payments/fulfil body: the `session_id` the success URL carried. */
export const fulfilRequestSchema = z.object({
  sessionId: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^cs_[\w-]+$/, 'must be a checkout session id'),
});

/** 200 answer of fulfil: the session's state and the account's entitlements after it. */
export const fulfilResponseSchema = z.object({
  data: z.object({
    status: z.enum(['complete', 'open', 'expired']),
    paid: z.boolean(),
    packageId: z.string().nullable(),
    entitlements: z.array(z.string()),
  }),
});

/** POST /api/payments/vouchers/check body. */
export const voucherCheckRequestSchema = z.object({ code: voucherCodeSchema, packageId: catalogueIdSchema.optional() });

/** 200 answer of vouchers/check. */
export const voucherCheckResponseSchema = z.object({
  data: z.object({ code: z.string(), description: z.string() }),
});

export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type CheckoutCreated = z.output<typeof checkoutResponseSchema>['data'];
export type FulfilResult = z.output<typeof fulfilResponseSchema>['data'];
export type VoucherAccepted = z.output<typeof voucherCheckResponseSchema>['data'];
