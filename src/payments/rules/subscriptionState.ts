/**
 * The payments state table (docs/payments.md "State table"): a Stripe subscription's status,
 * cancel_at_period_end, cancel_at and period decide whether its price's entitlements are in force
 * and until when — active/trialing: valid to the period end (or an earlier cancel_at); past_due:
 * grace until the unpaid period's start + PAST_DUE_GRACE_DAYS; incomplete: pending; anything else:
 * ended. One pure function for fulfilment, webhooks and the reconcile job.
 * Units: Unix seconds in (as Stripe sends them), Dates out.
 */

/** Days a past_due subscription keeps its entitlements after its period end while Stripe retries. */
export const PAST_DUE_GRACE_DAYS = 7;

/** The subscription fields the table reads. */
export interface SubscriptionSnapshot {
  /** Stripe's status: active, trialing, past_due, incomplete, canceled, unpaid, incomplete_expired, paused … */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds when a cancellation is scheduled, or null. */
  cancelAt: number | null;
  /** Unix seconds when the current period ends (Stripe: the subscription items' current_period_end). */
  currentPeriodEnd: number | null;
  /** Unix seconds when the current period started (items' current_period_start); the grace of past_due counts from it. */
  currentPeriodStart?: number | null;
}

/** What the entitlement should be. */
export type SubscriptionValidity =
  { state: 'valid'; until: Date; reason: 'active' | 'trialing' | 'grace' } | { state: 'pending' } | { state: 'ended'; status: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The entitlement validity of a subscription in `snapshot` (see the table in the file header).
 * A live status without a period end (malformed) counts as pending: nothing is granted on a guess.
 */
export function subscriptionValidity(snapshot: SubscriptionSnapshot): SubscriptionValidity {
  const { status, cancelAt, currentPeriodEnd } = snapshot;
  if (status === 'incomplete') return { state: 'pending' };
  if (status === 'active' || status === 'trialing' || status === 'past_due') {
    if (currentPeriodEnd === null || !Number.isFinite(currentPeriodEnd)) return { state: 'pending' };
    let endMs = currentPeriodEnd * 1000;
    if (cancelAt !== null && Number.isFinite(cancelAt)) endMs = Math.min(endMs, cancelAt * 1000);
    if (status === 'past_due') {
      const start = snapshot.currentPeriodStart;
      const fromMs = typeof start === 'number' && Number.isFinite(start) ? Math.min(start * 1000, endMs) : endMs;
      return { state: 'valid', until: new Date(fromMs + PAST_DUE_GRACE_DAYS * DAY_MS), reason: 'grace' };
    }
    return { state: 'valid', until: new Date(endMs), reason: status };
  }
  return { state: 'ended', status };
}
