/**
 * The platform's tables, declared once with Drizzle's pg-core (ARCHITECTURE §3: everything that must
 * survive a stateless function): users, refresh_sessions, entitlements, audit_log, stripe_customers,
 * stripe_webhook_events, checkout_sessions, leases, sign_in_attempts, rate_limit_counters,
 * logged_events, live_match_events. `npm run db:generate` writes a change as a new SQL file in
 * ./migrations; openDatabase(...).migrate() applies them. Times are `timestamptz` (JS Dates); ids we
 * mint are UUIDs; append-only logs use bigint identity ids.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LiveEvent } from '../../lib/liveMatch.ts';
import type { LoggedEvent } from '../../schemas/loggedEvent.ts';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    /** Our account id (spec §5 'Account ID'). */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Cognito's subject (spec §3 User ssoID). */
    cognitoSub: text('cognito_sub').notNull().unique(),
    email: text('email').notNull(),
    displayName: text('display_name'),
    /** Blocked by an administrator: no streaming (spec §5 'Blocked user'). */
    blocked: boolean('blocked').notNull().default(false),
    /** Account restrictions bypassed (spec §5 'Bypassed user'). */
    bypassed: boolean('bypassed').notNull().default(false),
    /** Sessions signed in before this time are over (a password change or reset); null: none ended. */
    sessionsValidAfter: when('sessions_valid_after'),
    createdAt: when('created_at').notNull().defaultNow(),
    updatedAt: when('updated_at').notNull().defaultNow(),
  },
  (t) => [index('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    /** SHA-256 (base64url) of the refresh token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Cognito username the token belongs to (the access token's `username`). */
    cognitoUsername: text('cognito_username').notNull(),
    /** The app client the token was issued to. */
    clientId: text('client_id').notNull(),
    /** When the sign-in this session continues happened (kept across refreshes and rotations). */
    signedInAt: when('signed_in_at').notNull(),
    /** When this token was last used (housekeeping). */
    usedAt: when('used_at').notNull(),
  },
  (t) => [index('refresh_sessions_user_idx').on(t.userId), index('refresh_sessions_used_idx').on(t.usedAt)],
);

/** Where a grant came from. */
export const ENTITLEMENT_SOURCES = ['stripe', 'admin', 'voucher'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The entitlement string a package grants and a video lists (spec §3, §4). */
    entitlement: text('entitlement').notNull(),
    /** The package it was bought or granted with, when known. */
    packageId: text('package_id'),
    source: text('source').$type<EntitlementSource>().notNull(),
    /** The source's own id (Stripe subscription or payment, voucher code …): one grant each. */
    sourceRef: text('source_ref'),
    validFrom: when('valid_from').notNull(),
    /** Exclusive end; null = until revoked. */
    validUntil: when('valid_until'),
    revokedAt: when('revoked_at'),
    revokedReason: text('revoked_reason'),
    createdAt: when('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('entitlements_user_idx').on(t.userId),
    uniqueIndex('entitlements_source_ref_idx')
      .on(t.source, t.sourceRef, t.entitlement)
      .where(sql`${t.sourceRef} is not null`),
    check('entitlements_source_check', sql`${t.source} in ('stripe', 'admin', 'voucher')`),
    check('entitlements_validity_check', sql`${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: when('at').notNull(),
    /** Who: an administrator's name or address, or a system actor such as 'stripe-webhook'. */
    actor: text('actor').notNull(),
    /** What, e.g. 'user.block', 'entitlement.grant' (see AuditAction in audit.ts). */
    action: text('action').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    entitlementId: uuid('entitlement_id').references(() => entitlements.id, { onDelete: 'set null' }),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_log_user_idx').on(t.userId, t.at)],
);

export const stripeCustomers = pgTable('stripe_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: when('created_at').notNull().defaultNow(),
});

export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  /** Stripe's event id (evt_…): processed at most once. */
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: when('processed_at').notNull(),
});

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** Stripe's checkout session id (cs_…). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    /** Where the browser goes to pay (session.url). */
    url: text('url').notNull(),
    expiresAt: when('expires_at').notNull(),
    createdAt: when('created_at').notNull(),
    closedAt: when('closed_at'),
  },
  (t) => [
    uniqueIndex('checkout_sessions_one_open_idx')
      .on(t.userId, t.packageId)
      .where(sql`${t.status} = 'open'`),
    check('checkout_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
  ],
);

export const leases = pgTable(
  'leases',
  {
    /** The lease id the player sends with each heartbeat. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One lease per playing device (the player's device id). */
    deviceId: text('device_id').notNull(),
    /** What is playing (playback or asset id), for support. */
    assetId: text('asset_id'),
    /** Whether it takes a screen of the account's limit: video yes, live audio no. */
    countsTowardLimit: boolean('counts_toward_limit').notNull().default(true),
    acquiredAt: when('acquired_at').notNull(),
    renewedAt: when('renewed_at').notNull(),
    expiresAt: when('expires_at').notNull(),
  },
  (t) => [uniqueIndex('leases_user_device_idx').on(t.userId, t.deviceId), index('leases_expiry_idx').on(t.expiresAt)],
);

export const SIGN_IN_ATTEMPT_SCOPES = ['account', 'address'] as const;
export type SignInAttemptScope = (typeof SIGN_IN_ATTEMPT_SCOPES)[number];

export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    scope: text('scope').$type<SignInAttemptScope>().notNull(),
    /** The normalised account (lower-case email) or client address. */
    key: text('key').notNull(),
    at: when('at').notNull(),
  },
  (t) => [index('sign_in_attempts_key_idx').on(t.scope, t.key, t.at), check('sign_in_attempts_scope_check', sql`${t.scope} in ('account', 'address')`)],
);

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The limiter's name, e.g. 'events'. */
    limiter: text('limiter').notNull(),
    /** The client's key (address, account …). */
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    /** When this window ends and the count starts again. */
    resetAt: when('reset_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.limiter, t.key] }), index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

export const loggedEvents = pgTable(
  'logged_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receivedAt: when('received_at').notNull(),
    action: text('action').notNull(),
    advertId: text('advert_id').notNull(),
    /** The event's own timestamp. */
    occurredAt: when('occurred_at').notNull(),
    /** The whole validated event (src/schemas/loggedEvent.ts). */
    payload: jsonb('payload').$type<LoggedEvent>().notNull(),
  },
  (t) => [index('logged_events_advert_idx').on(t.advertId, t.occurredAt)],
);

export const liveMatchEvents = pgTable(
  'live_match_events',
  {
    /** The fixture's matchID (spec §3 Match). */
    matchId: text('match_id').notNull(),
    /** The provider's event id. */
    eventId: text('event_id').notNull(),
    /** The provider's order within the match. */
    sequence: integer('sequence').notNull(),
    /** The whole validated event (src/lib/liveMatch.ts LiveEvent). */
    payload: jsonb('payload').$type<LiveEvent>().notNull(),
    receivedAt: when('received_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.eventId] }),
    uniqueIndex('live_match_events_sequence_idx').on(t.matchId, t.sequence),
    index('live_match_events_received_idx').on(t.receivedAt),
  ],
);
