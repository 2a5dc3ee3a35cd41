/**
 * The payments routes (contract: ../rules/paymentsContract.ts; docs/payments.md): create-checkout
 * (one open session per account and package, an Idempotency-Key per 10-minute window, recorded under
 * storage/checkoutSessions.ts), create-portal-redirect, fulfil, vouchers/check (./vouchers.ts) and
 * the webhook (raw body, signature verified by the SDK with WEBHOOK_TOLERANCE_SECONDS, then
 * ./webhook.ts). Browser calls pass CSRF, a per-client rate limit, JSON and a body limit; identity
 * comes from the session cookies. Errors: 401, 404, 409 already_entitled, 422 voucher codes, 400
 * invalid_signature, 503 checkout_unavailable with Retry-After (spec §8's text).
 */
import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import Stripe from 'stripe';
import { buildCheckoutSessionParams } from '../rules/checkoutSession.ts';
import { readSession } from '../../accounts/server/signedInSession.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import { configuredOrigins, stripeSettings } from '../../platform/env.ts';
import { limitBody } from '../../platform/http/bodyLimit.ts';
import { requireSameOrigin } from '../../platform/http/csrf.ts';
import { ApiError, errorResponses } from '../../platform/http/errors.ts';
import { requireMediaType } from '../../platform/http/mediaType.ts';
import { rateLimit, type RateLimitPolicy } from '../../platform/http/rateLimit.ts';
import type { PlatformHonoEnv } from '../../platform/http/types.ts';
import { createRouter } from '../../platform/http/validation.ts';
import { closeCheckoutSession, findOpenCheckoutSession, recordCheckoutSession } from '../../platform/storage/checkoutSessions.ts';
import { activeEntitlementNames } from '../../platform/storage/entitlements.ts';
import { findStripeCustomerId, linkStripeCustomer } from '../../platform/storage/stripe.ts';
import type { User } from '../../platform/storage/users.ts';
import { createPackageCatalogue, type CataloguePackage, type CataloguePrice, type PackageCatalogue } from './packageCatalogue.ts';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  fulfilRequestSchema,
  fulfilResponseSchema,
  portalRequestSchema,
  portalResponseSchema,
  voucherCheckRequestSchema,
  voucherCheckResponseSchema,
} from '../rules/paymentsContract.ts';
import { fulfilCheckout, NotYetKnownError, SessionOfAnotherUserError, type PaymentsContext } from './fulfilment.ts';
import { lookUpVoucher, VOUCHER_MESSAGES } from './vouchers.ts';
import { processWebhookEvent } from './webhook.ts';

/** Spec §8 "Checkout redirect failure". */
export const CHECKOUT_UNAVAILABLE_MESSAGE = 'Sorry, checkout is not currently available, please try again';
/** Largest browser body (bytes). */
export const MAX_PAYMENTS_BODY_BYTES = 4 * 1024;
/** Largest webhook body (bytes): Stripe's events are well under this. */
export const MAX_WEBHOOK_BODY_BYTES = 512 * 1024;
/** Signature timestamps older (or newer) than this many seconds are refused (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The window of a checkout idempotency key: the same click within it is the same session. */
export const CHECKOUT_IDEMPOTENCY_WINDOW_MS = 10 * 60 * 1000;

/** Retry-After (seconds) of the payments' 503s (Stripe unreachable or not configured). */
export const PAYMENTS_RETRY_AFTER_SECONDS = 30;

/** Per-client limits. */
export const PAYMENTS_RATE_LIMITS: Record<'checkout' | 'fulfil' | 'voucher' | 'webhook', RateLimitPolicy> = {
  checkout: { limit: 20, windowMs: 60_000 },
  fulfil: { limit: 30, windowMs: 60_000 },
  /**
   * Vouchers are guessable strings: few tries per address, one budget for every look-up (a check,
   * and a checkout naming a voucher).
   */
  voucher: { limit: 10, windowMs: 60_000 },
  /** Stripe sends from a few addresses, in bursts. */
  webhook: { limit: 1_000, windowMs: 60_000 },
};

/** The Idempotency-Key of a checkout: (account, package, price, voucher, window) hashed. */
export function checkoutIdempotencyKey(parts: { userId: string; packageId: string; priceId: string; promotionCodeId: string | null; now: Date }): string {
  const window = Math.floor(parts.now.getTime() / CHECKOUT_IDEMPOTENCY_WINDOW_MS);
  const digest = createHash('sha256')
    .update(JSON.stringify([parts.userId, parts.packageId, parts.priceId, parts.promotionCodeId ?? '', window]))
    .digest('hex');
  return `terrace-checkout-${digest}`;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : null;

/** The payments router (mounted at /api by createPlatformApp). `catalogue` defaults to data/demo/packages.json. */
export function createPaymentsRouter(deps: PlatformDeps, catalogue: PackageCatalogue = createPackageCatalogue()) {
  const sameOrigin = requireSameOrigin({ allowedOrigins: configuredOrigins(deps.env) });
  const limiter = (name: keyof typeof PAYMENTS_RATE_LIMITS) =>
    rateLimit(`payments-${name}`, PAYMENTS_RATE_LIMITS[name], deps.rateLimitStore(`payments-${name}`), () => deps.clock.now());
  const json = [requireMediaType('application/json'), limitBody(MAX_PAYMENTS_BODY_BYTES)] as const;
  const checkoutLimit = limiter('checkout');
  const voucherLimit = limiter('voucher');
  /** Takes one voucher look-up from the client's budget; 429 rate_limited when it is used up. */
  const takeVoucherGuess = (c: Context<PlatformHonoEnv>) => voucherLimit(c, async () => {});

  /** The payments context, or 503 when Stripe is not configured. */
  const contextOf = async (code: string, message: string): Promise<PaymentsContext> => {
    const stripe = deps.stripe();
    if (!stripe) {
      deps.logger.error('payments: Stripe is not configured (STRIPE_SECRET_KEY)');
      throw new ApiError(503, code, message, { headers: { 'Retry-After': String(PAYMENTS_RETRY_AFTER_SECONDS) } });
    }
    return { stripe, db: await deps.db.get(), catalogue, clock: deps.clock, logger: deps.logger };
  };

  /** A Stripe failure, logged, as 503 `code`. */
  const unavailable = (c: Context<PlatformHonoEnv>, error: unknown, code: string, message: string) => {
    deps.logger.error(`payments: ${code}`, {
      requestId: c.get('requestId'),
      error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
    });
    return new ApiError(503, code, message, { cause: error, headers: { 'Retry-After': String(PAYMENTS_RETRY_AFTER_SECONDS) } });
  };

  /** The site origin Stripe sends the browser back to: the request's Origin (the CSRF guard admitted it). */
  const originOf = (c: Context<PlatformHonoEnv>) => c.req.header('origin') ?? new URL(c.req.url).origin;

  /** The user's Stripe customer, created (metadata.userID, idempotent per user) and tied on first purchase. */
  async function customerOf(ctx: PaymentsContext, user: User): Promise<string> {
    const known = await findStripeCustomerId(ctx.db, user.id);
    if (known) return known;
    const customer = await ctx.stripe.customers.create(
      { email: user.email || undefined, metadata: { userID: user.id } },
      { idempotencyKey: `terrace-customer-${user.id}` },
    );
    return (await linkStripeCustomer(ctx.db, { userId: user.id, stripeCustomerId: customer.id, at: ctx.clock.now() })).stripeCustomerId;
  }

  const holdsAll = async (ctx: PaymentsContext, userId: string, price: CataloguePrice) => {
    const held = new Set(await activeEntitlementNames(ctx.db, userId, ctx.clock.now()));
    return price.accessData.entitlements.every((entitlement) => held.has(entitlement));
  };

  /**
   * The account's open session for the package when it can be reused (same price and voucher);
   * one that completed meanwhile is fulfilled, one for another offer is expired; else null.
   */
  async function reusableSession(ctx: PaymentsContext, user: User, pkg: CataloguePackage, price: CataloguePrice, promotionCodeId: string | null) {
    const open = await findOpenCheckoutSession(ctx.db, user.id, pkg.id, ctx.clock.now());
    if (!open) return null;
    const session = await ctx.stripe.checkout.sessions.retrieve(open.id, { expand: ['line_items'] });
    if (session.status === 'complete') {
      // Paid in another tab while the webhook is on its way: fulfil it here (the same function).
      await fulfilCheckout(ctx, session.id, 'checkout-success', user.id).catch((error: unknown) => {
        if (!(error instanceof SessionOfAnotherUserError || error instanceof NotYetKnownError)) throw error;
      });
      return null;
    }
    const samePrice = session.line_items?.data[0]?.price?.id === price.id;
    const sameVoucher = (idOf(session.discounts?.[0]?.promotion_code) ?? null) === promotionCodeId;
    if (session.status === 'open' && samePrice && sameVoucher && session.url) return { id: session.id, url: session.url };
    if (session.status === 'open') await ctx.stripe.checkout.sessions.expire(session.id);
    await closeCheckoutSession(ctx.db, open.id, 'expired', ctx.clock.now());
    return null;
  }

  const createCheckout = createRoute({
    method: 'post',
    path: '/payments/create-checkout',
    tags: ['payments'],
    summary: 'A Stripe Checkout Session for a package price (spec §7); the browser goes to its url',
    middleware: [sameOrigin, checkoutLimit, ...json] as const,
    request: { body: { required: true, content: { 'application/json': { schema: checkoutRequestSchema } } } },
    responses: {
      200: { description: 'The session to pay in', content: { 'application/json': { schema: checkoutResponseSchema } } },
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429, 503),
    },
  });

  const portal = createRoute({
    method: 'post',
    path: '/payments/create-portal-redirect',
    tags: ['payments'],
    summary: "The signed-in supporter's Stripe billing portal",
    middleware: [sameOrigin, checkoutLimit, ...json] as const,
    request: { body: { required: true, content: { 'application/json': { schema: portalRequestSchema } } } },
    responses: {
      200: { description: 'The portal URL', content: { 'application/json': { schema: portalResponseSchema } } },
      ...errorResponses(400, 401, 403, 404, 413, 415, 429, 503),
    },
  });

  const fulfil = createRoute({
    method: 'post',
    path: '/payments/fulfil',
    tags: ['payments'],
    summary: "The success page: fulfils the supporter's own Checkout Session (idempotent)",
    middleware: [sameOrigin, limiter('fulfil'), ...json] as const,
    request: { body: { required: true, content: { 'application/json': { schema: fulfilRequestSchema } } } },
    responses: {
      200: { description: "The session's state and the entitlements after it", content: { 'application/json': { schema: fulfilResponseSchema } } },
      ...errorResponses(400, 401, 403, 404, 413, 415, 429, 503),
    },
  });

  const voucherCheck = createRoute({
    method: 'post',
    path: '/payments/vouchers/check',
    tags: ['payments'],
    summary: 'Checks a voucher (a Stripe promotion code)',
    middleware: [sameOrigin, voucherLimit, ...json] as const,
    request: { body: { required: true, content: { 'application/json': { schema: voucherCheckRequestSchema } } } },
    responses: {
      200: { description: 'The voucher is usable', content: { 'application/json': { schema: voucherCheckResponseSchema } } },
      ...errorResponses(400, 403, 413, 415, 422, 429, 503),
    },
  });

  const webhook = createRoute({
    method: 'post',
    path: '/payments/webhook',
    tags: ['payments'],
    summary: "Stripe's webhook: signature-verified events, each processed once",
    middleware: [limiter('webhook'), requireMediaType('application/json'), limitBody(MAX_WEBHOOK_BODY_BYTES)] as const,
    request: { headers: z.object({ 'stripe-signature': z.string().max(2048).optional() }) },
    responses: {
      200: { description: 'Received (processed now or before)', content: { 'application/json': { schema: z.object({ received: z.literal(true) }) } } },
      ...errorResponses(400, 409, 413, 415, 429, 503),
    },
  });

  return createRouter()
    .openapi(createCheckout, async (c) => {
      const body = c.req.valid('json');
      const { user } = await readSession(c, deps);
      c.header('Cache-Control', 'no-store');
      const offer = catalogue.offer(body.packageId, body.priceId);
      if (!offer) throw new ApiError(404, 'not_found', 'No such package or price');
      const { pkg, price } = offer;
      const ctx = await contextOf('checkout_unavailable', CHECKOUT_UNAVAILABLE_MESSAGE);
      const entitled = () => new ApiError(409, 'already_entitled', 'You already hold this package');
      if (await holdsAll(ctx, user.id, price)) throw entitled();
      try {
        let promotionCodeId: string | null = null;
        if (body.voucher) {
          await takeVoucherGuess(c);
          const lookup = await lookUpVoucher(ctx.stripe, body.voucher, ctx.clock.now());
          if (!lookup.ok) throw new ApiError(422, lookup.code, lookup.message);
          promotionCodeId = lookup.voucher.promotionCodeId;
        }
        const reused = await reusableSession(ctx, user, pkg, price, promotionCodeId);
        if (reused) return c.json({ data: reused }, 200);
        if (await holdsAll(ctx, user.id, price)) throw entitled();
        const customerId = await customerOf(ctx, user);
        const params = buildCheckoutSessionParams({
          pkg: { id: pkg.id, ...pkg.attributes },
          price,
          buyer: { id: user.id, email: user.email },
          stripeCustomerId: customerId,
          promotionCodeId,
          origin: originOf(c),
        });
        const key = checkoutIdempotencyKey({ userId: user.id, packageId: pkg.id, priceId: price.id, promotionCodeId, now: ctx.clock.now() });
        let session = await ctx.stripe.checkout.sessions.create(params, { idempotencyKey: key });
        for (let attempt = 0; ; attempt += 1) {
          if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
          const recorded = await recordCheckoutSession(ctx.db, {
            id: session.id,
            userId: user.id,
            packageId: pkg.id,
            url: session.url,
            expiresAt: new Date(session.expires_at * 1000),
            now: ctx.clock.now(),
          });
          if (recorded.recorded || recorded.existing.status === 'open') {
            if (!recorded.recorded && recorded.existing.id !== session.id) {
              // Another request (a second tab) recorded its session first: use that one, close ours.
              const duplicate = session.id;
              await ctx.stripe.checkout.sessions.expire(duplicate).catch((error: unknown) => {
                deps.logger.warn('payments: could not expire a duplicate checkout session', { sessionId: duplicate, error: String(error) });
              });
            }
            const chosen = recorded.recorded ? recorded.session : recorded.existing;
            return c.json({ data: { id: chosen.id, url: chosen.url } }, 200);
          }
          // The key replayed a session closed since (expired after a price change, within the
          // key's window): a fresh key for a fresh session.
          if (attempt >= 2) throw new Error(`checkout session ${session.id} replayed closed`);
          session = await ctx.stripe.checkout.sessions.create(params, { idempotencyKey: `${key}-after-${session.id}` });
        }
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if (error instanceof Stripe.errors.StripeInvalidRequestError && body.voucher && /promotion|discount|coupon/i.test(error.message)) {
          throw new ApiError(422, 'voucher_not_applicable', VOUCHER_MESSAGES.voucher_not_applicable);
        }
        throw unavailable(c, error, 'checkout_unavailable', CHECKOUT_UNAVAILABLE_MESSAGE);
      }
    })
    .openapi(portal, async (c) => {
      const { returnURL } = c.req.valid('json');
      const { user } = await readSession(c, deps);
      c.header('Cache-Control', 'no-store');
      const ctx = await contextOf('portal_unavailable', 'Sorry, subscription management is not currently available, please try again');
      const customer = await findStripeCustomerId(ctx.db, user.id);
      if (!customer) throw new ApiError(404, 'no_customer', 'You have no subscriptions');
      try {
        const session = await ctx.stripe.billingPortal.sessions.create({ customer, return_url: new URL(returnURL, originOf(c)).toString() });
        return c.json({ data: { url: session.url } }, 200);
      } catch (error) {
        throw unavailable(c, error, 'portal_unavailable', 'Sorry, subscription management is not currently available, please try again');
      }
    })
    .openapi(fulfil, async (c) => {
      const { sessionId } = c.req.valid('json');
      const { user } = await readSession(c, deps);
      c.header('Cache-Control', 'no-store');
      const ctx = await contextOf('fulfilment_unavailable', 'We could not confirm your payment yet; it will appear on your account shortly');
      try {
        const result = await fulfilCheckout(ctx, sessionId, 'checkout-success', user.id);
        return c.json({ data: { status: result.status, paid: result.paid, packageId: result.packageId, entitlements: result.entitlements } }, 200);
      } catch (error) {
        const missing = error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
        if (error instanceof SessionOfAnotherUserError || missing) throw new ApiError(404, 'not_found', 'No such checkout session');
        throw unavailable(c, error, 'fulfilment_unavailable', 'We could not confirm your payment yet; it will appear on your account shortly');
      }
    })
    .openapi(voucherCheck, async (c) => {
      const { code } = c.req.valid('json');
      c.header('Cache-Control', 'no-store');
      const ctx = await contextOf('voucher_unavailable', 'Vouchers cannot be checked at the moment, please try again');
      let lookup;
      try {
        lookup = await lookUpVoucher(ctx.stripe, code, ctx.clock.now());
      } catch (error) {
        throw unavailable(c, error, 'voucher_unavailable', 'Vouchers cannot be checked at the moment, please try again');
      }
      if (!lookup.ok) throw new ApiError(422, lookup.code, lookup.message);
      return c.json({ data: { code: lookup.voucher.code, description: lookup.voucher.description } }, 200);
    })
    .openapi(webhook, async (c) => {
      // The raw body, exactly as Stripe signed it, before anything parses it.
      const raw = await c.req.text();
      const signature = c.req.valid('header')['stripe-signature'];
      const { webhookSecret } = stripeSettings(deps.env);
      const ctx = await contextOf('webhook_unavailable', 'Payments are not configured');
      if (!webhookSecret) throw unavailable(c, new Error('STRIPE_WEBHOOK_SECRET is not set'), 'webhook_unavailable', 'Payments are not configured');
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        const receivedAt = deps.clock.now().getTime(); // milliseconds, as the SDK reads it
        event = ctx.stripe.webhooks.constructEvent(raw, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt);
      } catch (error) {
        deps.logger.warn('payments: webhook signature refused', {
          requestId: c.get('requestId'),
          error: error instanceof Error ? error.message : String(error),
        });
        throw new ApiError(400, 'invalid_signature', 'The Stripe-Signature header does not verify this body');
      }
      try {
        const result = await processWebhookEvent(ctx, event);
        if (result.outcome === 'duplicate') deps.logger.debug('payments: webhook event already processed', { eventId: event.id });
      } catch (error) {
        if (error instanceof NotYetKnownError) {
          deps.logger.warn('payments: webhook event not known yet; Stripe will retry', { eventId: event.id, type: event.type, reason: error.message });
          throw new ApiError(409, 'not_known_yet', 'Not known yet; deliver this event again later');
        }
        throw unavailable(c, error, 'webhook_unavailable', 'The event could not be processed now; deliver it again later');
      }
      return c.json({ received: true as const }, 200);
    });
}
