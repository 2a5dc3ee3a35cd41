// @ts-check
/**
 * The local stack's part of a live match (docs/live-matches.md "Locally"):
 * - `localMatchFeedSecret(stateDir)`: `<stateDir>/match-feed-secret` (64 hex characters, made on
 *   first use, mode 0600), given to the API as MATCH_FEED_SECRET when unset (never in production)
 *   and read by the simulator; `readLocalMatchFeedSecret` only reads it (undefined when absent);
 * - `POST /__matchday/reset?match=<matchID>` (MATCHDAY_RESET_PATH; loopback, local server only):
 *   deletes the match's stored feed events so a replay starts from kick-off. → { deleted }, 400, 403.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deleteLiveMatchEvents } from '../../src/platform/storage/liveMatches.ts';

/** The secret's file name in the local state folder. */
export const MATCH_FEED_SECRET_FILE = 'match-feed-secret';

/** The local-only route that clears one match's feed events. */
export const MATCHDAY_RESET_PATH = '/__matchday/reset';

/**
 * @param {string} stateDir
 * @returns {string | undefined}
 */
export function readLocalMatchFeedSecret(stateDir) {
  try {
    const secret = readFileSync(path.join(stateDir, MATCH_FEED_SECRET_FILE), 'utf8').trim();
    return secret.length >= 32 ? secret : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} stateDir
 * @returns {string}
 */
export function localMatchFeedSecret(stateDir) {
  const existing = readLocalMatchFeedSecret(stateDir);
  if (existing) return existing;
  const secret = randomBytes(32).toString('hex');
  writeFileSync(path.join(stateDir, MATCH_FEED_SECRET_FILE), `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** @param {string | undefined} address */
const isLoopback = (address) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * The reset handler for the local server's Hono app.
 * @param {import('../../src/platform/deps.ts').PlatformDatabase} database
 * @returns {(c: import('hono').Context) => Promise<Response>}
 */
export function matchdayResetHandler(database) {
  return async (c) => {
    /** @type {{ incoming?: { socket?: { remoteAddress?: string } } }} */
    const bindings = c.env ?? {};
    if (!isLoopback(bindings.incoming?.socket?.remoteAddress)) return c.json({ error: 'Local replays are reset from loopback only' }, 403);
    const matchId = c.req.query('match') ?? '';
    if (!/^[a-z0-9][a-z0-9-]{0,119}$/.test(matchId)) return c.json({ error: 'match must be a matchID' }, 400);
    const deleted = await deleteLiveMatchEvents(await database.get(), matchId);
    return c.json({ deleted });
  };
}
