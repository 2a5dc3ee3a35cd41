// @ts-check
/**
 * The local Stripe stand-in (docs/stripe-local.md): speaks the REST endpoints our `stripe` SDK
 * calls, keeps state, shows a test checkout page and billing portal, and sends signed webhooks.
 * `startStripeStandIn({ port, stateDir, webhookUrl, quiet, host, retryScheduleMs })` →
 * `{ url, port, apiKey, webhookSecret, env, control, stop() }`: port defaults to LOCAL_STRIPE_PORT,
 * else 9232 or a free one (0: a free one); state in `<stateDir>/stripe/state.json` (memory only
 * without stateDir); `env` holds STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_URL for
 * the platform API, the key and secret made at random when this module loads.
 */
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import { createStripeApp } from './app.mjs';
import { loadPackages, seedCatalogue } from './catalogue.mjs';
import { createStripeControl } from './control.mjs';
import { createEngine } from './engine.mjs';
import { createStore } from './store.mjs';
import { createWebhookSender } from './webhooks.mjs';
import { freePort } from '../process.mjs';

/** The stand-in's usual port. */
export const DEFAULT_STRIPE_PORT = 9232;

// Both are made at random at each start and assembled from their parts, so no committed text
// has the shape of a Stripe secret (docs/stripe-local.md).

/** The local API key (test-mode shape): works only against this stand-in. */
export const LOCAL_STRIPE_API_KEY = ['sk', 'test', 'local', randomBytes(18).toString('hex')].join('_');

/** The local webhook signing secret: works only with this stand-in. */
export const LOCAL_STRIPE_WEBHOOK_SECRET = ['whsec', 'local', randomBytes(18).toString('hex')].join('_');

/**
 * @typedef {object} StripeStandInOptions
 * @property {number} [port]
 * @property {string} [host] default 127.0.0.1
 * @property {string} [stateDir]
 * @property {string} [webhookUrl]
 * @property {number[]} [retryScheduleMs] waits between webhook attempts (default 1, 2, 4, 8, 16 s)
 * @property {boolean} [quiet]
 */

/**
 * @typedef {object} StripeStandIn
 * @property {string} url e.g. http://127.0.0.1:9232
 * @property {number} port
 * @property {string} apiKey
 * @property {string} webhookSecret
 * @property {{ STRIPE_SECRET_KEY: string, STRIPE_WEBHOOK_SECRET: string, STRIPE_API_URL: string }} env
 * @property {import('./control.mjs').StripeControl} control
 * @property {() => Promise<void>} stop
 */

/**
 * @param {string | undefined} value
 * @returns {number | undefined}
 */
function portFromEnv(value) {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`LOCAL_STRIPE_PORT must be a port number 0-65535 (got "${value}")`);
  return port;
}

/**
 * Starts the stand-in.
 * @param {StripeStandInOptions} [options]
 * @returns {Promise<StripeStandIn>}
 */
export async function startStripeStandIn(options = {}) {
  const host = options.host ?? '127.0.0.1';
  const explicit = options.port ?? portFromEnv(process.env.LOCAL_STRIPE_PORT);
  const packages = loadPackages();
  const store = createStore({ stateDir: options.stateDir, seed: (target) => seedCatalogue(target, packages) });
  const webhooks = createWebhookSender({
    secret: LOCAL_STRIPE_WEBHOOK_SECRET,
    url: options.webhookUrl,
    retryScheduleMs: options.retryScheduleMs,
    quiet: options.quiet,
  });

  /** @param {number} port @returns {Promise<{ server: import('node:http').Server, port: number }>} */
  const listen = async (port) => {
    const chosen = port === 0 ? await freePort(host) : port;
    const url = `http://${host}:${chosen}`;
    const engine = createEngine({ store, webhooks, baseUrl: url });
    const app = createStripeApp({ store, engine, webhooks, apiKey: LOCAL_STRIPE_API_KEY });
    const server = await new Promise((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: chosen, hostname: host }, () => resolve(started));
      started.once('error', reject);
    });
    return { server: /** @type {import('node:http').Server} */ (server), port: chosen };
  };
  let listening;
  try {
    listening = await listen(explicit ?? DEFAULT_STRIPE_PORT);
  } catch (error) {
    if (explicit !== undefined || /** @type {NodeJS.ErrnoException} */ (error).code !== 'EADDRINUSE') throw error;
    listening = await listen(0);
  }
  const { server, port } = listening;
  const url = `http://${host}:${port}`;
  return {
    url,
    port,
    apiKey: LOCAL_STRIPE_API_KEY,
    webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
    env: { STRIPE_SECRET_KEY: LOCAL_STRIPE_API_KEY, STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: url },
    control: createStripeControl(url),
    stop: () =>
      new Promise((resolve) => {
        webhooks.stop();
        store.flush();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
