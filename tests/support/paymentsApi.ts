/**
 * A harness for the payments routes' integration tests (tests/integration/payments*.test.ts): the
 * local Stripe stand-in (scripts/local/stripe, over HTTP), the platform app over a given database
 * with the real `stripe` SDK pointed at the stand-in (the same code path as production), served
 * over HTTP too so that the stand-in's signed webhooks reach POST /api/payments/webhook, and
 * stand-in session tokens (the cookies carry the Cognito `sub`, as in tests/support/streamApi.ts).
 */
import { serve, type ServerType } from '@hono/node-server';
import Stripe from 'stripe';
import { startStripeStandIn } from '../../scripts/local/stripe/index.mjs';
import { createPlatformApp } from '../../src/platform/app';
import { TokenError, type TokenVerifier } from '../../src/accounts/server/cognitoTokens';
import type { Logger, PlatformDatabase } from '../../src/platform/deps';
import { parsePlatformEnv, stripeSettings } from '../../src/platform/env';
import { createStripeClient } from '../../src/payments/server/stripeClient';

export const SITE = 'http://127.0.0.1:4321';
export const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Session tokens that are their own `sub` (tests only). */
export const subTokens: TokenVerifier = {
  verifyIdToken: async (token) => {
    if (!token.startsWith('sub-')) throw new TokenError('invalid', 'not a test token');
    return { sub: token, exp: 9_999_999_999, token_use: 'id', email: `${token}@terrace.test`, email_verified: true };
  },
  verifyAccessToken: async (token) => {
    if (!token.startsWith('sub-')) throw new TokenError('invalid', 'not a test token');
    return { sub: token, exp: 9_999_999_999, token_use: 'access', client_id: 'test' } as unknown as Awaited<ReturnType<TokenVerifier['verifyAccessToken']>>;
  },
};

/** The real clock, which a test may move forward. */
export function offsetClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (seconds: number) => void (offsetMs += seconds * 1000) };
}

type StandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** A running stand-in, app and HTTP server; stop() ends them. `apiPort` serves the app, `stripePort` the stand-in. */
export async function startPaymentsHarness(db: PlatformDatabase, ports: { stripePort: number; apiPort: number }, options: { logger?: Logger } = {}) {
  const webhookPath = '/api/payments/webhook';
  const standIn: StandIn = await startStripeStandIn({
    port: ports.stripePort,
    webhookUrl: `http://127.0.0.1:${ports.apiPort}${webhookPath}`,
    quiet: true,
    retryScheduleMs: [300, 600, 1200, 2400],
  });
  const env = parsePlatformEnv({ LOG_LEVEL: 'silent', SITE_URL: SITE, ...standIn.env });
  const stripe = createStripeClient(stripeSettings(env))!;
  const clock = offsetClock();
  const app = createPlatformApp({ env, logger: options.logger ?? quiet, db, clock, tokens: subTokens, stripe: () => stripe });
  const server: ServerType = await new Promise((resolve) => {
    const made = serve({ fetch: (request) => app.fetch(request, { clientIp: '203.0.113.50' }), port: ports.apiPort, hostname: '127.0.0.1' }, () =>
      resolve(made),
    );
  });

  let ipCounter = 0;
  /** A browser call; `as` is the signed-in account's sub; each call group gets its own client address unless `ip` is given. */
  const call = (path: string, init: { body?: unknown; as?: string; origin?: string | null; ip?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
    if (init.origin !== null) headers.origin = init.origin ?? SITE;
    if (init.as) headers.cookie = `tr_id=${init.as}; tr_access=${init.as}`;
    return app.request(
      `${SITE}${path}`,
      { method: 'POST', headers, body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body ?? {}) },
      { clientIp: init.ip ?? `198.51.100.${(ipCounter = (ipCounter % 250) + 1)}` },
    );
  };

  /** Posts a raw webhook body with a signature made at `timestamp` (Unix s; default now) with `secret` (default the stand-in's). */
  const postWebhook = (payload: string, options: { timestamp?: number; secret?: string; signature?: string } = {}) => {
    const header =
      options.signature ??
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? standIn.webhookSecret,
        timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
      });
    return app.request(
      `${SITE}${webhookPath}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload },
      { clientIp: '203.0.113.50' },
    );
  };

  return {
    app,
    stripe,
    standIn,
    control: standIn.control,
    clock,
    call,
    postWebhook,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await standIn.stop();
    },
  };
}

export type PaymentsHarness = Awaited<ReturnType<typeof startPaymentsHarness>>;

/** The JSON of an answer. */
export async function bodyOf<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export { Stripe };
