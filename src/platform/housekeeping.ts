/**
 * Housekeeping of the platform's counters, which otherwise only grow: rate-limit counters (and the
 * refresh guards) whose window has ended, sign-in attempts older than the longest attempt window
 * (ATTEMPT_POLICIES), so no limit forgets an attempt it still counts, and refresh sessions unused
 * for longer than a refresh token lives. Run every
 * PRUNE_INTERVAL_MS: by the scheduled function netlify/functions/prune.ts in production (schedule in
 * netlify.toml) and by the local platform's timer (scripts/local/platform.mjs, startPruning).
 */
import { ATTEMPT_POLICIES } from '../accounts/server/attempts.ts';
import { REFRESH_COOKIE_MAX_AGE } from '../accounts/server/cookies.ts';
import type { Logger } from './deps.ts';
import type { Executor } from './storage/database.ts';
import { pruneRateLimits } from './storage/rateLimits.ts';
import { pruneRefreshSessions } from './storage/sessions.ts';
import { pruneSignInAttempts } from './storage/signInAttempts.ts';

/** How often the counters are pruned (ms); netlify.toml's schedule for `prune` matches it. */
export const PRUNE_INTERVAL_MS = 15 * 60_000;

/** The longest window any sign-in attempt policy counts over (ms). */
export const LONGEST_ATTEMPT_WINDOW_MS = Math.max(
  ...Object.values(ATTEMPT_POLICIES).flatMap((budget) => Object.values(budget).map((policy) => policy.windowMs)),
);

/** Rows removed by one pruning. */
export interface PruneResult {
  rateLimits: number;
  signInAttempts: number;
  refreshSessions: number;
}

/** Removes the counters no limit counts any more at `now`; returns how many of each. */
export async function pruneCounters(db: Executor, now: Date): Promise<PruneResult> {
  const rateLimits = await pruneRateLimits(db, now);
  const signInAttempts = await pruneSignInAttempts(db, new Date(now.getTime() - LONGEST_ATTEMPT_WINDOW_MS));
  const refreshSessions = await pruneRefreshSessions(db, new Date(now.getTime() - REFRESH_COOKIE_MAX_AGE * 1000));
  return { rateLimits, signInAttempts, refreshSessions };
}

/**
 * Prunes `db()` now and then every `intervalMs` until stop() (the timer does not keep the process
 * alive). A failed run is logged and the next one tries again; stop() waits for a run under way.
 */
export function startPruning(
  db: () => Promise<Executor>,
  options: { intervalMs?: number; now?: () => Date; logger: Pick<Logger, 'info' | 'error'> },
): { stop(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const removed = await pruneCounters(await db(), now());
        if (removed.rateLimits + removed.signInAttempts + removed.refreshSessions > 0) options.logger.info('counters pruned', { ...removed });
      } catch (error) {
        options.logger.error('counters not pruned', { error: error instanceof Error ? error.message : String(error) });
      }
    });
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? PRUNE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
