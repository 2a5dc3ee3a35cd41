/**
 * The entitlement answer (spec §7 GET users/entitlements/{userId}; §5 "Entitlements are accepted
 * only if the returned userID equals the current user's id"; §8 'You have no subscriptions',
 * 'There was an issue checking your subscriptions'). Pure: the answer's status and record in, the
 * entitlements to keep and the state to show out.
 *
 * | answer                                   | state     | entitlements | message                                          |
 * | ---------------------------------------- | --------- | ------------ | ------------------------------------------------ |
 * | 200, the current user's, a customer id    | 'held'    | the list     | none                                             |
 * | 200, the current user's, no customer id   | 'none'    | the list     | 'You have no subscriptions'                      |
 * | 404 (no entitlements record)              | 'none'    | []           | 'You have no subscriptions'                      |
 * | 200 for another user, or any failure      | 'failed'  | null         | 'There was an issue checking your subscriptions' |
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
  return { state: customer === '' ? 'none' : 'held', entitlements: [...record.entitlements], stripeCustomerID: customer };
}

/** The message for a state (spec §8), or null when there is nothing to say. */
export function subscriptionsMessage(state: SubscriptionsState): string | null {
  if (state === 'none') return NO_SUBSCRIPTIONS_MESSAGE;
  if (state === 'failed') return SUBSCRIPTIONS_CHECK_FAILED_MESSAGE;
  return null;
}
