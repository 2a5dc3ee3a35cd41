/**
 * Fulfilment (docs/payments.md): what Stripe says turned into entitlement grants in two steps —
 * load… reads the truth from Stripe (never an event's copy), apply… writes it with an Executor in
 * one transaction. `fulfilCheckout(ctx, sessionId, actor)` serves the success page and the webhook
 * alike and grants once however often it runs (unique by source 'stripe', sourceRef, entitlement).
 * The buyer is the Stripe customer tied to our user id or the session's client_reference_id, never
 * an e-mail.
 * Errors: NotYetKnownError when the user, customer or payment is not known yet (Stripe retries).
 */
import type Stripe from 'stripe';
import { subscriptionValidity, type SubscriptionValidity } from '../rules/subscriptionState.ts';
import type { Clock, Logger } from '../../platform/deps.ts';
import type { Database, Executor } from '../../platform/storage/database.ts';
import { RecordNotFoundError } from '../../platform/storage/storageErrors.ts';
import { closeCheckoutSession } from '../../platform/storage/checkoutSessions.ts';
import {
  activeEntitlementNames,
  grantEntitlement,
  listEntitlementsBySource,
  revokeEntitlement,
  revokeEntitlementsBySource,
  setEntitlementValidityBySource,
} from '../../platform/storage/entitlements.ts';
import { findUserIdByStripeCustomer, linkStripeCustomer } from '../../platform/storage/stripe.ts';
import { getUser } from '../../platform/storage/users.ts';
import type { PackageCatalogue } from './packageCatalogue.ts';

/** Who writes: the audit trail's actor of each payments change. */
export type PaymentsActor = 'stripe-webhook' | 'checkout-success' | 'payments-reconcile';

/** What fulfilment needs. */
export interface PaymentsContext {
  stripe: Stripe;
  db: Database;
  catalogue: PackageCatalogue;
  clock: Clock;
  logger: Logger;
}

/** The account, subscription or payment an event names is not known here yet: answer non-2xx so Stripe retries. */
export class NotYetKnownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotYetKnownError';
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** What a subscription grants, read from Stripe. */
export interface SubscriptionPlan {
  subscriptionId: string;
  customerId: string | null;
  /** The Stripe price ids of its items. */
  priceIds: string[];
  validity: SubscriptionValidity;
  /** Our user id the customer's metadata names (written when we created the customer), if any. */
  customerUserId: string | null;
}

/** What a Checkout Session grants, read from Stripe. */
export interface CheckoutPlan {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  /** Our user id (client_reference_id). */
  userId: string | null;
  customerId: string | null;
  packageId: string | null;
  priceId: string | null;
  /** The one-off payment's grant key (payment intent id, else session id); null for subscriptions. */
  paymentRef: string | null;
  subscription: SubscriptionPlan | null;
}

/**
 * The current period's end or start (Unix s): the latest of its items' (the API version the SDK pins
 * keeps periods on items), else the legacy top-level field.
 */
function currentPeriod(subscription: Stripe.Subscription, edge: 'start' | 'end'): number | null {
  const field = edge === 'end' ? 'current_period_end' : 'current_period_start';
  const values = (subscription.items?.data ?? []).map((item) => item[field]).filter((value): value is number => typeof value === 'number');
  if (values.length > 0) return Math.max(...values);
  const legacy = (subscription as unknown as Record<string, unknown>)[field];
  return typeof legacy === 'number' ? legacy : null;
}

/** The plan of a subscription object as Stripe returned it. */
export function subscriptionPlanOf(subscription: Stripe.Subscription): SubscriptionPlan {
  const customer = subscription.customer;
  const customerUserId = typeof customer === 'object' && customer && !('deleted' in customer && customer.deleted) ? (customer.metadata?.userID ?? null) : null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(customer as string | { id: string } | null),
    priceIds: (subscription.items?.data ?? []).map((item) => item.price?.id).filter((id): id is string => typeof id === 'string'),
    validity: subscriptionValidity({
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      cancelAt: subscription.cancel_at ?? null,
      currentPeriodEnd: currentPeriod(subscription, 'end'),
      currentPeriodStart: currentPeriod(subscription, 'start'),
    }),
    customerUserId,
  };
}

/** Reads a subscription from Stripe (with its customer) and plans it. */
export async function loadSubscription(ctx: PaymentsContext, subscriptionId: string): Promise<SubscriptionPlan> {
  return subscriptionPlanOf(await ctx.stripe.subscriptions.retrieve(subscriptionId, { expand: ['customer'] }));
}

/** Reads a Checkout Session from Stripe (line items and subscription expanded) and plans it. */
export async function loadCheckout(ctx: PaymentsContext, sessionId: string): Promise<CheckoutPlan> {
  const session = await ctx.stripe.checkout.sessions.retrieve(sessionId, { expand: ['line_items', 'subscription', 'subscription.customer'] });
  const priceId = session.line_items?.data[0]?.price?.id ?? null;
  const status: CheckoutPlan['status'] = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  const paid = status === 'complete' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  const subscription = typeof session.subscription === 'object' && session.subscription ? subscriptionPlanOf(session.subscription) : null;
  const subscriptionId = idOf(session.subscription);
  return {
    sessionId: session.id,
    status,
    paid,
    userId: session.client_reference_id ?? session.metadata?.userID ?? null,
    customerId: idOf(session.customer as string | { id: string } | null),
    packageId: session.metadata?.packageID ?? null,
    priceId,
    paymentRef: session.mode === 'subscription' ? null : (idOf(session.payment_intent) ?? session.id),
    subscription: subscription ?? (subscriptionId ? await loadSubscription(ctx, subscriptionId) : null),
  };
}

/** The catalogue offer a plan's price names (the package in metadata first, else any package with that price). */
function offerOf(catalogue: PackageCatalogue, packageId: string | null, priceId: string | null) {
  if (!priceId) return null;
  return (packageId ? catalogue.offer(packageId, priceId) : null) ?? catalogue.byPriceId(priceId);
}

/** What applying a plan changed, for the answer and the logs written after the commit. */
export interface ApplyOutcome {
  userId: string | null;
  granted: string[];
  revoked: string[];
  extended: string[];
  note?: string;
}

const empty = (userId: string | null, note?: string): ApplyOutcome => ({ userId, granted: [], revoked: [], extended: [], ...(note ? { note } : {}) });

/** Our user of a Stripe customer: the tie, else the customer's metadata.userID of an existing user (then tied). */
async function userOfCustomer(tx: Executor, customerId: string | null, hintUserId: string | null, at: Date): Promise<string | null> {
  if (!customerId) return null;
  const tied = await findUserIdByStripeCustomer(tx, customerId);
  if (tied) return tied;
  if (hintUserId && (await getUser(tx, hintUserId))) {
    return (await linkStripeCustomer(tx, { userId: hintUserId, stripeCustomerId: customerId, at })).stripeCustomerId === customerId ? hintUserId : null;
  }
  return null;
}

/**
 * Writes a subscription plan for its user (the state table of src/payments/rules/subscriptionState.ts): valid
 * → the price's entitlements granted (once) and their validUntil extended to the period end (never
 * shortened: a late event cannot undo a newer one); pending → nothing; ended → revoked. Grants of
 * entitlements its prices no longer give (a plan changed in the portal) are revoked.
 * @throws NotYetKnownError when the customer is tied to no user of ours yet.
 */
export async function applySubscription(
  tx: Executor,
  ctx: Pick<PaymentsContext, 'catalogue'>,
  plan: SubscriptionPlan,
  actor: PaymentsActor,
  at: Date,
  options: { userId?: string | null; packageId?: string | null } = {},
): Promise<ApplyOutcome> {
  const userId = (await userOfCustomer(tx, plan.customerId, options.userId ?? plan.customerUserId, at)) ?? null;
  if (!userId) throw new NotYetKnownError(`subscription ${plan.subscriptionId}: customer ${plan.customerId ?? '(none)'} is not tied to an account yet`);
  const offers = plan.priceIds.map((priceId) => offerOf(ctx.catalogue, options.packageId ?? null, priceId)).filter((offer) => offer !== null);
  if (offers.length === 0) return empty(userId, 'no catalogue price');
  const outcome = empty(userId);
  const ref = { source: 'stripe' as const, sourceRef: plan.subscriptionId };
  const { validity } = plan;
  if (validity.state === 'ended') {
    const revoked = await revokeEntitlementsBySource(tx, 'stripe', plan.subscriptionId, { by: actor, reason: `Stripe subscription ${validity.status}`, at });
    outcome.revoked.push(...revoked.map((grant) => grant.entitlement));
    return outcome;
  }
  if (validity.state === 'pending' || validity.until.getTime() <= at.getTime()) return { ...outcome, note: 'nothing in force' };
  const wanted = new Set<string>();
  for (const { pkg, price } of offers) {
    for (const entitlement of price.accessData.entitlements) {
      wanted.add(entitlement);
      const result = await grantEntitlement(
        tx,
        { userId, entitlement, source: 'stripe', sourceRef: plan.subscriptionId, packageId: pkg.id, validFrom: at, validUntil: validity.until },
        { by: actor, reason: `Stripe subscription ${validity.reason}`, at },
      );
      if (result.created) outcome.granted.push(entitlement);
    }
  }
  const extended = await setEntitlementValidityBySource(
    tx,
    ref,
    validity.until,
    { by: actor, reason: `Stripe subscription ${validity.reason}`, at },
    { onlyExtend: true },
  );
  outcome.extended.push(...extended.map((grant) => grant.entitlement));
  for (const grant of await listEntitlementsBySource(tx, 'stripe', plan.subscriptionId)) {
    if (!grant.revokedAt && !wanted.has(grant.entitlement)) {
      const result = await revokeEntitlement(tx, grant.id, { by: actor, reason: 'No longer in the subscription’s price', at });
      if (result.changed) outcome.revoked.push(grant.entitlement);
    }
  }
  return outcome;
}

/**
 * Writes a Checkout Session plan: ties the customer to the session's user, grants a paid session's
 * entitlements (a subscription through applySubscription; a one-off price with no end — its
 * entitlements are match-specific, so a match pass opens that match's streams and replays until
 * refunded), and closes our checkout row as complete or expired.
 * @throws NotYetKnownError when the session's user does not exist here (yet).
 */
export async function applyCheckout(
  tx: Executor,
  ctx: Pick<PaymentsContext, 'catalogue' | 'logger'>,
  plan: CheckoutPlan,
  actor: PaymentsActor,
  at: Date,
): Promise<ApplyOutcome> {
  if (plan.status !== 'open') {
    try {
      await closeCheckoutSession(tx, plan.sessionId, plan.status, at);
    } catch (error) {
      if (!(error instanceof RecordNotFoundError)) throw error;
    }
  }
  if (!plan.paid) return empty(plan.userId, `session ${plan.status}, not paid`);
  if (!plan.userId) return empty(null, 'session without client_reference_id (not ours)');
  if (!(await getUser(tx, plan.userId))) throw new NotYetKnownError(`checkout ${plan.sessionId}: account ${plan.userId} is not known yet`);
  if (plan.customerId) {
    const owner = await findUserIdByStripeCustomer(tx, plan.customerId);
    if (owner && owner !== plan.userId) {
      ctx.logger.error('checkout customer belongs to another account; not granted', { sessionId: plan.sessionId, customerId: plan.customerId });
      return empty(plan.userId, 'customer of another account');
    }
    if (!owner) {
      const link = await linkStripeCustomer(tx, { userId: plan.userId, stripeCustomerId: plan.customerId, at });
      if (link.stripeCustomerId !== plan.customerId) {
        ctx.logger.warn('account already has another Stripe customer', { sessionId: plan.sessionId, kept: link.stripeCustomerId });
      }
    }
  }
  if (plan.subscription) {
    const customerUser = plan.subscription.customerId === plan.customerId ? plan.userId : null;
    return applySubscription(tx, ctx, plan.subscription, actor, at, { userId: customerUser, packageId: plan.packageId });
  }
  const offer = offerOf(ctx.catalogue, plan.packageId, plan.priceId);
  if (!offer || !plan.paymentRef) {
    ctx.logger.error('paid checkout names no catalogue price; nothing granted', { sessionId: plan.sessionId, priceId: plan.priceId });
    return empty(plan.userId, 'no catalogue price');
  }
  const outcome = empty(plan.userId);
  for (const entitlement of offer.price.accessData.entitlements) {
    const result = await grantEntitlement(
      tx,
      { userId: plan.userId, entitlement, source: 'stripe', sourceRef: plan.paymentRef, packageId: offer.pkg.id, validFrom: at, validUntil: null },
      { by: actor, reason: 'Stripe one-off payment', at },
    );
    if (result.created) outcome.granted.push(entitlement);
  }
  return outcome;
}

/** What fulfilCheckout answers (the contract's fulfil data, plus the session's user). */
export interface FulfilOutcome {
  status: CheckoutPlan['status'];
  paid: boolean;
  packageId: string | null;
  userId: string | null;
  entitlements: string[];
}

/**
 * Fulfils a Checkout Session (see the file header): reads it from Stripe, applies it in one
 * transaction, and answers its state with the user's entitlements in force after it. `expectUserId`
 * (the success page's signed-in user): a session of anyone else is refused before any write.
 * @throws NotYetKnownError; SessionOfAnotherUserError; Stripe's errors as thrown by the SDK.
 */
export async function fulfilCheckout(ctx: PaymentsContext, sessionId: string, actor: PaymentsActor, expectUserId?: string): Promise<FulfilOutcome> {
  const plan = await loadCheckout(ctx, sessionId);
  if (expectUserId !== undefined && plan.userId !== expectUserId) throw new SessionOfAnotherUserError(sessionId);
  const at = ctx.clock.now();
  const outcome = await ctx.db.transaction((tx) => applyCheckout(tx, ctx, plan, actor, at));
  logOutcome(ctx.logger, actor, { sessionId }, outcome);
  const entitlements = plan.userId && outcome.userId ? await activeEntitlementNames(ctx.db, plan.userId, ctx.clock.now()) : [];
  return { status: plan.status, paid: plan.paid, packageId: plan.packageId, userId: plan.userId, entitlements };
}

/** The session belongs to another account (the fulfil route answers 404). */
export class SessionOfAnotherUserError extends Error {
  constructor(sessionId: string) {
    super(`checkout session ${sessionId} is not this account's`);
    this.name = 'SessionOfAnotherUserError';
  }
}

/**
 * Revokes the one-off grants of a fully refunded charge's payment. A partial refund changes
 * nothing; a refund of a subscription's invoice leaves the subscription's state to its own events.
 * @throws NotYetKnownError when the payment belongs to a Checkout Session of ours not fulfilled yet.
 */
export async function applyRefund(
  tx: Executor,
  refund: { chargeId: string; paymentIntentId: string | null; fullyRefunded: boolean; ourPendingCheckout: boolean },
  actor: PaymentsActor,
  at: Date,
): Promise<ApplyOutcome> {
  if (!refund.fullyRefunded || !refund.paymentIntentId) return empty(null, 'partial refund or no payment intent');
  const grants = await listEntitlementsBySource(tx, 'stripe', refund.paymentIntentId);
  if (grants.length === 0) {
    if (refund.ourPendingCheckout) throw new NotYetKnownError(`refund of ${refund.paymentIntentId} before its purchase was fulfilled`);
    return empty(null, 'not a one-off purchase of ours');
  }
  const revoked = await revokeEntitlementsBySource(tx, 'stripe', refund.paymentIntentId, {
    by: actor,
    reason: `Stripe charge ${refund.chargeId} refunded`,
    at,
  });
  return { ...empty(grants[0]!.userId), revoked: revoked.map((grant) => grant.entitlement) };
}

/** One info line per applied change (written after the commit; a failing logger cannot undo it). */
export function logOutcome(logger: Logger, actor: PaymentsActor, fields: Record<string, unknown>, outcome: ApplyOutcome): void {
  try {
    if (outcome.granted.length || outcome.revoked.length || outcome.extended.length)
      logger.info('payments: entitlements changed', { actor, ...fields, ...outcome });
    else logger.debug('payments: nothing to change', { actor, ...fields, ...outcome });
  } catch {
    // Logging is a side effect after the write: it must never fail the request.
  }
}
