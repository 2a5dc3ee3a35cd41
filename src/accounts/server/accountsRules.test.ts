/**
 * Pure rules of the accounts feature: demo passwords refused outside the local
 * emulator (and matching the seeded demo accounts), the hosted sign-in error messages, the
 * session cookies' Secure decision, and the provider scopes of spec §7.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../scripts/local/cognito.mjs';
import { DEMO_PASSWORDS, demoPasswordsAllowed, isDemoPassword } from '../rules/demoPasswords';
import { HOSTED_SIGN_IN_ERRORS, hostedSignInErrorMessage } from '../rules/signInErrors';
import { cookiesSecure, decodeCookieJson, encodeCookieJson, secondsUntil } from './cookies';
import { scopesFor } from './oauth';

describe('demo passwords', () => {
  it('lists exactly the passwords the local pool seeds', () => {
    expect([...DEMO_PASSWORDS].sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.password).sort());
    for (const account of DEMO_ACCOUNTS) expect(isDemoPassword(account.password)).toBe(true);
    expect(isDemoPassword('Subscriber-Local-2')).toBe(false);
  });

  it('allows them only against a loopback emulator and never in production', () => {
    expect(demoPasswordsAllowed({ cognitoEndpoint: 'http://127.0.0.1:9229' })).toBe(true);
    expect(demoPasswordsAllowed({ cognitoEndpoint: 'http://localhost:9229' })).toBe(true);
    expect(demoPasswordsAllowed({ cognitoEndpoint: 'http://127.0.0.1:9229', nodeEnv: 'production' })).toBe(false);
    expect(demoPasswordsAllowed({})).toBe(false);
    expect(demoPasswordsAllowed({ cognitoEndpoint: 'https://cognito-idp.eu-west-1.amazonaws.com' })).toBe(false);
    expect(demoPasswordsAllowed({ cognitoEndpoint: 'not a url' })).toBe(false);
  });
});

describe('hosted sign-in error messages', () => {
  it('has a message for every code and none for unknown ones', () => {
    for (const [code, message] of Object.entries(HOSTED_SIGN_IN_ERRORS)) expect(hostedSignInErrorMessage(code)).toBe(message);
    expect(hostedSignInErrorMessage('toString')).toBeNull();
    expect(hostedSignInErrorMessage('<script>')).toBeNull();
    expect(hostedSignInErrorMessage(null)).toBeNull();
  });
});

describe('session cookies', () => {
  it('are Secure except on plain-http loopback requests with COOKIE_SECURE=auto', () => {
    expect(cookiesSecure('https://www.stokecity.example/api/auth/login', 'auto')).toBe(true);
    expect(cookiesSecure('http://www.stokecity.example/api/auth/login', 'auto')).toBe(true);
    expect(cookiesSecure('http://127.0.0.1:4321/api/auth/login', 'auto')).toBe(false);
    expect(cookiesSecure('http://localhost:4321/api/auth/login', 'auto')).toBe(false);
    expect(cookiesSecure('http://127.0.0.1:4321/api/auth/login', 'always')).toBe(true);
  });

  it('carry JSON as base64url and refuse anything else', () => {
    expect(decodeCookieJson(encodeCookieJson({ a: 'b"; c' }))).toEqual({ a: 'b"; c' });
    expect(decodeCookieJson('%%%')).toBeUndefined();
    expect(decodeCookieJson(undefined)).toBeUndefined();
    expect(decodeCookieJson('x'.repeat(5000))).toBeUndefined();
  });

  it('live until the token expires, at least one second', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(secondsUntil(now.getTime() / 1000 + 3600, now)).toBe(3600);
    expect(secondsUntil(now.getTime() / 1000 - 5, now)).toBe(1);
  });
});

describe('hosted sign-in scopes (spec §7)', () => {
  it('asks Apple for the admin scope too', () => {
    expect(scopesFor('Google')).toBe('openid email profile');
    expect(scopesFor('Facebook')).toBe('openid email profile');
    expect(scopesFor('SignInWithApple').split(' ').sort()).toEqual(['aws.cognito.signin.user.admin', 'email', 'openid', 'profile']);
  });
});
