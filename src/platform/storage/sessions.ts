/**
 * Which sessions still count (docs/accounts-api.md "Ending other sessions"): a password change or
 * reset sets the account's `sessions_valid_after`; every authenticated call and every refresh
 * refuses a session whose sign-in happened before it. Refresh tokens are opaque at Cognito, so
 * each one in use has a row (its SHA-256, never the token) saying whose it is, which app client
 * issued it and when the sign-in it continues happened — kept across refreshes and rotations.
 * Times are whole seconds, as the tokens' `auth_time`.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { refreshSessions, users } from './schema.ts';

export type RefreshSession = typeof refreshSessions.$inferSelect;

/** The stored key of a refresh token: its SHA-256, base64url. */
export function refreshTokenHash(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('base64url');
}

/** `at` truncated to the whole second (the resolution of the tokens' `auth_time`). */
export function wholeSecond(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 1000) * 1000);
}

/** Records (or renews) a refresh token in use. */
export async function recordRefreshSession(
  db: Executor,
  session: { refreshToken: string; userId: string; cognitoUsername: string; clientId: string; signedInAt: Date },
  at: Date,
): Promise<void> {
  const values = {
    tokenHash: refreshTokenHash(session.refreshToken),
    userId: session.userId,
    cognitoUsername: session.cognitoUsername,
    clientId: session.clientId,
    signedInAt: wholeSecond(session.signedInAt),
    usedAt: at,
  };
  await db
    .insert(refreshSessions)
    .values(values)
    .onConflictDoUpdate({ target: refreshSessions.tokenHash, set: { usedAt: at } });
}

/** The row of a refresh token, or null when the platform never recorded it. */
export async function getRefreshSession(db: Executor, refreshToken: string): Promise<RefreshSession | null> {
  const [row] = await db
    .select()
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, refreshTokenHash(refreshToken)));
  return row ?? null;
}

/** Forgets a refresh token (revoked, rotated or refused). */
export async function forgetRefreshSession(db: Executor, refreshToken: string): Promise<void> {
  await db.delete(refreshSessions).where(eq(refreshSessions.tokenHash, refreshTokenHash(refreshToken)));
}

/**
 * Ends every session of the user signed in before `at` (whole seconds): sets sessions_valid_after
 * and forgets their refresh tokens. Returns the time stored.
 */
export async function endSessionsBefore(db: Executor, userId: string, at: Date): Promise<Date> {
  const validAfter = wholeSecond(at);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ sessionsValidAfter: validAfter }).where(eq(users.id, userId));
    await tx.delete(refreshSessions).where(and(eq(refreshSessions.userId, userId), lt(refreshSessions.signedInAt, validAfter)));
  });
  return validAfter;
}

/** Whether a session signed in at `signedInAt` is over for a user with `sessionsValidAfter`. */
export function sessionEnded(signedInAt: Date | null | undefined, sessionsValidAfter: Date | null | undefined): boolean {
  if (!sessionsValidAfter) return false;
  return !signedInAt || wholeSecond(signedInAt).getTime() < sessionsValidAfter.getTime();
}

/** Housekeeping: forgets refresh tokens unused since `before` (older than the refresh token's life); returns how many. */
export async function pruneRefreshSessions(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(refreshSessions).where(lt(refreshSessions.usedAt, before)).returning({ tokenHash: refreshSessions.tokenHash });
  return rows.length;
}
