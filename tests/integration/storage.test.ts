/**
 * The platform's storage (src/platform/storage), one suite on both backends — a file-backed PGlite
 * and a real PostgreSQL (tests/support/postgres.ts): migrations, users and audited flags,
 * entitlements with validity, leases (20 simultaneous acquisitions, limit 2), sign-in attempts,
 * rate-limit counters, Stripe customers and webhook events, the checkout guard, logged events.
 * PGlite runs transactions one at a time; the race tests prove the real thing on PostgreSQL.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  endSessionsBefore,
  getRefreshSession,
  pruneRefreshSessions,
  recordRefreshSession,
  sessionEnded,
  acquireLease,
  activeEntitlementNames,
  clearSignInAttempts,
  decrementRateLimit,
  getRateLimit,
  incrementRateLimit,
  postgresRateLimitStore,
  pruneRateLimits,
  resetRateLimit,
  closeCheckoutSession,
  DataDirInUseError,
  expireLeases,
  getLiveLease,
  findOpenCheckoutSession,
  findStripeCustomerId,
  findUserIdByStripeCustomer,
  getUser,
  getUserBySub,
  grantEntitlement,
  IncompleteChangeError,
  linkStripeCustomer,
  listActiveEntitlements,
  listAudit,
  listEntitlements,
  listLiveLeases,
  listLoggedEvents,
  listUsers,
  loggedEventSink,
  openDatabase,
  recordCheckoutSession,
  RecordNotFoundError,
  recordWebhookEventOnce,
  releaseLease,
  renewLeaseOfAccount,
  resolveUsers,
  revokeEntitlement,
  revokeEntitlementsBySource,
  setUserBlocked,
  setUserBypassed,
  storageConfigFromEnv,
  takeSignInAttempt,
  upsertUserBySub,
  type Change,
  type Database,
  type OpenDatabase,
  MIGRATIONS_FOLDER,
} from '../../src/platform/storage/platformStorage.ts';
import type { Store } from 'hono-rate-limiter';
import type { LoggedEvent } from '../../src/schemas/loggedEvent.ts';
import { startPostgres, type TestPostgres } from '../support/postgres.ts';

const T0 = new Date('2026-11-21T15:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const admin = (reason: string, seconds = 0): Change => ({ by: 'ops@club.example', reason, at: at(seconds) });

interface Backend {
  name: string;
  /** A migrated database shared by the backend's tests. */
  open(): Promise<OpenDatabase>;
  /** A fresh, empty (unmigrated) database. */
  fresh(name: string): Promise<OpenDatabase>;
  teardown(): Promise<void>;
}

let tempRoot = '';
let server: TestPostgres | undefined;

const backends: Backend[] = [
  {
    name: 'PGlite (file-backed)',
    open: () => openDatabase({ dataDir: join(tempRoot, 'data') }),
    fresh: () => openDatabase({ dataDir: 'memory://' }),
    teardown: async () => {},
  },
  {
    name: 'PostgreSQL server',
    open: async () => {
      server = await startPostgres();
      return openDatabase({ url: await server.createDatabase('storage'), maxConnections: 25 });
    },
    fresh: async (name) => openDatabase({ url: await server!.createDatabase(name), maxConnections: 25 }),
    teardown: async () => server?.stop(),
  },
];

beforeAll(() => {
  tempRoot = mkdtempSync(join(tmpdir(), 'terrace-storage-'));
});
afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

const TABLES =
  'users, entitlements, audit_log, stripe_customers, stripe_webhook_events, checkout_sessions, leases, sign_in_attempts, rate_limit_counters, logged_events, refresh_sessions, live_match_events';

/** How many migrations drizzle-kit's journal lists. */
const MIGRATION_COUNT = (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

describe.each(backends)('storage on $name', (backend) => {
  let storage: OpenDatabase;
  let db: Database;

  beforeAll(async () => {
    storage = await backend.open();
    expect(await storage.migrate()).toEqual({ applied: MIGRATION_COUNT, total: MIGRATION_COUNT });
    db = storage.db;
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    await backend.teardown();
  });
  beforeEach(async () => {
    await db.execute(sql.raw(`truncate table ${TABLES} restart identity cascade`));
  });

  const newUser = (n: number) => upsertUserBySub(db, { sub: `sub-${n}`, email: `Fan${n}@Example.com`, displayName: `Fan ${n}` }, T0);

  describe('migrations', () => {
    it('applies nothing the second time', async () => {
      expect(await storage.migrate()).toEqual({ applied: 0, total: MIGRATION_COUNT });
    });
    it('applies each migration once when several instances start at the same time', async () => {
      const fresh = await backend.fresh('race_migrate');
      try {
        const results = await Promise.all(Array.from({ length: 5 }, () => fresh.migrate()));
        expect(results.map((r) => r.applied).sort()).toEqual([0, 0, 0, 0, MIGRATION_COUNT]);
        await upsertUserBySub(fresh.db, { sub: 's', email: 'e@example.com' }, T0);
      } finally {
        await fresh.close();
      }
    }, 30_000);
  });

  describe('sessions valid after a password change', () => {
    it('records refresh tokens by hash with their sign-in time; ending sessions forgets the older ones', async () => {
      const user = await newUser(40);
      const base = { userId: user.id, cognitoUsername: 'sub-40', clientId: 'server' };
      await recordRefreshSession(db, { ...base, refreshToken: 'old-token', signedInAt: new Date(T0.getTime() + 500) }, T0);
      await recordRefreshSession(db, { ...base, refreshToken: 'new-token', signedInAt: at(120) }, at(120));
      const old = await getRefreshSession(db, 'old-token');
      expect(old).toMatchObject({ userId: user.id, clientId: 'server', signedInAt: T0 });
      expect(old?.tokenHash).not.toContain('old-token');
      const validAfter = await endSessionsBefore(db, user.id, new Date(at(60).getTime() + 999));
      expect(validAfter).toEqual(at(60));
      expect((await getUser(db, user.id))?.sessionsValidAfter).toEqual(at(60));
      expect(await getRefreshSession(db, 'old-token')).toBeNull();
      expect(await getRefreshSession(db, 'new-token')).not.toBeNull();
      expect(sessionEnded(T0, validAfter)).toBe(true);
      expect(sessionEnded(undefined, validAfter)).toBe(true);
      expect(sessionEnded(at(60), validAfter)).toBe(false);
      expect(sessionEnded(T0, null)).toBe(false);
      expect(await pruneRefreshSessions(db, at(121))).toBe(1);
    });
  });

  describe('users', () => {
    it('creates a user by Cognito sub, then refreshes the same row', async () => {
      const first = await newUser(1);
      expect(first).toMatchObject({ cognitoSub: 'sub-1', email: 'Fan1@Example.com', displayName: 'Fan 1', blocked: false, bypassed: false });
      const again = await upsertUserBySub(db, { sub: 'sub-1', email: 'new@example.com', displayName: null }, at(60));
      expect(again.id).toBe(first.id);
      expect(again).toMatchObject({ email: 'new@example.com', displayName: null, createdAt: T0, updatedAt: at(60) });
      expect(await getUserBySub(db, 'sub-1')).toEqual(again);
      expect(await getUser(db, first.id)).toEqual(again);
      expect(await getUser(db, 'not-a-uuid')).toBeNull();
    });
    it('resolves an id, a sub or an email in any case', async () => {
      const user = await newUser(2);
      for (const ref of [user.id, 'sub-2', 'fan2@example.COM']) expect((await resolveUsers(db, ref)).map((u) => u.id)).toEqual([user.id]);
      expect(await resolveUsers(db, 'nobody@example.com')).toEqual([]);
    });
    it('lists by text and flags; % and _ are literal', async () => {
      const [a] = await Promise.all([newUser(3), newUser(4), upsertUserBySub(db, { sub: 'x', email: 'odd_100%@example.com' }, T0)]);
      await setUserBlocked(db, a.id, true, admin('chargeback'));
      expect((await listUsers(db, { text: 'fan' })).map((u) => u.cognitoSub).sort()).toEqual(['sub-3', 'sub-4']);
      expect((await listUsers(db, { text: '100%' })).map((u) => u.cognitoSub)).toEqual(['x']);
      expect((await listUsers(db, { text: '%' })).map((u) => u.cognitoSub)).toEqual(['x']);
      expect((await listUsers(db, { blocked: true })).map((u) => u.cognitoSub)).toEqual(['sub-3']);
      expect(await listUsers(db, { limit: 2 })).toHaveLength(2);
    });
    it('blocks and unblocks with an audit entry for each change, none for a no-op', async () => {
      const user = await newUser(5);
      const blocked = await setUserBlocked(db, user.id, true, admin('abuse reported', 10));
      expect(blocked).toMatchObject({ changed: true, user: { blocked: true, updatedAt: at(10) } });
      expect(await setUserBlocked(db, user.id, true, admin('again', 20))).toMatchObject({ changed: false });
      await setUserBlocked(db, user.id, false, admin('appeal upheld', 30));
      await setUserBypassed(db, user.id, true, admin('club staff', 40));
      const audit = await listAudit(db, { userId: user.id });
      expect(audit.map((e) => [e.action, e.actor, e.reason, e.at])).toEqual([
        ['user.bypass', 'ops@club.example', 'club staff', at(40)],
        ['user.unblock', 'ops@club.example', 'appeal upheld', at(30)],
        ['user.block', 'ops@club.example', 'abuse reported', at(10)],
      ]);
      expect(await getUser(db, user.id)).toMatchObject({ blocked: false, bypassed: true });
    });
    it('refuses a change without who or why, and an unknown user', async () => {
      const user = await newUser(6);
      await expect(setUserBlocked(db, user.id, true, { ...admin('x'), by: ' ' })).rejects.toBeInstanceOf(IncompleteChangeError);
      await expect(setUserBlocked(db, user.id, true, { ...admin('x'), reason: '' })).rejects.toBeInstanceOf(IncompleteChangeError);
      expect(await getUser(db, user.id)).toMatchObject({ blocked: false });
      await expect(setUserBypassed(db, '00000000-0000-4000-8000-000000000000', true, admin('x'))).rejects.toBeInstanceOf(RecordNotFoundError);
      expect(await listAudit(db)).toEqual([]);
    });
  });

  describe('entitlements', () => {
    it('are active only inside [validFrom, validUntil) and until revoked', async () => {
      const user = await newUser(10);
      const season = await grantEntitlement(db, { userId: user.id, entitlement: 'tv-season', source: 'admin', validUntil: at(3600) }, admin('comp'));
      await grantEntitlement(db, { userId: user.id, entitlement: 'audio', source: 'admin', validFrom: at(600) }, admin('comp'));
      await grantEntitlement(db, { userId: user.id, entitlement: 'audio', source: 'voucher', sourceRef: 'V-1' }, admin('voucher'));
      expect(season.created).toBe(true);
      expect(await activeEntitlementNames(db, user.id, at(0))).toEqual(['audio', 'tv-season']);
      expect((await listActiveEntitlements(db, user.id, at(0))).map((e) => `${e.entitlement}/${e.source}`).sort()).toEqual([
        'audio/voucher',
        'tv-season/admin',
      ]);
      expect((await listActiveEntitlements(db, user.id, at(3600))).map((e) => e.source)).toEqual(['voucher', 'admin']);
      const revoked = await revokeEntitlement(db, season.entitlement.id, admin('refunded', 5));
      expect(revoked).toMatchObject({ changed: true, entitlement: { revokedAt: at(5), revokedReason: 'refunded' } });
      expect(await revokeEntitlement(db, season.entitlement.id, admin('twice', 6))).toMatchObject({ changed: false });
      expect(await activeEntitlementNames(db, user.id, at(10))).toEqual(['audio']);
      expect(await listEntitlements(db, user.id)).toHaveLength(3);
      const audit = await listAudit(db, { userId: user.id });
      expect(audit.map((e) => e.action)).toEqual(['entitlement.revoke', 'entitlement.grant', 'entitlement.grant', 'entitlement.grant']);
      expect(audit[0]).toMatchObject({ entitlementId: season.entitlement.id, reason: 'refunded', details: { entitlement: 'tv-season' } });
    });
    it('grants a source reference once, however often it is granted', async () => {
      const user = await newUser(11);
      const grant = { userId: user.id, entitlement: 'tv-season', source: 'stripe' as const, sourceRef: 'sub_123', packageId: 'pkg-tv' };
      const results = await Promise.all(Array.from({ length: 5 }, (_, i) => grantEntitlement(db, grant, { by: 'stripe-webhook', reason: `evt_${i}`, at: T0 })));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.entitlement.id)).size).toBe(1);
      expect(await listEntitlements(db, user.id)).toHaveLength(1);
      expect(await listAudit(db, { userId: user.id })).toHaveLength(1);
      await grantEntitlement(db, { ...grant, entitlement: 'highlights' }, { by: 'stripe-webhook', reason: 'evt', at: T0 });
      const revoked = await revokeEntitlementsBySource(db, 'stripe', 'sub_123', { by: 'stripe-webhook', reason: 'subscription deleted', at: at(60) });
      expect(revoked.map((e) => e.entitlement).sort()).toEqual(['highlights', 'tv-season']);
      expect(await activeEntitlementNames(db, user.id, at(61))).toEqual([]);
    });
    it('refuses an empty validity and an unknown grant', async () => {
      const user = await newUser(12);
      await expect(
        grantEntitlement(db, { userId: user.id, entitlement: 'x', source: 'admin', validFrom: at(10), validUntil: at(10) }, admin('x')),
      ).rejects.toThrow();
      await expect(revokeEntitlement(db, '00000000-0000-4000-8000-000000000000', admin('x'))).rejects.toBeInstanceOf(RecordNotFoundError);
      await expect(revokeEntitlement(db, 'nope', admin('x'))).rejects.toBeInstanceOf(RecordNotFoundError);
      expect(await listAudit(db)).toEqual([]);
    });
    it('keeps a change and its audit entry together: an outer rollback removes both', async () => {
      const user = await newUser(13);
      await expect(
        db.transaction(async (tx) => {
          await grantEntitlement(tx, { userId: user.id, entitlement: 'x', source: 'admin' }, admin('x'));
          throw new Error('fulfilment failed');
        }),
      ).rejects.toThrow('fulfilment failed');
      expect(await listEntitlements(db, user.id)).toEqual([]);
      expect(await listAudit(db)).toEqual([]);
    });
  });

  describe('leases', () => {
    const TTL = 60_000;
    const request = (userId: string, deviceId: string, seconds = 0) => ({ userId, deviceId, limit: 2, ttlMs: TTL, now: at(seconds) });

    it('grant up to the limit; the same device keeps its place; expiry frees one', async () => {
      const user = await newUser(20);
      const a = await acquireLease(db, request(user.id, 'phone'));
      const b = await acquireLease(db, request(user.id, 'tv', 1));
      expect([a.granted, b.granted]).toEqual([true, true]);
      expect(await acquireLease(db, request(user.id, 'laptop', 2))).toEqual({ granted: false, activeLeases: 2 });
      const again = await acquireLease(db, request(user.id, 'phone', 3));
      expect(again.granted && a.granted && again.lease.id === a.lease.id).toBe(true);
      // phone renewed at 3 s lives to 63 s; tv (1 s) ends at 61 s.
      expect(await acquireLease(db, request(user.id, 'laptop', 61))).toMatchObject({ granted: true });
      expect((await listLiveLeases(db, user.id, at(61))).map((l) => l.deviceId).sort()).toEqual(['laptop', 'phone']);
    });
    it('renew by heartbeat, refuse to renew an expired or foreign lease, release', async () => {
      const [user, other] = await Promise.all([newUser(21), newUser(22)]);
      const decision = await acquireLease(db, request(user.id, 'phone'));
      if (!decision.granted) throw new Error('expected a lease');
      const ref = { leaseId: decision.lease.id, userId: user.id };
      const beat = { leaseId: decision.lease.id, sub: user.cognitoSub };
      expect((await renewLeaseOfAccount(db, beat, at(30), TTL))?.lease.expiresAt).toEqual(at(90));
      expect(await renewLeaseOfAccount(db, { ...beat, sub: other.cognitoSub }, at(31), TTL)).toBeNull();
      expect(await renewLeaseOfAccount(db, beat, at(90), TTL)).toBeNull();
      expect(await renewLeaseOfAccount(db, { ...beat, leaseId: 'garbage' }, at(31), TTL)).toBeNull();
      expect(await releaseLease(db, ref)).toBe(true);
      expect(await releaseLease(db, ref)).toBe(false);
      await acquireLease(db, request(user.id, 'tv'));
      expect(await expireLeases(db, at(59))).toBe(0);
      expect(await expireLeases(db, at(60))).toBe(1);
      await expect(acquireLease(db, request('00000000-0000-4000-8000-000000000000', 'x'))).rejects.toBeInstanceOf(RecordNotFoundError);
    });
    it('the heartbeat statement renews a live lease of the account and reads its flags and entitlements in force', async () => {
      const [user, other] = await Promise.all([newUser(25), newUser(26)]);
      await grantEntitlement(db, { userId: user.id, entitlement: 'tv-season', source: 'admin', validUntil: at(3600) }, admin('comp'));
      await grantEntitlement(db, { userId: user.id, entitlement: 'audio', source: 'admin', validFrom: at(600) }, admin('comp'));
      await grantEntitlement(db, { userId: user.id, entitlement: 'tv-season', source: 'voucher', sourceRef: 'V-25' }, admin('voucher'));
      await setUserBypassed(db, user.id, true, admin('press'));
      const decision = await acquireLease(db, request(user.id, 'phone'));
      if (!decision.granted) throw new Error('expected a lease');
      const leaseId = decision.lease.id;
      expect(await renewLeaseOfAccount(db, { leaseId, sub: user.cognitoSub }, at(30), TTL)).toEqual({
        lease: { id: leaseId, userId: user.id, assetId: null, expiresAt: at(90) },
        account: { id: user.id, blocked: false, bypassed: true, sessionsValidAfter: null },
        entitlements: ['tv-season'],
      });
      expect((await getLiveLease(db, { leaseId, userId: user.id }, at(89)))?.expiresAt).toEqual(at(90));
      // Someone else's session, an unknown account, a garbage id or a lapsed lease renew nothing.
      expect(await renewLeaseOfAccount(db, { leaseId, sub: other.cognitoSub }, at(31), TTL)).toBeNull();
      expect(await renewLeaseOfAccount(db, { leaseId, sub: 'sub-unknown' }, at(31), TTL)).toBeNull();
      expect(await renewLeaseOfAccount(db, { leaseId: 'garbage', sub: user.cognitoSub }, at(31), TTL)).toBeNull();
      expect(await renewLeaseOfAccount(db, { leaseId, sub: user.cognitoSub }, at(90), TTL)).toBeNull();
      expect(await getLiveLease(db, { leaseId, userId: user.id }, at(89))).toMatchObject({ expiresAt: at(90) });
      const again = await acquireLease(db, request(user.id, 'tv', 650));
      if (!again.granted) throw new Error('expected a lease');
      await setUserBlocked(db, user.id, true, admin('abuse', 650));
      expect(await renewLeaseOfAccount(db, { leaseId: again.lease.id, sub: user.cognitoSub }, at(700), TTL)).toMatchObject({
        account: { blocked: true },
        entitlements: ['audio', 'tv-season'],
      });
    });
    it('leases that do not count (live audio) are always granted and leave the places to video', async () => {
      const user = await newUser(24);
      const audio = { ...request(user.id, 'radio'), countsTowardLimit: false };
      expect((await acquireLease(db, audio)).granted).toBe(true);
      expect((await acquireLease(db, request(user.id, 'phone'))).granted).toBe(true);
      expect((await acquireLease(db, request(user.id, 'tv'))).granted).toBe(true);
      expect((await acquireLease(db, { ...request(user.id, 'car'), countsTowardLimit: false })).granted).toBe(true);
      // The radio device now wants video: it must find a place like any other.
      expect(await acquireLease(db, request(user.id, 'radio', 1))).toEqual({ granted: false, activeLeases: 2 });
      const live = await listLiveLeases(db, user.id, at(1));
      expect(live.map((l) => [l.deviceId, l.countsTowardLimit]).sort()).toEqual([
        ['car', false],
        ['phone', true],
        ['tv', true],
      ]);
      expect(await getLiveLease(db, { leaseId: live[0]!.id, userId: user.id }, at(1))).toMatchObject({ id: live[0]!.id });
      expect(await getLiveLease(db, { leaseId: live[0]!.id, userId: user.id }, at(60))).toBeNull();
    });
    it('20 simultaneous session checks for one account with limit 2 grant exactly 2', async () => {
      const user = await newUser(23);
      const decisions = await Promise.all(Array.from({ length: 20 }, (_, i) => acquireLease(db, request(user.id, `device-${i}`))));
      expect(decisions.filter((d) => d.granted)).toHaveLength(2);
      expect(await listLiveLeases(db, user.id, T0)).toHaveLength(2);
    }, 30_000);
  });

  describe('sign-in attempts', () => {
    const attempt = (key: string, seconds: number, scope: 'account' | 'address' = 'account') =>
      takeSignInAttempt(db, { scope, key, limit: 3, windowMs: 60_000, now: at(seconds) });

    it('admit up to the limit in the window, then say when to retry', async () => {
      expect(await attempt('fan@example.com', 0)).toEqual({ allowed: true, remaining: 2 });
      expect(await attempt('fan@example.com', 10)).toEqual({ allowed: true, remaining: 1 });
      expect(await attempt('fan@example.com', 20)).toEqual({ allowed: true, remaining: 0 });
      expect(await attempt('fan@example.com', 30)).toEqual({ allowed: false, retryAfterSeconds: 30 });
      expect(await attempt('fan@example.com', 59.5)).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect(await attempt('other@example.com', 30)).toMatchObject({ allowed: true });
      expect(await attempt('fan@example.com', 30, 'address')).toMatchObject({ allowed: true });
      expect(await attempt('fan@example.com', 60)).toEqual({ allowed: true, remaining: 0 });
      await clearSignInAttempts(db, 'account', 'fan@example.com');
      expect(await attempt('fan@example.com', 61)).toEqual({ allowed: true, remaining: 2 });
    });
    it('20 simultaneous attempts with limit 3 admit exactly 3', async () => {
      const decisions = await Promise.all(Array.from({ length: 20 }, () => attempt('203.0.113.9', 0, 'address')));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    }, 30_000);
  });

  describe('rate-limit counters', () => {
    const ref = { limiter: 'events', key: '203.0.113.9' };
    const hit = (seconds: number) => incrementRateLimit(db, { ...ref, windowMs: 60_000, now: at(seconds) });

    it('count hits in fixed windows shared by every instance', async () => {
      expect(await hit(0)).toEqual({ totalHits: 1, resetTime: at(60) });
      expect(await hit(10)).toEqual({ totalHits: 2, resetTime: at(60) });
      expect(await incrementRateLimit(db, { ...ref, limiter: 'sign-in', windowMs: 60_000, now: at(10) })).toMatchObject({ totalHits: 1 });
      await decrementRateLimit(db, { ...ref, now: at(20) });
      expect(await getRateLimit(db, { ...ref, now: at(20) })).toEqual({ totalHits: 1, resetTime: at(60) });
      expect(await hit(60)).toEqual({ totalHits: 1, resetTime: at(120) });
      await resetRateLimit(db, ref);
      expect(await getRateLimit(db, { ...ref, now: at(61) })).toBeNull();
      expect(await pruneRateLimits(db, at(70))).toBe(1);
    });
    it('count 20 simultaneous hits as 1 to 20', async () => {
      const counts = await Promise.all(Array.from({ length: 20 }, () => hit(0)));
      expect(counts.map((c) => c.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
    it("serve as hono-rate-limiter's store", async () => {
      let now = T0;
      const store: Store = postgresRateLimitStore(db, 'events', { now: () => now });
      await expect(store.increment('k')).rejects.toThrow(/before init/);
      store.init?.({ windowMs: 1000 } as Parameters<NonNullable<Store['init']>>[0]);
      expect(await store.increment('k')).toEqual({ totalHits: 1, resetTime: new Date(T0.getTime() + 1000) });
      expect(await store.increment('k')).toMatchObject({ totalHits: 2 });
      expect(await store.get?.('k')).toMatchObject({ totalHits: 2 });
      now = new Date(T0.getTime() + 1000);
      expect(await store.get?.('k')).toBeUndefined();
      expect(await store.increment('k')).toMatchObject({ totalHits: 1 });
      await store.resetKey('k');
      expect(await store.get?.('k')).toBeUndefined();
      expect(store.localKeys).toBe(false);
    });
  });

  describe('Stripe', () => {
    it('ties one customer to each user', async () => {
      const [a, b] = await Promise.all([newUser(30), newUser(31)]);
      expect(await linkStripeCustomer(db, { userId: a.id, stripeCustomerId: 'cus_A', at: T0 })).toEqual({ stripeCustomerId: 'cus_A', created: true });
      expect(await linkStripeCustomer(db, { userId: a.id, stripeCustomerId: 'cus_B', at: T0 })).toEqual({ stripeCustomerId: 'cus_A', created: false });
      await expect(linkStripeCustomer(db, { userId: b.id, stripeCustomerId: 'cus_A', at: T0 })).rejects.toThrow();
      expect(await findStripeCustomerId(db, a.id)).toBe('cus_A');
      expect(await findStripeCustomerId(db, b.id)).toBeNull();
      expect(await findUserIdByStripeCustomer(db, 'cus_A')).toBe(a.id);
    });
    it('records a webhook event once, even delivered ten times at once; a failed fulfilment is not recorded', async () => {
      const firsts = await Promise.all(
        Array.from({ length: 10 }, () => recordWebhookEventOnce(db, { eventId: 'evt_1', type: 'checkout.session.completed', at: T0 })),
      );
      expect(firsts.filter(Boolean)).toHaveLength(1);
      await expect(
        db.transaction(async (tx) => {
          expect(await recordWebhookEventOnce(tx, { eventId: 'evt_2', type: 'invoice.paid', at: T0 })).toBe(true);
          throw new Error('grant failed');
        }),
      ).rejects.toThrow('grant failed');
      expect(await recordWebhookEventOnce(db, { eventId: 'evt_2', type: 'invoice.paid', at: T0 })).toBe(true);
    });
  });

  describe('checkout sessions', () => {
    const session = (id: string, userId: string, packageId = 'pkg-tv') => ({
      id,
      userId,
      packageId,
      url: `https://checkout.example/${id}`,
      expiresAt: at(1800),
      now: T0,
    });

    it('keep one open session per account and package', async () => {
      const user = await newUser(40);
      expect(await findOpenCheckoutSession(db, user.id, 'pkg-tv', T0)).toBeNull();
      expect(await recordCheckoutSession(db, session('cs_1', user.id))).toMatchObject({ recorded: true, session: { status: 'open' } });
      expect(await recordCheckoutSession(db, session('cs_2', user.id))).toMatchObject({ recorded: false, existing: { id: 'cs_1' } });
      expect(await recordCheckoutSession(db, session('cs_3', user.id, 'pkg-audio'))).toMatchObject({ recorded: true });
      expect((await findOpenCheckoutSession(db, user.id, 'pkg-tv', at(60)))?.url).toBe('https://checkout.example/cs_1');
      // Past its expiry it no longer counts, and a new one may open.
      expect(await findOpenCheckoutSession(db, user.id, 'pkg-tv', at(1800))).toBeNull();
      expect(await recordCheckoutSession(db, { ...session('cs_4', user.id), now: at(1801), expiresAt: at(3600) })).toMatchObject({ recorded: true });
      expect(await closeCheckoutSession(db, 'cs_4', 'complete', at(1900))).toMatchObject({ status: 'complete', closedAt: at(1900) });
      expect(await closeCheckoutSession(db, 'cs_4', 'expired', at(2000))).toMatchObject({ status: 'complete' });
      expect(await findOpenCheckoutSession(db, user.id, 'pkg-tv', at(1901))).toBeNull();
      await expect(closeCheckoutSession(db, 'cs_nope', 'complete', T0)).rejects.toBeInstanceOf(RecordNotFoundError);
    });
    it('record exactly one of several simultaneous sessions', async () => {
      const user = await newUser(41);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => recordCheckoutSession(db, session(`cs_${i}`, user.id))));
      const recorded = results.filter((r) => r.recorded);
      expect(recorded).toHaveLength(1);
      const winner = recorded[0]!.recorded ? recorded[0]!.session.id : '';
      expect(results.every((r) => (r.recorded ? r.session.id : r.existing.id) === winner)).toBe(true);
    });
  });

  describe('logged events', () => {
    const event: LoggedEvent = {
      action: 'advertClick',
      advertID: 'fa-1',
      advertName: 'Home kit',
      advertRef: 'ref-1',
      campaignRef: 'camp-1',
      sessionID: '4821',
      ssoID: 'no tracking',
      timestamp: '2026-11-21T12:00:00.000+01:00',
      url: 'https://shop.example/kit',
      userAllowTracking: false,
      channel: 'web',
      domain: 'www.club.example',
      logID: 77,
      screensize: '1280x720',
      ssoVendor: 'cognito',
      userAgent: 'Mozilla/5.0',
    };
    it('are stored whole with when they arrived', async () => {
      const sink = loggedEventSink(db, () => at(5));
      await sink(event);
      await sink({ ...event, action: 'advertImpression', logID: 78 });
      const rows = await listLoggedEvents(db, 'fa-1');
      expect(rows.map((r) => [r.action, r.receivedAt, r.occurredAt])).toEqual([
        ['advertClick', at(5), new Date('2026-11-21T11:00:00.000Z')],
        ['advertImpression', at(5), new Date('2026-11-21T11:00:00.000Z')],
      ]);
      expect(rows[0]!.payload).toEqual(event);
    });
  });
});

describe('embedded data folder', () => {
  it('is held by one open database at a time, and a stale lock is taken over', async () => {
    const dataDir = join(tempRoot, 'locked');
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/open in process \d+ \(this process\)/);
    } finally {
      await first.close();
    }
    // A lock left by a process that no longer runs (pid far beyond pid_max) does not stop us.
    writeFileSync(`${dataDir}.lock`, '999999999\n');
    const second = await openDatabase({ dataDir });
    await second.close();
  }, 60_000);
});

describe('storage configuration', () => {
  it('uses DATABASE_URL when set, else the data folder', () => {
    expect(storageConfigFromEnv({ DATABASE_URL: 'postgres://u:p@db.example/terrace' })).toEqual({ url: 'postgres://u:p@db.example/terrace' });
    expect(storageConfigFromEnv({ DATABASE_URL: '', TERRACE_DATA_DIR: '/var/terrace' })).toEqual({ dataDir: '/var/terrace' });
    expect(storageConfigFromEnv({})).toEqual({ dataDir: '.terrace/data' });
  });
  it('names DATABASE_URL when it is not a postgres URL', () => {
    expect(() => storageConfigFromEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
