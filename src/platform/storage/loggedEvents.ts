/**
 * Logged events (spec §3 'Logged event', §7 'Event logging'): advert impressions and clicks that
 * POST /api/events accepted, stored with when they arrived. loggedEventSink(db) has the shape of
 * the platform app's event sink, so the route can store instead of printing.
 */
import { asc, eq } from 'drizzle-orm';
import type { LoggedEvent } from '../../schemas/loggedEvent.ts';
import type { Executor } from './database.ts';
import { loggedEvents } from './schema.ts';

export type StoredLoggedEvent = typeof loggedEvents.$inferSelect;

/** Stores one validated event; returns its row id. */
export async function storeLoggedEvent(db: Executor, event: LoggedEvent, receivedAt: Date): Promise<number> {
  const [row] = await db
    .insert(loggedEvents)
    .values({ receivedAt, action: event.action, advertId: event.advertID, occurredAt: new Date(event.timestamp), payload: event })
    .returning({ id: loggedEvents.id });
  return row!.id;
}

/** An event sink that stores each event, stamped by `clock` (default: the system clock). */
export function loggedEventSink(db: Executor, clock: () => Date = () => new Date()): (event: LoggedEvent) => Promise<void> {
  return async (event) => {
    await storeLoggedEvent(db, event, clock());
  };
}

/** An advert's stored events in arrival order (reports, tests). */
export async function listLoggedEvents(db: Executor, advertId: string): Promise<StoredLoggedEvent[]> {
  return db.select().from(loggedEvents).where(eq(loggedEvents.advertId, advertId)).orderBy(asc(loggedEvents.id));
}
