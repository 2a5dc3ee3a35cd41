// @ts-check
/**
 * The local platform behind `npm start` / `npm run serve` (ARCHITECTURE "A fresh machine"):
 * starts what the environment does not point elsewhere — the local stack (scripts/local/stack.mjs)
 * when COGNITO_USER_POOL_ID is unset, the embedded PGlite (migrated, demo data seeded) when
 * DATABASE_URL is unset, the local match feed secret when MATCH_FEED_SECRET is unset — and prunes
 * the database's counters every PRUNE_INTERVAL_MS, as netlify/functions/prune.ts does.
 * `startLocalPlatform(env)` → { env, urls, stop() }; the caller copies `env` into process.env
 * before the API's first request. Refuses NODE_ENV=production without COGNITO_USER_POOL_ID; fails
 * clearly when another process holds the data folder.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { localMatchFeedSecret } from './matchday.mjs';
import { stackNotices, startStack } from './stack.mjs';
import {
  DataDirInUseError,
  grantEntitlement,
  openDatabase,
  setUserBlocked,
  setUserBypassed,
  storageConfigFromEnv,
  upsertUserBySub,
} from '../../src/platform/storage/platformStorage.ts';
import { lazyDatabase } from '../../src/platform/deps.ts';
import { startPruning } from '../../src/platform/housekeeping.ts';
import { createVideoCatalogue } from '../../src/streaming/server/streamCatalogue.ts';
import { createPlaybackLeaseCheck } from '../../src/streaming/server/leaseCheck.ts';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Entitlements of the demo subscriber: the season pass's (data/demo/packages.json). */
export const DEMO_SUBSCRIBER_ENTITLEMENTS = Object.freeze(['subscription-video', 'subscription-audio']);

/**
 * @typedef {object} LocalPlatform
 * @property {Record<string, string>} env variables for the platform API (COGNITO_*, TERRACE_DATA_DIR)
 * @property {Record<string, string>} urls component → URL, for the console
 * @property {string[]} notices missing parts, what they break and what to run, for the console
 * @property {import('./stack.mjs').Stack | undefined} stack the local stack, when started here
 * @property {import('../../src/platform/deps.ts').PlatformDatabase} database the open, migrated
 *   database, for the API (createApiHandler({ db: database }))
 * @property {() => Promise<void>} stop closes the database and stops the stand-ins
 */

/**
 * Brings the demo accounts' platform data to its documented state (README "Demo accounts"): each
 * account's user row by Cognito sub; blocked@ blocked, bypassed@ with restrictions bypassed, and
 * subscriber@ and household@ (a second subscriber, whose screens the concurrency tests count) holding
 * DEMO_SUBSCRIBER_ENTITLEMENTS. Idempotent; every change audited as 'local-demo-seed'.
 * @param {import('../../src/platform/storage/platformStorage.ts').Database} db
 * @param {{ role: string, email: string, name: string, sub: string }[]} accounts
 * @param {Date} [at]
 */
export async function seedDemoPlatformData(db, accounts, at = new Date()) {
  const change = { by: 'local-demo-seed', reason: 'Local demo account (scripts/local/platform.mjs)', at };
  for (const account of accounts) {
    const user = await upsertUserBySub(db, { sub: account.sub, email: account.email, displayName: account.name }, at);
    await setUserBlocked(db, user.id, account.role === 'blocked', change);
    await setUserBypassed(db, user.id, account.role === 'bypassed', change);
    if (account.role === 'subscriber' || account.role === 'household') {
      for (const entitlement of DEMO_SUBSCRIBER_ENTITLEMENTS) {
        await grantEntitlement(db, { userId: user.id, entitlement, source: 'admin', sourceRef: `local-demo-seed:${account.role}` }, change);
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
 * @param {{ quiet?: boolean, pruneIntervalMs?: number }} [options] `pruneIntervalMs`: how often the
 *   counters are pruned (default PRUNE_INTERVAL_MS)
 * @returns {Promise<LocalPlatform>}
 */
export async function startLocalPlatform(env = process.env, options = {}) {
  const stateDir = path.resolve(PROJECT_ROOT, env.LOCAL_STATE_DIR || '.terrace');
  /** @type {Record<string, string>} */
  const platformEnv = {};
  const withStack = !env.COGNITO_USER_POOL_ID;
  if (withStack && env.NODE_ENV === 'production') {
    throw new Error('COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set with NODE_ENV=production (the local Cognito stand-ins are for development only)');
  }
  if (!env.MATCH_FEED_SECRET && env.NODE_ENV !== 'production') {
    await mkdir(stateDir, { recursive: true });
    platformEnv.MATCH_FEED_SECRET = localMatchFeedSecret(stateDir);
  }
  if (!env.DATABASE_URL) platformEnv.TERRACE_DATA_DIR = path.resolve(PROJECT_ROOT, env.TERRACE_DATA_DIR || path.join(stateDir, 'data'));
  const config = storageConfigFromEnv({ DATABASE_URL: env.DATABASE_URL, TERRACE_DATA_DIR: platformEnv.TERRACE_DATA_DIR });

  // The database (a fresh PGlite folder takes a few seconds to initialise) and the stand-ins start together.
  const opening = openDatabase(config).then(async (storage) => {
    try {
      await storage.migrate();
      return storage;
    } catch (error) {
      await storage.close();
      throw error;
    }
  });
  const starting = withStack
    ? startStack({
        stateDir,
        cognitoPort: portOf(env.LOCAL_COGNITO_PORT, 'LOCAL_COGNITO_PORT') ?? 0,
        oidcPort: portOf(env.LOCAL_OIDC_PORT, 'LOCAL_OIDC_PORT') ?? 0,
        leaseCheck: createPlaybackLeaseCheck({
          db: async () => (await opening).db,
          catalogue: createVideoCatalogue(),
          onUnavailable: (error) =>
            process.stderr.write(`[streams] lease check without the database: ${error instanceof Error ? error.message : String(error)}\n`),
        }),
        quiet: options.quiet,
      })
    : Promise.resolve(undefined);
  const [opened, started] = await Promise.allSettled([opening, starting]);
  const stack = started.status === 'fulfilled' ? started.value : undefined;
  const stopStack = async () => {
    await stack?.stop();
  };
  if (opened.status === 'rejected' || started.status === 'rejected') {
    if (opened.status === 'fulfilled') await opened.value.close();
    await stopStack();
    const error = opened.status === 'rejected' ? opened.reason : /** @type {PromiseRejectedResult} */ (started).reason;
    if (error instanceof DataDirInUseError) {
      throw new Error(`${error.message}\nAnother local server (or npm run admin) is using it: stop it, or give this one its own LOCAL_STATE_DIR.`);
    }
    throw error;
  }
  const storage = opened.value;
  try {
    if (stack) await seedDemoPlatformData(storage.db, stack.cognito.demoAccounts);
  } catch (error) {
    await storage.close();
    await stopStack();
    throw error;
  }
  const database = lazyDatabase(async () => storage);
  const pruning = startPruning(async () => storage.db, {
    intervalMs: options.pruneIntervalMs,
    logger: {
      info(message, fields) {
        if (!options.quiet) console.log(`local platform: ${message} ${JSON.stringify(fields ?? {})}`);
      },
      error(message, fields) {
        console.error(`local platform: ${message} ${JSON.stringify(fields ?? {})}`);
      },
    },
  });
  return {
    env: { ...platformEnv, ...(stack ? stack.env : {}) },
    urls: { ...(stack ? stack.urls : {}), Database: storage.location },
    notices: stack ? stackNotices(stack) : [],
    stack,
    database,
    async stop() {
      await pruning.stop();
      await storage.close();
      await stopStack();
    },
  };
}
