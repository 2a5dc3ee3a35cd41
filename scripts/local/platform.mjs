// @ts-check
/**
 * The local platform behind `npm start` / `npm run serve` (issue 12 wiring; ARCHITECTURE "A fresh
 * machine"): makes sure the platform API finds its identity provider and database, starting the
 * local stand-ins when the environment does not point elsewhere.
 *
 * `startLocalPlatform(env)` → { env, urls, stop() }:
 * - identity: when COGNITO_USER_POOL_ID is unset, starts the local stack (scripts/local/stack.mjs:
 *   cognito-local + the hosted-domain stand-in) in LOCAL_STATE_DIR (default .terrace) on
 *   LOCAL_COGNITO_PORT / LOCAL_OIDC_PORT, or free ports when those are unset, and returns its
 *   COGNITO_* variables; otherwise nothing is started and the configured pool is used;
 * - database: when DATABASE_URL is unset, the embedded PGlite in TERRACE_DATA_DIR, default
 *   `<LOCAL_STATE_DIR>/data` (so one LOCAL_STATE_DIR isolates a whole local platform); it is opened
 *   once here to apply the migrations and, with the local stack, to seed the demo accounts'
 *   platform data (seedDemoPlatformData), then closed so the API can open it;
 * - the caller copies `env` into process.env before the API's first request.
 * Refuses to run with NODE_ENV=production without COGNITO_USER_POOL_ID (the stand-ins are local
 * only). Fails with a clear message when another process holds the data folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from './stack.mjs';
import {
  DataDirInUseError,
  grantEntitlement,
  openDatabase,
  setUserBlocked,
  setUserBypassed,
  storageConfigFromEnv,
  upsertUserBySub,
} from '../../src/platform/storage/index.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Entitlements of the demo subscriber: the season pass's (data/demo/packages.json). */
export const DEMO_SUBSCRIBER_ENTITLEMENTS = Object.freeze(['subscription-video', 'subscription-audio']);

/**
 * @typedef {object} LocalPlatform
 * @property {Record<string, string>} env variables for the platform API (COGNITO_*, TERRACE_DATA_DIR)
 * @property {Record<string, string>} urls component → URL, for the console
 * @property {import('./stack.mjs').Stack | undefined} stack the local stack, when started here
 * @property {() => Promise<void>} stop
 */

/**
 * Brings the demo accounts' platform data to its documented state (README "Demo accounts"): each
 * account's user row by Cognito sub; blocked@ blocked, bypassed@ with restrictions bypassed, and
 * subscriber@ holding DEMO_SUBSCRIBER_ENTITLEMENTS. Idempotent; every change audited as
 * 'local-demo-seed'.
 * @param {import('../../src/platform/storage/index.ts').Database} db
 * @param {{ role: string, email: string, name: string, sub: string }[]} accounts
 * @param {Date} [at]
 */
export async function seedDemoPlatformData(db, accounts, at = new Date()) {
  const change = { by: 'local-demo-seed', reason: 'Local demo account (scripts/local/platform.mjs)', at };
  for (const account of accounts) {
    const user = await upsertUserBySub(db, { sub: account.sub, email: account.email, displayName: account.name }, at);
    await setUserBlocked(db, user.id, account.role === 'blocked', change);
    await setUserBypassed(db, user.id, account.role === 'bypassed', change);
    if (account.role === 'subscriber') {
      for (const entitlement of DEMO_SUBSCRIBER_ENTITLEMENTS) {
        await grantEntitlement(db, { userId: user.id, entitlement, source: 'admin', sourceRef: 'local-demo-seed' }, change);
      }
    }
  }
}

/**
 * @param {string | undefined} value
 * @param {string} name
 * @returns {number | undefined}
 */
function portOf(value, name) {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number 0-65535 (got "${value}")`);
  return port;
}

/**
 * Starts what the local platform needs (see the file header).
 * @param {NodeJS.ProcessEnv} [env]
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<LocalPlatform>}
 */
export async function startLocalPlatform(env = process.env, options = {}) {
  const stateDir = path.resolve(PROJECT_ROOT, env.LOCAL_STATE_DIR || '.terrace');
  /** @type {Record<string, string>} */
  const platformEnv = {};
  /** @type {Record<string, string>} */
  const urls = {};
  let stack;
  if (!env.COGNITO_USER_POOL_ID) {
    if (env.NODE_ENV === 'production') {
      throw new Error('COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set with NODE_ENV=production (the local Cognito stand-ins are for development only)');
    }
    stack = await startStack({
      stateDir,
      cognitoPort: portOf(env.LOCAL_COGNITO_PORT, 'LOCAL_COGNITO_PORT') ?? 0,
      oidcPort: portOf(env.LOCAL_OIDC_PORT, 'LOCAL_OIDC_PORT') ?? 0,
      quiet: options.quiet,
    });
    Object.assign(platformEnv, stack.env);
    Object.assign(urls, stack.urls);
  }
  const stop = async () => {
    await stack?.stop();
  };
  try {
    if (!env.DATABASE_URL) platformEnv.TERRACE_DATA_DIR = path.resolve(PROJECT_ROOT, env.TERRACE_DATA_DIR || path.join(stateDir, 'data'));
    const config = storageConfigFromEnv({ DATABASE_URL: env.DATABASE_URL, TERRACE_DATA_DIR: platformEnv.TERRACE_DATA_DIR });
    let storage;
    try {
      storage = await openDatabase(config);
    } catch (error) {
      if (error instanceof DataDirInUseError) {
        throw new Error(`${error.message}\nAnother local server (or npm run admin) is using it: stop it, or give this one its own LOCAL_STATE_DIR.`);
      }
      throw error;
    }
    try {
      await storage.migrate();
      if (stack) await seedDemoPlatformData(storage.db, stack.cognito.demoAccounts);
    } finally {
      await storage.close();
    }
    urls['Database'] = storage.location;
    return { env: platformEnv, urls, stack, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
