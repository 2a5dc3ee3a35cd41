/**
 * Events of matches in progress from the match-data feed (live_match_events). An event is stored
 * once: a second delivery of the same id, or another id at a sequence already taken, is ignored
 * and reported as not new. The state is folded from the stored events on read
 * (src/lib/liveMatch.ts), so arrival order never matters.
 */
import { and, asc, eq, gte, inArray, lt, notInArray } from 'drizzle-orm';
import { foldLiveMatch, type LiveEvent, type LiveMatchState } from '../../lib/liveMatch.ts';
import type { Executor } from './database.ts';
import { liveMatchEvents } from './schema.ts';

/** Stores a match's events; returns the ids that were new. */
export async function recordLiveEvents(db: Executor, matchId: string, events: readonly LiveEvent[], receivedAt: Date): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(liveMatchEvents)
    .values(events.map((event) => ({ matchId, eventId: event.id, sequence: event.sequence, payload: event, receivedAt })))
    .onConflictDoNothing()
    .returning({ eventId: liveMatchEvents.eventId });
  return rows.map((row) => row.eventId);
}

/** The state of one match from its stored events; null when the feed has sent nothing for it. */
export async function getLiveMatch(db: Executor, matchId: string): Promise<LiveMatchState | null> {
  const rows = await db
    .select({ payload: liveMatchEvents.payload })
    .from(liveMatchEvents)
    .where(eq(liveMatchEvents.matchId, matchId))
    .orderBy(asc(liveMatchEvents.sequence));
  return rows.length
    ? foldLiveMatch(
        matchId,
        rows.map((row) => row.payload),
      )
    : null;
}

/** The states of every match that received an event since `since`, by match id. */
export async function listRecentLiveMatches(db: Executor, since: Date): Promise<LiveMatchState[]> {
  const recent = db.selectDistinct({ matchId: liveMatchEvents.matchId }).from(liveMatchEvents).where(gte(liveMatchEvents.receivedAt, since));
  const rows = await db
    .select({ matchId: liveMatchEvents.matchId, payload: liveMatchEvents.payload })
    .from(liveMatchEvents)
    .where(inArray(liveMatchEvents.matchId, recent))
    .orderBy(asc(liveMatchEvents.matchId), asc(liveMatchEvents.sequence));
  const byMatch = new Map<string, LiveEvent[]>();
  for (const row of rows) byMatch.set(row.matchId, [...(byMatch.get(row.matchId) ?? []), row.payload]);
  return [...byMatch].map(([matchId, events]) => foldLiveMatch(matchId, events));
}

/** Deletes the events of matches whose newest event is older than `before`; returns how many rows went. */
export async function pruneLiveMatchEvents(db: Executor, before: Date): Promise<number> {
  const fresh = db.selectDistinct({ matchId: liveMatchEvents.matchId }).from(liveMatchEvents).where(gte(liveMatchEvents.receivedAt, before));
  const deleted = await db
    .delete(liveMatchEvents)
    .where(and(lt(liveMatchEvents.receivedAt, before), notInArray(liveMatchEvents.matchId, fresh)))
    .returning({ matchId: liveMatchEvents.matchId });
  return deleted.length;
}

/** Deletes every stored event of one match (a local replay starting again); returns how many rows went. */
export async function deleteLiveMatchEvents(db: Executor, matchId: string): Promise<number> {
  const deleted = await db.delete(liveMatchEvents).where(eq(liveMatchEvents.matchId, matchId)).returning({ matchId: liveMatchEvents.matchId });
  return deleted.length;
}
