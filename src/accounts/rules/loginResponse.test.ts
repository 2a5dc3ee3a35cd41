/** Reading the platform API's sign-in answers (spec §4 Sign-in, §5, §8): src/accounts/rules/loginResponse. */
import { describe, expect, it } from 'vitest';
import { errorMessageOf, LOGIN_PROBLEM_MESSAGE, normaliseUsername, readLoginResponse, readSessionUser, readUserBody } from './loginResponse';

const sam = { userID: 'u-1', ssoID: 'sub-1', email: 'sam@example.com', userDisplayName: 'Sam', bypassed: false };

describe('sign-in answer (spec §4, §5, §8)', () => {
  it('lower-cases usernames', () => expect(normaliseUsername('  Fan@Example.COM ')).toBe('fan@example.com'));
  it('signs in with a session user', () => {
    expect(readLoginResponse(200, { user: sam })).toEqual({ kind: 'signedIn', user: sam });
  });
  it('asks for a new password when Cognito requires one (spec §5 passwordChangeRequired)', () => {
    expect(readLoginResponse(200, { challenge: 'passwordChangeRequired' })).toEqual({ kind: 'passwordChangeRequired' });
  });
  it("shows only the login call's error message", () => {
    expect(readLoginResponse(401, { error: { code: 'invalid_credentials', message: 'Incorrect username or password.' } })).toEqual({
      kind: 'failed',
      message: 'Incorrect username or password.',
    });
    expect(readLoginResponse(429, { error: { code: 'rate_limited', message: 'Too many attempts' } })).toEqual({ kind: 'failed', message: 'Too many attempts' });
  });
  it('falls back to the spec text on anything unexpected', () => {
    expect(readLoginResponse(404, null)).toEqual({ kind: 'failed', message: LOGIN_PROBLEM_MESSAGE });
    expect(readLoginResponse(500, { message: 'stack trace' })).toEqual({ kind: 'failed', message: LOGIN_PROBLEM_MESSAGE });
    expect(readLoginResponse(200, {})).toEqual({ kind: 'failed', message: LOGIN_PROBLEM_MESSAGE });
    expect(readLoginResponse(200, { user: { ...sam, bypassed: 'yes' } })).toEqual({ kind: 'failed', message: LOGIN_PROBLEM_MESSAGE });
    expect(LOGIN_PROBLEM_MESSAGE).toBe('There was a problem logging in');
  });
});

describe('session user shape', () => {
  it('keeps exactly the contract fields', () => {
    expect(readSessionUser({ ...sam, accessToken: 'eyJ…' })).toEqual(sam);
    expect(readUserBody({ user: sam })).toEqual(sam);
  });
  it('refuses a user without ids or with wrong types', () => {
    for (const bad of [null, [], 'x', { ...sam, userID: '' }, { ...sam, ssoID: 3 }, { ...sam, email: null }, { ...sam, userDisplayName: undefined }]) {
      expect(readSessionUser(bad)).toBeNull();
    }
  });
  it("reads the envelope's message only", () => {
    expect(errorMessageOf({ error: { code: 'x', message: 'No active user' } })).toBe('No active user');
    expect(errorMessageOf({ error: { code: 'x', message: ' ' } })).toBeNull();
    expect(errorMessageOf({ message: 'top-level' })).toBeNull();
  });
});
