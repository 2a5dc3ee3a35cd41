/**
 * Entitlements: grants of an entitlement string (the strings a package's prices grant and a video
 * lists, spec §3, §4) to a user, with their source (stripe, admin, voucher), the source's own id,
 * and validity [validFrom, validUntil) — validUntil null meaning until revoked. Revoking keeps the
 * row (revokedAt, revokedReason). Every grant and revocation is audited in its transaction.
 *
 * A grant with a sourceRef is made once: granting the same (source, sourceRef, entitlement) again
 * returns the first grant with `created: false` — so a Stripe payment is granted exactly once
 * whichever of the success page and the webhook comes first.
 */
import { and, asc, eq, gt, isNull, lt, lte, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { assertCompleteChange, recordAudit, type Change } from './audit.ts';
import type { Executor } from './database.ts';
import { RecordNotFoundError } from './storageErrors.ts';
import { isUuid } from './uuids.ts';
import { entitlements, type EntitlementSource } from './schema.ts';

export type Entitlement = typeof entitlements.$inferSelect;

/** A grant to make. validFrom defaults to the change's time. */
export interface EntitlementGrant {
  userId: string;
  entitlement: string;
  source: EntitlementSource;
  packageId?: string | null;
  sourceRef?: string | null;
  validFrom?: Date;
  validUntil?: Date | null;
}

/**
 * Grants an entitlement, audited ('entitlement.grant').
 * @returns the grant and whether it is new (false: the same sourceRef was granted before; nothing
 *   is changed or recorded then).
 * @throws IncompleteChangeError without who/why; a foreign-key error for an unknown user; a check
 *   error when validUntil is not after validFrom.
 */
export async function grantEntitlement(db: Executor, grant: EntitlementGrant, change: Change): Promise<{ entitlement: Entitlement; created: boolean }> {
  assertCompleteChange(change);
  const entitlement = grant.entitlement.trim();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(entitlements)
      .values({
        userId: grant.userId,
        entitlement,
        packageId: grant.packageId ?? null,
        source: grant.source,
        sourceRef: grant.sourceRef ?? null,
        validFrom: grant.validFrom ?? change.at,
        validUntil: grant.validUntil ?? null,
        createdAt: change.at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [existing] = await tx
        .select()
        .from(entitlements)
        .where(and(eq(entitlements.source, grant.source), eq(entitlements.sourceRef, grant.sourceRef ?? ''), eq(entitlements.entitlement, entitlement)));
      return { entitlement: existing!, created: false };
    }
    await recordAudit(tx, change, {
      action: 'entitlement.grant',
      userId: row.userId,
      entitlementId: row.id,
      details: {
        entitlement: row.entitlement,
        source: row.source,
        sourceRef: row.sourceRef,
        packageId: row.packageId,
        validFrom: row.validFrom,
        validUntil: row.validUntil,
      },
    });
    return { entitlement: row, created: true };
  });
}

/**
 * Revokes one grant, audited ('entitlement.revoke'); `changed` false when it was already revoked.
 * @throws RecordNotFoundError for an unknown id; IncompleteChangeError without who/why.
 */
export async function revokeEntitlement(db: Executor, entitlementId: string, change: Change): Promise<{ entitlement: Entitlement; changed: boolean }> {
  assertCompleteChange(change);
  if (!isUuid(entitlementId)) throw new RecordNotFoundError('entitlement', entitlementId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(entitlements).where(eq(entitlements.id, entitlementId)).for('update');
    if (!current) throw new RecordNotFoundError('entitlement', entitlementId);
    if (current.revokedAt) return { entitlement: current, changed: false };
    const [row] = await tx
      .update(entitlements)
      .set({ revokedAt: change.at, revokedReason: change.reason.trim() })
      .where(eq(entitlements.id, entitlementId))
      .returning();
    await recordAudit(tx, change, {
      action: 'entitlement.revoke',
      userId: row!.userId,
      entitlementId,
      details: { entitlement: row!.entitlement, source: row!.source, sourceRef: row!.sourceRef },
    });
    return { entitlement: row!, changed: true };
  });
}

/** Revokes every live grant made with (source, sourceRef), e.g. a cancelled subscription. Returns those revoked. */
export async function revokeEntitlementsBySource(db: Executor, source: EntitlementSource, sourceRef: string, change: Change): Promise<Entitlement[]> {
  assertCompleteChange(change);
  return db.transaction(async (tx) => {
    const live = await tx
      .select({ id: entitlements.id })
      .from(entitlements)
      .where(and(eq(entitlements.source, source), eq(entitlements.sourceRef, sourceRef), isNull(entitlements.revokedAt)));
    const revoked: Entitlement[] = [];
    for (const { id } of live) {
      const result = await revokeEntitlement(tx, id, change);
      if (result.changed) revoked.push(result.entitlement);
    }
    return revoked;
  });
}

/**
 * Sets validUntil of every live (unrevoked) grant made with (source, sourceRef), each change
 * audited ('entitlement.validity'), e.g. a subscription renewed or in grace (docs/payments.md).
 * With `onlyExtend`, a grant already valid longer keeps its end, so late or reordered events can
 * never shorten what a newer one set. Returns the grants changed.
 * @throws IncompleteChangeError without who/why.
 */
export async function setEntitlementValidityBySource(
  db: Executor,
  selector: { source: EntitlementSource; sourceRef: string },
  validUntil: Date,
  change: Change,
  options: { onlyExtend?: boolean } = {},
): Promise<Entitlement[]> {
  assertCompleteChange(change);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(entitlements)
      .set({ validUntil })
      .where(
        and(
          eq(entitlements.source, selector.source),
          eq(entitlements.sourceRef, selector.sourceRef),
          isNull(entitlements.revokedAt),
          lt(entitlements.validFrom, validUntil),
          // onlyExtend: a grant without an end (null, until revoked) or ending later is left alone.
          options.onlyExtend ? lt(entitlements.validUntil, validUntil) : or(isNull(entitlements.validUntil), ne(entitlements.validUntil, validUntil)),
        ),
      )
      .returning();
    for (const row of rows) {
      await recordAudit(tx, change, {
        action: 'entitlement.validity',
        userId: row.userId,
        entitlementId: row.id,
        details: { entitlement: row.entitlement, source: row.source, sourceRef: row.sourceRef, validUntil: row.validUntil },
      });
    }
    return rows;
  });
}

/** Every grant made with (source, sourceRef), revoked ones too, oldest first. */
export async function listEntitlementsBySource(db: Executor, source: EntitlementSource, sourceRef: string): Promise<Entitlement[]> {
  return db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.source, source), eq(entitlements.sourceRef, sourceRef)))
    .orderBy(asc(entitlements.createdAt), asc(entitlements.id));
}

const activeAt = (at: Date | Placeholder) =>
  and(isNull(entitlements.revokedAt), lte(entitlements.validFrom, at), or(isNull(entitlements.validUntil), gt(entitlements.validUntil, at)));

/** The user's grants in force at `at` (not revoked, validFrom ≤ at < validUntil), oldest first. */
export async function listActiveEntitlements(db: Executor, userId: string, at: Date): Promise<Entitlement[]> {
  return db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), activeAt(at)))
    .orderBy(asc(entitlements.validFrom), asc(entitlements.id));
}

/** The distinct entitlement strings the user holds at `at`, sorted (what the access rule needs). */
export async function activeEntitlementNames(db: Executor, userId: string, at: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ entitlement: entitlements.entitlement })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), activeAt(at)))
    .orderBy(asc(entitlements.entitlement));
  return rows.map((r) => r.entitlement);
}

/**
 * activeEntitlementNames as one SQL expression (a text[]) over the user id column `userId`, for a
 * statement that reads them together with something else (the heartbeat's, storage/leases.ts).
 */
export function activeEntitlementNamesOf(userId: AnyPgColumn, at: Date | Placeholder): SQL<string[]> {
  return sql<
    string[]
  >`array(select distinct ${entitlements.entitlement} from ${entitlements} where ${and(eq(entitlements.userId, userId), activeAt(at))} order by 1)`;
}

/** Every grant of the user, revoked and expired ones too, oldest first. */
export async function listEntitlements(db: Executor, userId: string): Promise<Entitlement[]> {
  return db.select().from(entitlements).where(eq(entitlements.userId, userId)).orderBy(asc(entitlements.createdAt), asc(entitlements.id));
}

/** Every grant of `source` in force at `at`, all users, oldest first (the reconcile job). */
export async function listActiveEntitlementsOfSource(db: Executor, source: EntitlementSource, at: Date): Promise<Entitlement[]> {
  return db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.source, source), activeAt(at)))
    .orderBy(asc(entitlements.validFrom), asc(entitlements.id));
}
