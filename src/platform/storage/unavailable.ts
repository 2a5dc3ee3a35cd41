/**
 * `isDatabaseUnavailable(error)`: whether an error (or any `cause` in its chain) means "the database
 * cannot be reached right now", so the API answers a coded 503 with Retry-After instead of a 500 or
 * a hang (ARCHITECTURE "What we promise"). True for node-postgres socket errors and bounded waits,
 * and the SQLSTATEs of connection loss, too many connections, shutdown, statement and lock timeouts;
 * false for everything else. Pure: no driver is imported.
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
