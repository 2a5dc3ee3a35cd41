/**
 * What the platform API depends on, in one object tests replace: env, clock, logger, eventSink,
 * rateLimitStore, db, identity (Cognito), tokens (JWKS verifier), streaming (config, playback signer,
 * catalogue), stripe. `createPlatformDeps(overrides)` fills each slot not given with its production
 * default: the database of DATABASE_URL / TERRACE_DATA_DIR opened on first use, rate-limit counters
 * in Postgres with DATABASE_URL (else in memory), Cognito when COGNITO_USER_POOL_ID and
 * COGNITO_CLIENT_ID are set (else a stand-in answering `unavailable`, 503), Stripe when
 * STRIPE_SECRET_KEY is set (else null: payments answer 503).
 */
import { MemoryStore, type Store } from 'hono-rate-limiter';
import type Stripe from 'stripe';
import type { LoggedEvent } from '../schemas/loggedEvent.ts';
import { createCognitoIdentity, unconfiguredIdentity, type IdentityService } from '../accounts/server/cognito.ts';
import { createTokenVerifier, TokenError, type TokenVerifier } from '../accounts/server/cognitoTokens.ts';
import { cognitoSettings, LOG_LEVELS, loadPlatformEnv, type LogLevel, type PlatformEnv } from './env.ts';
import { serviceUnavailable } from './http/errors.ts';
import type { PlatformHonoEnv } from './http/types.ts';
import { openDatabase, storageConfigFromEnv, type Database, type OpenDatabase } from './storage/database.ts';
import { storeLoggedEvent } from './storage/loggedEvents.ts';
import { decrementRateLimit, getRateLimit, incrementRateLimit, resetRateLimit } from './storage/rateLimits.ts';
import { lazyStreamingServices, streamingServicesFromEnv, type StreamingServices } from '../streaming/server/streamingServices.ts';
import { lazyStripeClient } from '../payments/server/stripeClient.ts';

/** The time source; tests pass a fixed or steppable clock. */
export interface Clock {
  now(): Date;
}

/** Extra structured fields of a log line; must be JSON-serialisable. */
export type LogFields = Record<string, unknown>;

/** A structured logger: each call writes one JSON line { level, time, msg, ...fields }. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** Where accepted logged events go (spec §7 Event logging). May be async; a throw becomes a 500-free error envelope. */
export type EventSink = (event: LoggedEvent) => void | Promise<void>;

/**
 * A rate-limit hit counter (hono-rate-limiter's Store interface: increment(key) → { totalHits,
 * resetTime }, decrement, resetKey). A Postgres-backed store implements the same interface.
 */
export type RateLimitStore = Store<PlatformHonoEnv>;

/** Makes the store for one named limiter (e.g. 'events'); each limiter gets its own store. */
export type RateLimitStoreFactory = (limiter: string) => RateLimitStore;

/**
 * The platform database, opened on first use (src/platform/storage/: Postgres or PGlite behind
 * one Drizzle query layer, migrations applied once at opening).
 */
export interface PlatformDatabase {
  /**
   * The open, migrated database.
   * @throws {ApiError} 503 service_unavailable (Retry-After) when it cannot be opened; the next
   *   call tries again.
   */
  get(): Promise<Database>;
  /** Closes it if it was opened. */
  close(): Promise<void>;
}

/** Everything the platform API needs from the outside world. */
export interface PlatformDeps {
  env: PlatformEnv;
  clock: Clock;
  logger: Logger;
  eventSink: EventSink;
  rateLimitStore: RateLimitStoreFactory;
  db: PlatformDatabase;
  /** The identity provider (Cognito). */
  identity: IdentityService;
  /** Verifies the pool's id and access tokens (local JWKS checks; never calls Cognito per request). */
  tokens: TokenVerifier;
  /** Streaming: configuration, playback signer, video catalogue (made on first call). */
  streaming: () => StreamingServices;
  /** The Stripe SDK client (made on first call), or null when payments are not configured. */
  stripe: () => Stripe | null;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A logger writing one JSON line per call to `write` (default: stdout), dropping lines below
 * `level`. Fields that cannot be serialised are replaced by a note rather than throwing.
 */
export function createJsonLogger(level: LogLevel, options: { clock?: Clock; write?: (line: string) => void } = {}): Logger {
  const clock = options.clock ?? systemClock;
  const write = options.write ?? ((line: string) => void process.stdout.write(line));
  const threshold = LOG_LEVELS.indexOf(level);
  const emit = (lineLevel: Exclude<LogLevel, 'silent'>, msg: string, fields: LogFields = {}) => {
    if (LOG_LEVELS.indexOf(lineLevel) < threshold) return;
    let line: string;
    try {
      line = JSON.stringify({ level: lineLevel, time: clock.now().toISOString(), msg, ...fields });
    } catch {
      line = JSON.stringify({ level: lineLevel, time: clock.now().toISOString(), msg, note: 'fields not serialisable' });
    }
    write(`${line}\n`);
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}

/** The default event sink: one JSON line per accepted event on stdout. */
export function stdoutEventSink(clock: Clock): EventSink {
  return (event) => {
    process.stdout.write(`${JSON.stringify({ type: 'logged-event', receivedAt: clock.now().toISOString(), event })}\n`);
  };
}

/** In-memory rate-limit stores, one per limiter. */
export const memoryRateLimitStores: RateLimitStoreFactory = () => new MemoryStore<PlatformHonoEnv>();

/**
 * A PlatformDatabase that calls `open` (which opens and migrates) on first use and shares the
 * result; a failed opening is logged, answered 503 and retried by the next call.
 */
export function lazyDatabase(open: () => Promise<OpenDatabase>, logger?: Logger): PlatformDatabase {
  let opening: Promise<OpenDatabase> | undefined;
  return {
    async get() {
      opening ??= open().catch((error: unknown) => {
        opening = undefined;
        throw error;
      });
      try {
        return (await opening).db;
      } catch (error) {
        logger?.error('database unavailable', { error: error instanceof Error ? error.message : String(error) });
        throw serviceUnavailable(error);
      }
    },
    async close() {
      const current = opening;
      opening = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}

/** The database the environment names (DATABASE_URL, else the embedded PGlite in TERRACE_DATA_DIR), migrated at opening. */
export function databaseFromEnv(env: PlatformEnv, logger?: Logger): PlatformDatabase {
  return lazyDatabase(async () => {
    const storage = await openDatabase(storageConfigFromEnv({ DATABASE_URL: env.DATABASE_URL, TERRACE_DATA_DIR: env.TERRACE_DATA_DIR }));
    try {
      await storage.migrate();
    } catch (error) {
      await storage.close();
      throw error;
    }
    return storage;
  }, logger);
}

/** An event sink storing each event in the database's logged_events. */
export function databaseEventSink(db: PlatformDatabase, clock: Clock): EventSink {
  return async (event) => {
    await storeLoggedEvent(await db.get(), event, clock.now());
  };
}

/** Rate-limit stores whose counters live in the database, shared by every instance of the API. */
export function databaseRateLimitStores(db: PlatformDatabase, clock: Clock): RateLimitStoreFactory {
  return (limiter) => {
    let windowMs = 0;
    return {
      localKeys: false,
      init(options) {
        windowMs = options.windowMs;
      },
      async get(key) {
        return (await getRateLimit(await db.get(), { limiter, key, now: clock.now() })) ?? undefined;
      },
      async increment(key) {
        return incrementRateLimit(await db.get(), { limiter, key, windowMs, now: clock.now() });
      },
      async decrement(key) {
        await decrementRateLimit(await db.get(), { limiter, key, now: clock.now() });
      },
      async resetKey(key) {
        await resetRateLimit(await db.get(), { limiter, key });
      },
    };
  };
}

/** A token verifier that refuses every token (Cognito not configured). */
const refusingVerifier: TokenVerifier = {
  verifyIdToken: () => Promise.reject(new TokenError('invalid', 'Cognito is not configured')),
  verifyAccessToken: () => Promise.reject(new TokenError('invalid', 'Cognito is not configured')),
};

/**
 * The platform's dependencies: `overrides` as given, every other slot its production default.
 * @throws {PlatformEnvError} when `env` is not given and process.env is invalid.
 */
export function createPlatformDeps(overrides: Partial<PlatformDeps> = {}): PlatformDeps {
  const env = overrides.env ?? loadPlatformEnv();
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? createJsonLogger(env.LOG_LEVEL, { clock });
  const db = overrides.db ?? databaseFromEnv(env, logger);
  const cognito = cognitoSettings(env);
  return {
    env,
    clock,
    logger,
    db,
    eventSink: overrides.eventSink ?? databaseEventSink(db, clock),
    rateLimitStore: overrides.rateLimitStore ?? (env.DATABASE_URL ? databaseRateLimitStores(db, clock) : memoryRateLimitStores),
    identity: overrides.identity ?? (cognito ? createCognitoIdentity(cognito) : unconfiguredIdentity()),
    tokens:
      overrides.tokens ?? (cognito ? createTokenVerifier({ issuer: cognito.issuer, clientId: cognito.clientIds, now: () => clock.now() }) : refusingVerifier),
    streaming: overrides.streaming ?? lazyStreamingServices(() => streamingServicesFromEnv(process.env, () => clock.now())),
    stripe: overrides.stripe ?? lazyStripeClient(env),
  };
}
