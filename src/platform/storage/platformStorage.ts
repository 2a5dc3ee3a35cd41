/**
 * The platform's storage, as the API and the admin CLI use it: open the database (PGlite or any
 * PostgreSQL), apply migrations, and small typed repositories over one Drizzle query layer. Each
 * repository function takes an Executor (the database or a transaction) first, so callers can run
 * several in one transaction; those that change two tables open their own (nested: a savepoint).
 */
export {
  DEFAULT_DATA_DIR,
  openDatabase,
  storageConfigFromEnv,
  storageEnvSchema,
  type Database,
  type DatabaseConfig,
  type Executor,
  type OpenDatabase,
  type Transaction,
} from './database.ts';
export { DataDirInUseError } from './dataDirLock.ts';
export { applyMigrations, MIGRATIONS_FOLDER, type MigrationResult } from './migrate.ts';
export { IncompleteChangeError, RecordNotFoundError } from './storageErrors.ts';
export { listAudit, recordAudit, type AuditAction, type AuditEntry, type Change } from './audit.ts';
export {
  getUser,
  getUserBySub,
  listUsers,
  resolveUsers,
  setUserBlocked,
  setUserBypassed,
  upsertUserBySub,
  type User,
  type UserProfile,
  type UserQuery,
} from './users.ts';
export {
  activeEntitlementNames,
  grantEntitlement,
  listActiveEntitlements,
  listActiveEntitlementsOfSource,
  listEntitlements,
  listEntitlementsBySource,
  revokeEntitlement,
  revokeEntitlementsBySource,
  setEntitlementValidityBySource,
  type Entitlement,
  type EntitlementGrant,
} from './entitlements.ts';
export {
  acquireLease,
  expireLeases,
  getLiveLease,
  listLiveLeases,
  releaseLease,
  renewLeaseOfAccount,
  type Lease,
  type LeaseDecision,
  type LeaseRequest,
  type RenewedLease,
} from './leases.ts';
export {
  clearSignInAttempts,
  progressiveDelayMs,
  pruneSignInAttempts,
  refundSignInAttempt,
  takeSignInAttempt,
  takeSpacedAttempt,
  type AttemptDecision,
  type AttemptRequest,
  type SpacedAttemptRequest,
} from './signInAttempts.ts';
export {
  decrementRateLimit,
  getRateLimit,
  incrementRateLimit,
  postgresRateLimitStore,
  pruneRateLimits,
  resetRateLimit,
  type PostgresRateLimitStore,
  type RateLimitCount,
} from './rateLimits.ts';
export {
  endSessionsBefore,
  forgetRefreshSession,
  getRefreshSession,
  pruneRefreshSessions,
  recordRefreshSession,
  refreshTokenHash,
  sessionEnded,
  wholeSecond,
  type RefreshSession,
} from './sessions.ts';
export { findStripeCustomerId, findUserIdByStripeCustomer, isWebhookEventRecorded, linkStripeCustomer, recordWebhookEventOnce } from './stripe.ts';
export { closeCheckoutSession, findOpenCheckoutSession, recordCheckoutSession, type CheckoutSession } from './checkoutSessions.ts';
export { listLoggedEvents, loggedEventSink, storeLoggedEvent, type StoredLoggedEvent } from './loggedEvents.ts';
export { ENTITLEMENT_SOURCES, SIGN_IN_ATTEMPT_SCOPES, type CheckoutStatus, type EntitlementSource, type SignInAttemptScope } from './schema.ts';
