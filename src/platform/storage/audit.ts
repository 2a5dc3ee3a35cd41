/**
 * The audit trail: every change to a user's flags or entitlements is recorded with who made it,
 * when and why, in the same transaction as the change itself (so neither exists without the
 * other). Written by users.ts and entitlements.ts; read by the admin CLI (`npm run admin -- audit`).
 */
import { desc, eq } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { IncompleteChangeError } from './storageErrors.ts';
import { auditLog } from './schema.ts';

/** Who changes something, why, and when. `by` and `reason` must not be blank. */
export interface Change {
  /** An administrator (name or address) or a system actor, e.g. 'stripe-webhook'. */
  by: string;
  reason: string;
  at: Date;
}

/** What was changed. */
export type AuditAction =
  | 'user.block'
  | 'user.unblock'
  | 'user.bypass'
  | 'user.unbypass'
  | 'entitlement.grant'
  | 'entitlement.revoke'
  /** A grant's validUntil moved (a subscription renewed, went into grace, or was repaired). */
  | 'entitlement.validity';

export type AuditEntry = typeof auditLog.$inferSelect;

/** @throws IncompleteChangeError when `by` or `reason` is blank or `at` is not a valid date. */
export function assertCompleteChange(change: Change): void {
  if (!change.by?.trim()) throw new IncompleteChangeError('A change needs who makes it (by)');
  if (!change.reason?.trim()) throw new IncompleteChangeError('A change needs a reason');
  if (!(change.at instanceof Date) || Number.isNaN(change.at.getTime())) throw new IncompleteChangeError('A change needs a valid time');
}

/**
 * Appends one entry. Call it inside the transaction that makes the change.
 * @throws IncompleteChangeError (see assertCompleteChange)
 */
export async function recordAudit(
  db: Executor,
  change: Change,
  entry: { action: AuditAction; userId?: string | null; entitlementId?: string | null; details?: Record<string, unknown> },
): Promise<AuditEntry> {
  assertCompleteChange(change);
  const [row] = await db
    .insert(auditLog)
    .values({
      at: change.at,
      actor: change.by.trim(),
      action: entry.action,
      reason: change.reason.trim(),
      userId: entry.userId ?? null,
      entitlementId: entry.entitlementId ?? null,
      details: entry.details ?? {},
    })
    .returning();
  return row!;
}

/** The newest entries first, optionally for one user. `limit` default 50. */
export async function listAudit(db: Executor, options: { userId?: string; limit?: number } = {}): Promise<AuditEntry[]> {
  const query = db.select().from(auditLog);
  const filtered = options.userId ? query.where(eq(auditLog.userId, options.userId)) : query;
  return filtered.orderBy(desc(auditLog.at), desc(auditLog.id)).limit(options.limit ?? 50);
}
