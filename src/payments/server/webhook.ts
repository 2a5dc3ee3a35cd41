/**
 * Stripe webhook events (docs/payments.md "Webhook"), each processed once per event id in ONE
 * transaction with its effects: checkout completed or async-paid → fulfilCheckout's apply; checkout
 * expired → our row closed; subscription created/updated/deleted and invoice paid/failed → the
 * subscription re-read and the state table applied; charge.refunded → the one-off grant revoked;
 * anything else recorded only (HANDLED_EVENT_TYPES). Handlers re-read the object from Stripe, so
 * repeated, reordered or late events apply Stripe's current state.
 * Errors: NotYetKnownError (fulfilment.ts) makes the route answer non-2xx so Stripe retries.
 */
import type Stripe from 'stripe';
import { isWebhookEventRecorded, recordWebhookEventOnce } from '../../platform/storage/stripe.ts';
import type { Executor } from '../../platform/storage/database.ts';
import {
  applyCheckout,
  applyRefund,
  applySubscription,
  loadCheckout,
  loadSubscription,
  logOutcome,
  type ApplyOutcome,
  type PaymentsContext,
} from './fulfilment.ts';
import { closeCheckoutSession } from '../../platform/storage/checkoutSessions.ts';
import { RecordNotFoundError } from '../../platform/storage/storageErrors.ts';

/** The event types with an effect (the endpoint in Stripe's dashboard should send these). */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
] as const;

/** What processing an event came to. */
export type WebhookResult = { outcome: 'processed'; effect: ApplyOutcome | null } | { outcome: 'duplicate' };

type Apply = (tx: Executor, at: Date) => Promise<ApplyOutcome | null>;

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : null;

/** The subscription an invoice belongs to (the API's parent.subscription_details, else the legacy field). */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  return idOf(parent) ?? idOf((invoice as unknown as { subscription?: unknown }).subscription);
}

/** Reads what the event is about from Stripe and returns the write to make (see the file header). */
async function planEvent(ctx: PaymentsContext, event: Stripe.Event): Promise<Apply> {
  const nothing: Apply = async () => null;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const plan = await loadCheckout(ctx, event.data.object.id);
      return (tx, at) => applyCheckout(tx, ctx, plan, 'stripe-webhook', at);
    }
    case 'checkout.session.expired': {
      const sessionId = event.data.object.id;
      return async (tx, at) => {
        await closeCheckoutSession(tx, sessionId, 'expired', at).catch((error: unknown) => {
          if (!(error instanceof RecordNotFoundError)) throw error;
        });
        return null;
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const plan = await loadSubscription(ctx, event.data.object.id);
      return (tx, at) => applySubscription(tx, ctx, plan, 'stripe-webhook', at);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.data.object);
      if (!subscriptionId) return nothing;
      const plan = await loadSubscription(ctx, subscriptionId);
      return (tx, at) => applySubscription(tx, ctx, plan, 'stripe-webhook', at);
    }
    case 'charge.refunded': {
      // A refund only ever goes one way (refunded stays refunded), so the event's copy is safe to act on.
      const charge = event.data.object;
      const paymentIntentId = idOf(charge.payment_intent);
      let ourPendingCheckout = false;
      if (paymentIntentId) {
        const sessions = await ctx.stripe.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
        ourPendingCheckout = sessions.data.some((session) => session.client_reference_id !== null && session.mode === 'payment');
      }
      const refund = { chargeId: charge.id, paymentIntentId, fullyRefunded: charge.refunded, ourPendingCheckout };
      return (tx, at) => applyRefund(tx, refund, 'stripe-webhook', at);
    }
    default:
      return nothing;
  }
}

/**
 * Processes a verified event once (see the file header).
 * @throws NotYetKnownError (answer non-2xx: Stripe retries); Stripe's errors when it cannot be read.
 */
export async function processWebhookEvent(ctx: PaymentsContext, event: Stripe.Event): Promise<WebhookResult> {
  if (await isWebhookEventRecorded(ctx.db, event.id)) return { outcome: 'duplicate' };
  const apply = await planEvent(ctx, event);
  const at = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx): Promise<WebhookResult> => {
    if (!(await recordWebhookEventOnce(tx, { eventId: event.id, type: event.type, at }))) return { outcome: 'duplicate' };
    return { outcome: 'processed', effect: await apply(tx, at) };
  });
  if (result.outcome === 'processed' && result.effect) logOutcome(ctx.logger, 'stripe-webhook', { eventId: event.id, type: event.type }, result.effect);
  return result;
}
