// @ts-check
/**
 * The local stack (ARCHITECTURE "Where it runs"): cognito-local with the demo accounts, the hosted
 * sign-in, the stream host and the Stripe stand-in, started together for `npm start` and the tests.
 * `startStack(options)` → { env, urls, cognito, oidc, streams, stripe, stop() }: `env` the API's
 * variables, `urls` one line per part. A part that fails stops the others and rethrows; a missing
 * stream host does not fail (`stackNotices` says so). Ports: LOCAL_*_PORT, 0 = free.
 * Standalone: `npm run stack` prints the URLs and variables and runs until interrupted.
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
 * @property {import('../../src/streaming/server/leaseCheck.ts').PlaybackLeaseCheck} [leaseCheck] the stream host's lease check
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
