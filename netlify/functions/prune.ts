/**
 * The counters' housekeeping as a Netlify scheduled function (netlify.toml gives `prune` its
 * schedule, every 15 minutes: PRUNE_INTERVAL_MS): src/platform/housekeeping.ts pruneCounters over
 * the database the environment names (DATABASE_URL, as the API's). Answers 200 with the rows
 * removed, or 500 with the failure logged (the next run tries again). It reads no input, and only
 * removes rows no limit counts any more, so a run at any other moment changes nothing a limit sees.
 */
import { createJsonLogger, databaseFromEnv, systemClock, type Clock, type Logger, type PlatformDatabase } from '../../src/platform/deps.ts';
import { loadPlatformEnv } from '../../src/platform/env.ts';
import { pruneCounters } from '../../src/platform/housekeeping.ts';

/** What the pruning needs; each slot defaults to production's (the environment's database, the system clock). */
export interface PruneDeps {
  db: PlatformDatabase;
  clock: Clock;
  logger: Logger;
}

/** A scheduled-function handler over `overrides` (the defaults are made on the first run). */
export function createPruneHandler(overrides: Partial<PruneDeps> = {}): () => Promise<Response> {
  let deps: PruneDeps | undefined;
  return async () => {
    if (!deps) {
      const logger = overrides.logger ?? createJsonLogger(loadPlatformEnv().LOG_LEVEL);
      deps = { logger, clock: overrides.clock ?? systemClock, db: overrides.db ?? databaseFromEnv(loadPlatformEnv(), logger) };
    }
    try {
      const removed = await pruneCounters(await deps.db.get(), deps.clock.now());
      deps.logger.info('counters pruned', { ...removed });
      return Response.json(removed);
    } catch (error) {
      deps.logger.error('counters not pruned', { error: error instanceof Error ? error.message : String(error) });
      return Response.json({ error: 'counters not pruned' }, { status: 500 });
    }
  };
}

export default createPruneHandler();
