// @ts-check
/**
 * The local stack: every stand-in the product needs beside the site and its API, started together
 * for `npm start` and for the tests' global setup (ARCHITECTURE "Where it runs"). So far:
 * - Cognito: cognito-local with the pool, app client and demo accounts (scripts/local/cognito.mjs);
 * - the Cognito hosted domain: OAuth code flow with PKCE for Google, Facebook and Sign in with Apple
 *   (scripts/local/oidc.mjs).
 * - the stream host: the generated demo streams behind playback tokens, with the local signing keys
 *   (scripts/local/streams/index.mjs);
 * - the Stripe stand-in: the REST endpoints of our `stripe` SDK, test checkout and billing portal
 *   pages, signed webhooks to the site's `/api/payments/webhook` (scripts/local/stripe/index.mjs,
 *   docs/stripe-local.md).
 *
 * `startStack(options)` → { env, urls, cognito, oidc, streams, stripe, stop() }:
 * - env: the variables the platform API reads (COGNITO_REGION, COGNITO_ENDPOINT,
 *   COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID, COGNITO_CLIENT_SECRET, COGNITO_HOSTED_CLIENT_ID,
 *   COGNITO_ISSUER, COGNITO_DOMAIN, AWS_ACCESS_KEY_ID,
 *   AWS_SECRET_ACCESS_KEY, PLAYBACK_SIGNING_KEYS, STREAM_HOST_URL, STREAM_LICENCE_URL,
 *   STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL); the caller
 *   passes them on (Object.assign(process.env, stack.env) or a child's env);
 * - urls: one line per component for the console;
 * - stop(): stops everything in reverse order. Children also end when this process exits, however
 *   it exits (scripts/local/process.mjs).
 * Options (defaults from the environment): stateDir (LOCAL_STATE_DIR, .terrace), cognitoPort
 * (LOCAL_COGNITO_PORT, 9229), oidcPort (LOCAL_OIDC_PORT, 9230), streamPort (LOCAL_STREAM_PORT, else
 * 9231 or a free port when it is taken), stripePort (LOCAL_STRIPE_PORT, else 9232 or a free port when
 * it is taken), stripeWebhookUrl (default `http://$HOST:$PORT/api/payments/webhook`, the local
 * server of this run: HOST 127.0.0.1, PORT 4321 unless set), callbackUrls / logoutUrls
 * (LOCAL_CALLBACK_URLS / LOCAL_LOGOUT_URLS, comma-separated; default the site's /auth/callback/ and
 * / on SITE_URL, PORT and E2E_PORT), leaseCheck (handed to the stream host: refuse the tokens of ended
 * leases; scripts/local/streams/index.mjs), quiet. Port 0 picks a free port.
 *
 * Standalone: `npm run stack` (node scripts/local/stack.mjs) prints the URLs and the env lines and
 * runs until interrupted.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cognitoEnv, defaultSiteOrigins, startCognito } from './cognito.mjs';
import { startOidc } from './oidc.mjs';
import { startLocalStreams } from './streams/index.mjs';
import { startStripeStandIn } from './stripe/index.mjs';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @typedef {object} StackOptions
 * @property {string} [stateDir] where the stand-ins keep their data (cognito in `<stateDir>/cognito`)
 * @property {number} [cognitoPort]
 * @property {number} [oidcPort]
 * @property {number} [streamPort]
 * @property {number} [stripePort]
 * @property {string} [stripeWebhookUrl] where the Stripe stand-in POSTs events
 * @property {string[]} [callbackUrls]
 * @property {string[]} [logoutUrls]
 * @property {boolean} [quiet] do not echo the stand-ins' output
 * @property {import('../../src/platform/streaming/leaseCheck.ts').PlaybackLeaseCheck} [leaseCheck] the stream host's lease check
 */

/**
 * @typedef {object} Stack
 * @property {Record<string, string>} env the platform API's variables for this stack
 * @property {Record<string, string>} urls component → URL, for the console
 * @property {import('./cognito.mjs').CognitoHandle} cognito
 * @property {import('./oidc.mjs').OidcHandle} oidc
 * @property {import('./streams/index.mjs').LocalStreams} streams
 * @property {import('./stripe/index.mjs').StripeStandIn} stripe
 * @property {() => Promise<void>} stop
 */

/**
 * The webhook endpoint of the local server this run starts: `http://$HOST:$PORT/api/payments/webhook`
 * (defaults 127.0.0.1 and 4321, as scripts/serve.mjs).
 */
function localWebhookUrl(env = process.env) {
  const host = env.HOST || '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || '4321'}/api/payments/webhook`;
}

/**
 * What a person starting the stack must know: a missing part, what it breaks and what to run.
 * @param {Pick<Stack, 'streams'>} stack
 * @returns {string[]}
 */
export function stackNotices(stack) {
  const problem = stack.streams.problem;
  if (!problem) return [];
  return [`Videos and live audio will not play: the local stream host is not running: ${problem.reason}. ${problem.remedy}`];
}

/**
 * Starts every local stand-in. If one fails, those already started are stopped before the error
 * is rethrown.
 * @param {StackOptions} [options]
 * @returns {Promise<Stack>}
 */
export async function startStack(options = {}) {
  const stateDir = path.resolve(options.stateDir ?? (process.env.LOCAL_STATE_DIR || path.join(PROJECT_ROOT, '.terrace')));
  /** @type {(() => Promise<void>)[]} */
  const stops = [];
  const stop = async () => {
    for (const stopOne of stops.splice(0).reverse()) await stopOne();
  };
  // The streams (generated once, which takes seconds) start while Cognito boots.
  const streamsStarting = startLocalStreams({
    stateDir,
    port: options.streamPort,
    allowedOrigins: [...new Set([...defaultSiteOrigins(), ...(options.callbackUrls ?? []).map((url) => new URL(url).origin)])],
    leaseCheck: options.leaseCheck,
    quiet: options.quiet,
  });
  streamsStarting.catch(() => {}); // its failure is reported where it is awaited below
  stops.push(() => streamsStarting.then((streams) => streams.stop()).catch(() => {}));
  try {
    const cognito = await startCognito({
      port: options.cognitoPort,
      dataDir: path.join(stateDir, 'cognito'),
      callbackUrls: options.callbackUrls,
      logoutUrls: options.logoutUrls,
      quiet: options.quiet,
    });
    stops.push(cognito.stop);
    const oidc = await startOidc({ cognito, port: options.oidcPort });
    stops.push(oidc.stop);

    const streams = await streamsStarting;

    // ── Later stand-ins start here, each pushing its stop and adding its env and URL. ──
    const stripe = await startStripeStandIn({
      port: options.stripePort,
      stateDir,
      webhookUrl: options.stripeWebhookUrl ?? localWebhookUrl(),
      quiet: options.quiet,
    });
    stops.push(stripe.stop);

    return {
      env: { ...cognitoEnv(cognito), COGNITO_DOMAIN: oidc.url, ...streams.env, ...stripe.env },
      urls: {
        'Cognito (cognito-local)': cognito.endpoint,
        'Cognito JWKS': cognito.jwksUrl,
        'Hosted sign-in (OAuth stand-in)': oidc.url,
        'Stream host (playback tokens)': streams.url ?? 'not running (see below)',
        'Stripe (local stand-in)': stripe.url,
      },
      cognito,
      oidc,
      streams,
      stripe,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stack = await startStack();
  for (const [name, url] of Object.entries(stack.urls)) process.stdout.write(`${name.padEnd(34)} ${url}\n`);
  for (const notice of stackNotices(stack)) process.stdout.write(`\n! ${notice}\n`);
  process.stdout.write('\n');
  for (const [name, value] of Object.entries(stack.env)) process.stdout.write(`${name}=${value}\n`);
  const shutdown = () => void stack.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
