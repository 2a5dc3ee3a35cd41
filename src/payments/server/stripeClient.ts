/**
 * The Stripe SDK client of the payments API: `new Stripe(key, { host, port, protocol })`
 * with the local stand-in's address when STRIPE_API_URL is set (scripts/local/stripe,
 * docs/stripe-local.md), else Stripe's own api.stripe.com — the same code path with a real key.
 * Network retries are on: every call that creates something carries an idempotency key, so a
 * retried request never creates twice.
 */
import Stripe from 'stripe';
import { stripeSettings, type PlatformEnv, type StripeSettings } from '../../platform/env.ts';

/** How long one Stripe call may take before it fails (ms); the SDK then retries. */
export const STRIPE_TIMEOUT_MS = 10_000;
/** Retries of a failed or timed-out call (the SDK backs off and reuses the idempotency key). */
export const STRIPE_NETWORK_RETRIES = 2;

/** A client for `settings`, or null when it has no key. */
export function createStripeClient(settings: StripeSettings): Stripe | null {
  if (!settings.secretKey) return null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_TIMEOUT_MS,
    appInfo: { name: 'terrace-platform' },
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
}

/** A getter that makes the client from `env` on its first call and then reuses it. */
export function lazyStripeClient(env: PlatformEnv): () => Stripe | null {
  let made: { client: Stripe | null } | undefined;
  return () => (made ??= { client: createStripeClient(stripeSettings(env)) }).client;
}
