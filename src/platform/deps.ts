/**
 * What the platform API depends on, in one object that tests replace (ARCHITECTURE "The platform
 * API's shape": deps.ts): the parsed environment, a clock, a structured logger, the sink of
 * logged events, the rate-limit store and — once the storage layer lands (src/platform/storage/)
 * — the database. Later features add their own slots here (Cognito, Stripe, playback signer …).
 *
 * `createPlatformDeps(overrides)` fills every slot not given with the production default:
 * - env: loadPlatformEnv() (process.env, parsed once; throws PlatformEnvError naming bad variables);
 * - clock: the system clock;
 * - logger: one JSON object per line on stdout ({ level, time, msg, ...fields }), from LOG_LEVEL;
 * - eventSink: one JSON line { type: 'logged-event', receivedAt, event } on stdout, which the
 *   function's log drain collects (a database store replaces it later);
 * - rateLimitStore: an in-memory hit counter per limiter (hono-rate-limiter's MemoryStore). On
 *   Netlify each function instance counts on its own, so limits are per instance until a shared
 *   (Postgres) store implementing the same interface is passed here.
 */
import { MemoryStore, type Store } from 'hono-rate-limiter';
import type { LoggedEvent } from '../schemas/loggedEvent.ts';
import { LOG_LEVELS, loadPlatformEnv, type LogLevel, type PlatformEnv } from './env.ts';
import type { PlatformHonoEnv } from './http/types.ts';

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

/** Everything the platform API needs from the outside world. */
export interface PlatformDeps {
  env: PlatformEnv;
  clock: Clock;
  logger: Logger;
  eventSink: EventSink;
  rateLimitStore: RateLimitStoreFactory;
  /**
   * The database (src/platform/storage/, Postgres or PGlite behind one query layer). Filled by the
   * storage layer; nothing reads it yet.
   */
  db?: unknown;
}

/** The system clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A logger writing one JSON line per call to `write` (default: stdout), dropping lines below
 * `level`. Fields that cannot be serialised are replaced by a note rather than throwing.
 */
export function createJsonLogger(
  level: LogLevel,
  options: { clock?: Clock; write?: (line: string) => void } = {},
): Logger {
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
 * The platform's dependencies: `overrides` as given, every other slot its production default.
 * @throws {PlatformEnvError} when `env` is not given and process.env is invalid.
 */
export function createPlatformDeps(overrides: Partial<PlatformDeps> = {}): PlatformDeps {
  const env = overrides.env ?? loadPlatformEnv();
  const clock = overrides.clock ?? systemClock;
  return {
    env,
    clock,
    logger: overrides.logger ?? createJsonLogger(env.LOG_LEVEL, { clock }),
    eventSink: overrides.eventSink ?? stdoutEventSink(clock),
    rateLimitStore: overrides.rateLimitStore ?? memoryRateLimitStores,
    db: overrides.db,
  };
}
