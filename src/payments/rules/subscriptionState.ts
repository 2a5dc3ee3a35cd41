/**
 * The payments state table (docs/payments.md "State table"): a Stripe subscription's
 * status, with its cancel_at_period_end, cancel_at and current period end, decides whether the
 * entitlements its price grants are in force and until when. One pure function, used by the
 * fulfilment, every subscription webhook and the reconcile job, so they can never disagree.
 *
 * | Stripe status                      | entitlement                                                      |
 * | ---------------------------------- | ---------------------------------------------------------------- |
 * | active, trialing                   | valid until the current period end (or cancel_at when earlier);  |
 * |                                    | cancel_at_period_end changes nothing: it simply is not renewed   |
 * | past_due                           | grace: valid until the unpaid period's START + PAST_DUE_GRACE_DAYS |
 * |                                    | while Stripe retries the card (Stripe has already moved the period |
 * |                                    | on, so its end would grant a whole unpaid period)                  |
 * | incomplete                         | pending: nothing granted yet (first payment not made)            |
 * | canceled, unpaid, incomplete_expired, paused, anything else | ended: revoked           |
 *
 * Times are Unix seconds in (as Stripe sends them) and Dates out.
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
