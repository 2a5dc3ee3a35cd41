/**
 * Concurrency leases (spec §5, ERR_54648_1): one lease per playing device, renewed by a heartbeat and
 * expiring when heartbeats stop; the caller passes the limit, the time to live and `now`.
 * `acquireLease` locks the account's user row first (SELECT … FOR UPDATE, transaction-scoped), so
 * simultaneous checks queue and a limit of 2 grants exactly 2. `renewLeaseOfAccount` renews and reads
 * the account's flags and entitlements in force in one round trip.
 */
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { activeEntitlementNamesOf } from './entitlements.ts';
import { RecordNotFoundError } from './storageErrors.ts';
import { isUuid } from './uuids.ts';
import { leases, users } from './schema.ts';
import type { User } from './users.ts';

export type Lease = typeof leases.$inferSelect;

/** A renewed lease with what the access decision reads: the account's flags and entitlements in force. */
export interface RenewedLease {
  lease: Pick<Lease, 'id' | 'userId' | 'assetId' | 'expiresAt'>;
  account: Pick<User, 'id' | 'blocked' | 'bypassed' | 'sessionsValidAfter'>;
  /** The distinct entitlement strings the account holds at `now`, sorted (activeEntitlementNames). */
  entitlements: string[];
}

/** A lease request from a device of an account. */
export interface LeaseRequest {
  userId: string;
  deviceId: string;
  assetId?: string | null;
  /** Whether the lease takes a place of `limit` (video: yes, the default; live audio: no). */
  countsTowardLimit?: boolean;
  /** Most devices playing at once for this account (≥ 0). */
  limit: number;
  /** The lease lives this long after each acquisition or renewal (ms, > 0). */
  ttlMs: number;
  now: Date;
}

/** The outcome: a lease, or a refusal with how many devices hold one. */
export type LeaseDecision = { granted: true; lease: Lease } | { granted: false; activeLeases: number };

/**
 * Grants the device a lease when the account has fewer than `limit` live counting leases (a lease
 * with countsTowardLimit false — live audio — is always granted and never counted); a device that
 * already holds a live lease keeps (and renews) it without using another place. Expired leases of
 * the account are removed on the way.
 * @throws RecordNotFoundError for an unknown user; RangeError for a bad limit or ttl.
 */
export async function acquireLease(db: Executor, request: LeaseRequest): Promise<LeaseDecision> {
  if (!Number.isInteger(request.limit) || request.limit < 0) throw new RangeError('limit must be a whole number ≥ 0');
  if (!(request.ttlMs > 0)) throw new RangeError('ttlMs must be > 0');
  const { userId, deviceId, now } = request;
  if (!isUuid(userId)) throw new RecordNotFoundError('user', userId);
  const expiresAt = new Date(now.getTime() + request.ttlMs);
  const counts = request.countsTowardLimit ?? true;
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!account) throw new RecordNotFoundError('user', userId);
    await tx.delete(leases).where(and(eq(leases.userId, userId), lte(leases.expiresAt, now)));
    const [own] = await tx
      .select()
      .from(leases)
      .where(and(eq(leases.userId, userId), eq(leases.deviceId, deviceId)));
    if (own && (own.countsTowardLimit || !counts)) {
      // The device keeps its place; a video lease that now plays audio keeps counting until released.
      const [renewed] = await tx
        .update(leases)
        .set({ renewedAt: now, expiresAt, assetId: request.assetId ?? null })
        .where(eq(leases.id, own.id))
        .returning();
      return { granted: true, lease: renewed! };
    }
    if (own) await tx.delete(leases).where(eq(leases.id, own.id)); // audio → video: it must find a place
    if (counts) {
      const [live] = await tx
        .select({ n: count() })
        .from(leases)
        .where(and(eq(leases.userId, userId), eq(leases.countsTowardLimit, true)));
      const activeLeases = live?.n ?? 0;
      if (activeLeases >= request.limit) return { granted: false, activeLeases };
    }
    const [lease] = await tx
      .insert(leases)
      .values({ userId, deviceId, assetId: request.assetId ?? null, countsTowardLimit: counts, acquiredAt: now, renewedAt: now, expiresAt })
      .returning();
    return { granted: true, lease: lease! };
  });
}

/** A live lease of this user by id, or null (unknown, someone else's, or expired at `now`). */
export async function getLiveLease(db: Executor, lease: { leaseId: string; userId: string }, now: Date): Promise<Lease | null> {
  if (!isUuid(lease.leaseId) || !isUuid(lease.userId)) return null;
  const [row] = await db
    .select()
    .from(leases)
    .where(and(eq(leases.id, lease.leaseId), eq(leases.userId, lease.userId), gt(leases.expiresAt, now)));
  return row ?? null;
}

/**
 * The heartbeat in one statement: extends the live lease `leaseId` of the account with Cognito
 * subject `sub` to now + ttlMs, returning it with the account's flags and entitlements at `now`.
 * Null when the lease is unknown, someone else's or already expired, or the account is unknown
 * (the caller looks closer then: these are the rare answers).
 */
export async function renewLeaseOfAccount(db: Executor, lease: { leaseId: string; sub: string }, now: Date, ttlMs: number): Promise<RenewedLease | null> {
  if (!isUuid(lease.leaseId)) return null;
  let renewal = renewals.get(db);
  if (!renewal) renewals.set(db, (renewal = prepareRenewal(db)));
  const [row] = await renewal.execute({ leaseId: lease.leaseId, sub: lease.sub, now, expiresAt: new Date(now.getTime() + ttlMs) });
  if (!row) return null;
  return {
    lease: { id: row.id, userId: row.userId, assetId: row.assetId, expiresAt: row.expiresAt },
    account: { id: row.userId, blocked: row.blocked, bypassed: row.bypassed, sessionsValidAfter: row.sessionsValidAfter },
    entitlements: row.entitlements,
  };
}

/** renewLeaseOfAccount's statement, prepared once per database (a named statement on PostgreSQL). */
function prepareRenewal(db: Executor) {
  const now = sql.placeholder('now');
  return db
    .update(leases)
    .set({ renewedAt: sql`${now}`, expiresAt: sql`${sql.placeholder('expiresAt')}` })
    .from(users)
    .where(and(eq(leases.id, sql.placeholder('leaseId')), eq(leases.userId, users.id), eq(users.cognitoSub, sql.placeholder('sub')), gt(leases.expiresAt, now)))
    .returning({
      id: leases.id,
      userId: leases.userId,
      assetId: leases.assetId,
      expiresAt: leases.expiresAt,
      blocked: users.blocked,
      bypassed: users.bypassed,
      sessionsValidAfter: users.sessionsValidAfter,
      entitlements: activeEntitlementNamesOf(users.id, now),
    })
    .prepare('renew_lease_of_account');
}
const renewals = new WeakMap<Executor, ReturnType<typeof prepareRenewal>>();

/** Ends a lease (the player stopped). True when there was one to end. */
export async function releaseLease(db: Executor, lease: { leaseId: string; userId: string }): Promise<boolean> {
  if (!isUuid(lease.leaseId) || !isUuid(lease.userId)) return false;
  const rows = await db
    .delete(leases)
    .where(and(eq(leases.id, lease.leaseId), eq(leases.userId, lease.userId)))
    .returning({ id: leases.id });
  return rows.length > 0;
}

/** Housekeeping: removes every lease expired at `now`; returns how many. */
export async function expireLeases(db: Executor, now: Date): Promise<number> {
  const rows = await db.delete(leases).where(lte(leases.expiresAt, now)).returning({ id: leases.id });
  return rows.length;
}

/** The account's live leases at `now`, oldest first (support, tests). */
export async function listLiveLeases(db: Executor, userId: string, now: Date): Promise<Lease[]> {
  return db
    .select()
    .from(leases)
    .where(and(eq(leases.userId, userId), gt(leases.expiresAt, now)))
    .orderBy(leases.acquiredAt, leases.id);
}
