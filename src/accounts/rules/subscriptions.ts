/**
 * The entitlement answer (spec §7 GET users/entitlements/{userId}; §5 the userID must be the current
 * user's; §8 texts). Pure: status and record in, state and entitlements out — 200 with some in force:
 * 'held' and the list; 200 with none, or 404: 'none' and [] ('You have no subscriptions'); another
 * user's record or any failure: 'failed' and null ('There was an issue checking your
 * subscriptions'). `billingPortalOffered`: a Stripe customer id only decides the portal link.
 */

/** Spec §8: no entitlements record, or no customer id. */
export const NO_SUBSCRIPTIONS_MESSAGE = 'You have no subscriptions';
/** Spec §8: the entitlement call failed. */
export const SUBSCRIPTIONS_CHECK_FAILED_MESSAGE = 'There was an issue checking your subscriptions';

/** The subscription check's state: before the first call, during it, and its three outcomes. */
export type SubscriptionsState = 'idle' | 'checking' | 'held' | 'none' | 'failed';

/** The record of spec §3 "Entitlement response" (data.attributes). */
export interface EntitlementAttributes {
  userID: string;
  entitlements: readonly string[];
  stripeCustomerID: string | null;
}

/** What to keep from one entitlement answer. */
export interface SubscriptionsOutcome {
  state: 'held' | 'none' | 'failed';
  entitlements: string[] | null;
  stripeCustomerID: string;
}

/**
 * The outcome of an entitlement answer for `currentUserID`: `status` is the HTTP status (0 when
 * nothing came back) and `record` the checked attributes of a 200, else null.
 */
export function subscriptionsFrom(answer: { status: number; record: EntitlementAttributes | null }, currentUserID: string): SubscriptionsOutcome {
  if (answer.status === 404) return { state: 'none', entitlements: [], stripeCustomerID: '' };
  const { record } = answer;
  if (answer.status !== 200 || record === null || currentUserID === '' || record.userID !== currentUserID) {
    return { state: 'failed', entitlements: null, stripeCustomerID: '' };
  }
  const customer = record.stripeCustomerID ?? '';
  return { state: record.entitlements.length > 0 ? 'held' : 'none', entitlements: [...record.entitlements], stripeCustomerID: customer };
}

/** Whether 'View Subscriptions' may open Stripe's billing portal: only for a Stripe customer. */
export function billingPortalOffered(stripeCustomerID: string): boolean {
  return stripeCustomerID !== '';
}

/** A package as far as the summary needs it: its title and the entitlements each price grants. */
export interface HeldPackageSource {
  title: string;
  prices: readonly { entitlements: readonly string[] }[];
}

/**
 * What a supporter holds, in the words the packages widget uses: the titles of the packages whose
 * price entitlements they hold in full (as the widget's 'You have this package'), then any held
 * entitlement none of those packages grants, as its own name. Empty when nothing is held.
 */
export function heldSubscriptions(held: readonly string[] | null, packages: readonly HeldPackageSource[]): string[] {
  if (held === null || held.length === 0) return [];
  const have = new Set(held);
  const holds = (p: HeldPackageSource) => p.prices.some((price) => price.entitlements.length > 0 && price.entitlements.every((e) => have.has(e)));
  const heldPackages = packages.filter(holds);
  const covered = new Set(heldPackages.flatMap((p) => p.prices.flatMap((price) => price.entitlements)));
  return [...heldPackages.map((p) => p.title), ...held.filter((e) => !covered.has(e))];
}

/** The message for a state (spec §8), or null when there is nothing to say. */
export function subscriptionsMessage(state: SubscriptionsState): string | null {
  if (state === 'none') return NO_SUBSCRIPTIONS_MESSAGE;
  if (state === 'failed') return SUBSCRIPTIONS_CHECK_FAILED_MESSAGE;
  return null;
}
