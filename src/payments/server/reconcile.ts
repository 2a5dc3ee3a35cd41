/**
 * The reconcile job (`npm run payments:reconcile`, docs/payments.md "Reconcile"): compares our
 * active Stripe grants with Stripe — a subscription re-read through the state table
 * (src/payments/rules/subscriptionState.ts) → 'revoke' or 'validity'; a one-off payment refunded or
 * not succeeded → 'revoke'; a paid Checkout Session of the last `sinceDays` with no grant →
 * 'missing' — and with `repair` fixes each, audited as 'payments-reconcile'.
 */
import type Stripe from 'stripe';
import {
  listActiveEntitlementsOfSource,
  listEntitlementsBySource,
  revokeEntitlementsBySource,
  setEntitlementValidityBySource,
  type Entitlement,
} from '../../platform/storage/entitlements.ts';
import { fulfilCheckout, loadCheckout, loadSubscription, type PaymentsContext } from './fulfilment.ts';

/** The actor of repairs in the audit trail. */
export const RECONCILE_ACTOR = 'payments-reconcile';

/** One difference between our grants and Stripe. */
export interface Drift {
  kind: 'revoke' | 'validity' | 'missing';
  sourceRef: string;
  userId: string | null;
  entitlements: string[];
  detail: string;
  repaired: boolean;
}

/** The job's report. */
export interface ReconcileReport {
  /** sourceRefs of active grants checked, and paid sessions looked at. */
  checkedGrants: number;
  checkedSessions: number;
  drift: Drift[];
  /** sourceRefs Stripe could not be asked about (reported, never repaired). */
  errors: { sourceRef: string; error: string }[];
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : null;

/** Whether a one-off payment still stands: its payment intent succeeded and its charge is not fully refunded. */
async function paymentStands(stripe: Stripe, sourceRef: string): Promise<{ stands: boolean; detail: string }> {
  if (sourceRef.startsWith('cs_')) {
    const session = await stripe.checkout.sessions.retrieve(sourceRef);
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    return { stands: paid, detail: `checkout session payment_status ${session.payment_status}` };
  }
  const intent = await stripe.paymentIntents.retrieve(sourceRef, { expand: ['latest_charge'] });
  if (intent.status !== 'succeeded') return { stands: false, detail: `payment intent ${intent.status}` };
  const charge = intent.latest_charge;
  if (charge && typeof charge === 'object' && charge.refunded) return { stands: false, detail: `charge ${charge.id} refunded` };
  return { stands: true, detail: 'payment succeeded' };
}

/**
 * Runs the job at ctx.clock.now() (see the file header).
 * @param options.repair fix the drift (audited); otherwise only report it
 * @param options.sinceDays how far back paid sessions are checked for missing grants (default 35)
 */
export async function reconcilePayments(ctx: PaymentsContext, options: { repair?: boolean; sinceDays?: number } = {}): Promise<ReconcileReport> {
  const now = ctx.clock.now();
  const change = (reason: string) => ({ by: RECONCILE_ACTOR, reason, at: ctx.clock.now() });
  const report: ReconcileReport = { checkedGrants: 0, checkedSessions: 0, drift: [], errors: [] };
  const bySource = new Map<string, Entitlement[]>();
  for (const grant of await listActiveEntitlementsOfSource(ctx.db, 'stripe', now)) {
    if (!grant.sourceRef) continue;
    bySource.set(grant.sourceRef, [...(bySource.get(grant.sourceRef) ?? []), grant]);
  }

  for (const [sourceRef, grants] of bySource) {
    report.checkedGrants += 1;
    const base = { sourceRef, userId: grants[0]!.userId, entitlements: grants.map((grant) => grant.entitlement), repaired: false };
    try {
      if (sourceRef.startsWith('sub_')) {
        const { validity } = await loadSubscription(ctx, sourceRef);
        if (validity.state !== 'valid') {
          const drift: Drift = { ...base, kind: 'revoke', detail: validity.state === 'ended' ? `subscription ${validity.status}` : 'subscription incomplete' };
          if (options.repair) drift.repaired = (await revokeEntitlementsBySource(ctx.db, 'stripe', sourceRef, change(`Reconcile: ${drift.detail}`))).length > 0;
          report.drift.push(drift);
          continue;
        }
        const off = grants.filter((grant) => grant.validUntil?.getTime() !== validity.until.getTime());
        if (off.length > 0) {
          const drift: Drift = {
            ...base,
            entitlements: off.map((grant) => grant.entitlement),
            kind: 'validity',
            detail: `valid until ${validity.until.toISOString()} in Stripe, ${off[0]!.validUntil?.toISOString() ?? 'no end'} here`,
          };
          if (options.repair) {
            const changed = await setEntitlementValidityBySource(
              ctx.db,
              { source: 'stripe', sourceRef },
              validity.until,
              change('Reconcile: period end from Stripe'),
            );
            drift.repaired = changed.length > 0;
          }
          report.drift.push(drift);
        }
      } else {
        const { stands, detail } = await paymentStands(ctx.stripe, sourceRef);
        if (!stands) {
          const drift: Drift = { ...base, kind: 'revoke', detail };
          if (options.repair) drift.repaired = (await revokeEntitlementsBySource(ctx.db, 'stripe', sourceRef, change(`Reconcile: ${detail}`))).length > 0;
          report.drift.push(drift);
        }
      }
    } catch (error) {
      report.errors.push({ sourceRef, error: error instanceof Error ? error.message : String(error) });
    }
  }

  const since = now.getTime() / 1000 - (options.sinceDays ?? 35) * 86_400;
  for await (const session of ctx.stripe.checkout.sessions.list({ status: 'complete', limit: 100 })) {
    if (session.created < since || !session.client_reference_id) continue;
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') continue;
    report.checkedSessions += 1;
    const sourceRef = idOf(session.subscription) ?? idOf(session.payment_intent) ?? session.id;
    if ((await listEntitlementsBySource(ctx.db, 'stripe', sourceRef)).length > 0) continue;
    try {
      const plan = await loadCheckout(ctx, session.id);
      const wouldGrant = plan.subscription ? plan.subscription.validity.state === 'valid' : plan.paid;
      if (!wouldGrant) continue;
      const drift: Drift = {
        kind: 'missing',
        sourceRef,
        userId: plan.userId,
        entitlements: [],
        detail: `paid checkout ${session.id} never fulfilled`,
        repaired: false,
      };
      if (options.repair) {
        const result = await fulfilCheckout(ctx, session.id, 'payments-reconcile');
        drift.entitlements = result.entitlements;
        drift.repaired = (await listEntitlementsBySource(ctx.db, 'stripe', sourceRef)).length > 0;
      }
      report.drift.push(drift);
    } catch (error) {
      report.errors.push({ sourceRef: session.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
