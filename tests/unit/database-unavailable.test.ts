/**
 * src/platform/storage/unavailable.ts: which errors are "the database cannot be reached" (answered
 * 503 service_unavailable with Retry-After) and which stay 500s.
 */
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/platform/storage/unavailable';

const withCode = (code: string, message = 'driver error') => Object.assign(new Error(message), { code });
/** Drizzle's wrapper: its own message, the driver's error as cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset', withCode('ECONNRESET')],
    ['pool wait', new Error('timeout exceeded when trying to connect')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['server gone', new Error('Connection terminated unexpectedly')],
    ['read timeout', new Error('Query read timeout')],
    ['admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['statement timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['lock timeout', withCode('55P03', 'canceling statement due to lock timeout')],
    ['too many connections', withCode('53300')],
    ['connection exception class 08', withCode('08006')],
    ['wrapped by Drizzle', wrapped(withCode('ECONNREFUSED'))],
    ['several addresses', Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]), {})],
  ])('%s: unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', wrapped(withCode('23505', 'duplicate key value violates unique constraint'))],
    ['syntax error', withCode('42601')],
    ['our own error', new Error('No user u-1')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: not unavailable (stays a 500)', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cause cycle', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    const b: Error & { cause?: unknown } = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
