/**
 * The checkout guard: at most one open Stripe Checkout session per account and package, so a
 * double click or a second tab reuses the session already open instead of creating another
 * (a partial unique index enforces it; these functions make it pleasant). The flow:
 *   1. findOpenCheckoutSession → if one is open, send the browser to its url;
 *   2. otherwise create the session with Stripe, then recordCheckoutSession; when another request
 *      won the race (`recorded: false`), expire the new Stripe session and use `existing`.
 *   3. the webhook or success page calls closeCheckoutSession(id, 'complete' | 'expired').
 * A session past its expiresAt counts as closed: it is marked expired on the way.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { RecordNotFoundError } from './storageErrors.ts';
import { checkoutSessions } from './schema.ts';

export type CheckoutSession = typeof checkoutSessions.$inferSelect;

async function expireStale(db: Executor, userId: string, packageId: string, now: Date): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired', closedAt: now })
    .where(
      and(
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.packageId, packageId),
        eq(checkoutSessions.status, 'open'),
        lte(checkoutSessions.expiresAt, now),
      ),
    );
}

/** The account's open, unexpired session for the package, or null. */
export async function findOpenCheckoutSession(db: Executor, userId: string, packageId: string, now: Date): Promise<CheckoutSession | null> {
  return db.transaction(async (tx) => {
    await expireStale(tx, userId, packageId, now);
    const [row] = await tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.packageId, packageId), eq(checkoutSessions.status, 'open')));
    return row ?? null;
  });
}

/**
 * Records a session Stripe just created. `recorded: false` with the session already open when
 * another request recorded one first (see the file header).
 */
export async function recordCheckoutSession(
  db: Executor,
  session: { id: string; userId: string; packageId: string; url: string; expiresAt: Date; now: Date },
): Promise<{ recorded: true; session: CheckoutSession } | { recorded: false; existing: CheckoutSession }> {
  return db.transaction(async (tx) => {
    await expireStale(tx, session.userId, session.packageId, session.now);
    const [row] = await tx
      .insert(checkoutSessions)
      .values({ id: session.id, userId: session.userId, packageId: session.packageId, url: session.url, expiresAt: session.expiresAt, createdAt: session.now })
      .onConflictDoNothing()
      .returning();
    if (row) return { recorded: true, session: row };
    const [existing] = await tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.userId, session.userId), eq(checkoutSessions.packageId, session.packageId), eq(checkoutSessions.status, 'open')));
    // Conflict on the id itself (the same session recorded twice): that row is the answer.
    const [same] = existing ? [existing] : await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    return { recorded: false, existing: same! };
  });
}

/**
 * Closes a session as complete or expired (idempotent: a closed one keeps its first outcome).
 * @throws RecordNotFoundError for an unknown id.
 */
export async function closeCheckoutSession(db: Executor, id: string, status: 'complete' | 'expired', now: Date): Promise<CheckoutSession> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status, closedAt: now })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  if (!existing) throw new RecordNotFoundError('checkout session', id);
  return existing;
}
