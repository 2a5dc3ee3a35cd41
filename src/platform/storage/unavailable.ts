/**
 * Is this error "the database cannot be reached right now"? (ARCHITECTURE "What
 * we promise": new starts get a coded 503 with Retry-After while the database is down, never a
 * hang and never a 500.)
 *
 * `isDatabaseUnavailable(error)` walks the error and its `cause` chain (Drizzle wraps driver errors
 * in DrizzleQueryError with the driver's error as `cause`) and answers true for:
 * - socket errors of node-postgres: ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, EHOSTUNREACH,
 *   ENETUNREACH, ENOTFOUND, EAI_AGAIN;
 * - node-postgres's own bounded waits and broken connections: 'timeout exceeded when trying to
 *   connect' (pool), 'Connection terminated …' (server gone or connect timeout), 'Query read
 *   timeout' (query_timeout), 'Client has encountered a connection error …';
 * - PostgreSQL SQLSTATEs of class 08 (connection exception), 53300 too_many_connections,
 *   57P01/57P02/57P03 (shutdown, crash, starting up), 57014 query_canceled (statement_timeout) and
 *   55P03 lock_not_available (lock_timeout).
 * Everything else (constraint violations, bad SQL, our own errors) is false: those stay 500s.
 * Pure: no driver is imported.
 */

const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const SQLSTATES = new Set(['53300', '55P03', '57P01', '57P02', '57P03', '57014']);
const MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /^Connection terminated/i,
  /^Query read timeout/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
];

/** How many `cause` links are followed at most (a cycle stops there). */
const MAX_CAUSE_DEPTH = 8;

/** True when `error` (or one of its causes) says the database cannot be reached now (see the file header). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    // AggregateError (a connect to several addresses, e.g. localhost's ::1 and 127.0.0.1).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
