/**
 * Users: one row per Cognito account (`sub`), created or refreshed at sign-in (upsertUserBySub),
 * with the two administrator flags of spec §5: blocked (no streaming; error 3) and bypassed
 * ('Account Restrictions Bypassed'). Flag changes are audited (audit.ts) in the same transaction.
 */
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit, assertCompleteChange, type AuditAction, type Change } from './audit.ts';
import type { Executor } from './database.ts';
import { RecordNotFoundError } from './storageErrors.ts';
import { isUuid } from './uuids.ts';
import { users } from './schema.ts';

export type User = typeof users.$inferSelect;

/** What Cognito tells us about an account at sign-in. */
export interface UserProfile {
  sub: string;
  email: string;
  displayName?: string | null;
}

/** Creates the user for `sub`, or refreshes its email and display name. Returns the row. */
export async function upsertUserBySub(db: Executor, profile: UserProfile, at: Date): Promise<User> {
  const [row] = await db
    .insert(users)
    .values({ cognitoSub: profile.sub, email: profile.email, displayName: profile.displayName ?? null, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: users.cognitoSub,
      set: { email: profile.email, displayName: profile.displayName ?? null, updatedAt: at },
    })
    .returning();
  return row!;
}

/** The user with our id, or null. */
export async function getUser(db: Executor, id: string): Promise<User | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The user with this Cognito `sub`, or null. */
export async function getUserBySub(db: Executor, sub: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.cognitoSub, sub));
  return row ?? null;
}

/**
 * Users an administrator means by `ref`: our id, a Cognito sub, or an email address (any case).
 * Usually one; several when accounts share an address (e.g. password and Google sign-in).
 */
export async function resolveUsers(db: Executor, ref: string): Promise<User[]> {
  const wanted = ref.trim();
  if (!wanted) return [];
  const matches: SQL[] = [eq(users.cognitoSub, wanted), sql`lower(${users.email}) = lower(${wanted})`];
  if (isUuid(wanted)) matches.push(eq(users.id, wanted));
  return db
    .select()
    .from(users)
    .where(or(...matches))
    .orderBy(asc(users.createdAt));
}

/** Filters for listUsers; all optional. */
export interface UserQuery {
  /** Part of the email or display name (any case). */
  text?: string;
  blocked?: boolean;
  bypassed?: boolean;
  /** Default 50. */
  limit?: number;
  offset?: number;
}

/** Users matching `query`, oldest first. */
export async function listUsers(db: Executor, query: UserQuery = {}): Promise<User[]> {
  const conditions: SQL[] = [];
  if (query.text?.trim()) {
    const pattern = `%${query.text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.displayName, pattern))!);
  }
  if (query.blocked !== undefined) conditions.push(eq(users.blocked, query.blocked));
  if (query.bypassed !== undefined) conditions.push(eq(users.bypassed, query.bypassed));
  return db
    .select()
    .from(users)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0);
}

type Flag = 'blocked' | 'bypassed';

async function setFlag(db: Executor, userId: string, flag: Flag, value: boolean, change: Change): Promise<{ user: User; changed: boolean }> {
  assertCompleteChange(change);
  if (!isUuid(userId)) throw new RecordNotFoundError('user', userId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw new RecordNotFoundError('user', userId);
    if (current[flag] === value) return { user: current, changed: false };
    const [user] = await tx
      .update(users)
      .set({ ...(flag === 'blocked' ? { blocked: value } : { bypassed: value }), updatedAt: change.at })
      .where(eq(users.id, userId))
      .returning();
    const action: AuditAction = flag === 'blocked' ? (value ? 'user.block' : 'user.unblock') : value ? 'user.bypass' : 'user.unbypass';
    await recordAudit(tx, change, { action, userId, details: { [flag]: value } });
    return { user: user!, changed: true };
  });
}

/**
 * Blocks or unblocks a user, audited. `changed` is false (and nothing is recorded) when the flag
 * already had that value.
 * @throws RecordNotFoundError for an unknown id; IncompleteChangeError without who/why.
 */
export function setUserBlocked(db: Executor, userId: string, blocked: boolean, change: Change): Promise<{ user: User; changed: boolean }> {
  return setFlag(db, userId, 'blocked', blocked, change);
}

/** Sets or clears 'Account Restrictions Bypassed', audited; as setUserBlocked. */
export function setUserBypassed(db: Executor, userId: string, bypassed: boolean, change: Change): Promise<{ user: User; changed: boolean }> {
  return setFlag(db, userId, 'bypassed', bypassed, change);
}
