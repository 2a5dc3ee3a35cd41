/** When the login check runs (spec §4 Login check): src/accounts/rules/loginCheck. */
import { describe, expect, it } from 'vitest';
import { LOGGED_IN_MESSAGE, LOGGED_OUT_MESSAGE, loginCheckStep, provesSignedOut, withoutLoginFlags } from './loginCheck';

describe('login check at start and on each route change', () => {
  it('checks when neither flag is in the query', () => {
    expect(loginCheckStep('')).toBe('check');
    expect(loginCheckStep('?page=2')).toBe('check');
  });
  it('loginSuccess=true re-checks and announces; logoutSuccess=true clears', () => {
    expect(loginCheckStep('?loginSuccess=true')).toBe('loginSuccess');
    expect(loginCheckStep('?a=1&logoutSuccess=true')).toBe('logoutSuccess');
  });
  it('runs no check while a flag is in the query with another value', () => {
    expect(loginCheckStep('?loginSuccess=false')).toBe('none');
    expect(loginCheckStep('?logoutSuccess')).toBe('none');
  });
  it('drops the flags from the address, keeping the rest', () => {
    expect(withoutLoginFlags('/news?loginSuccess=true')).toBe('/news');
    expect(withoutLoginFlags('/news?page=2&logoutSuccess=true#top')).toBe('/news?page=2#top');
    expect(withoutLoginFlags('https://www.club.example/?loginSuccess=true')).toBe('https://www.club.example/');
    expect(withoutLoginFlags('/news?page=2')).toBeNull();
  });
  it("uses the spec's notification texts", () => {
    expect([LOGGED_IN_MESSAGE, LOGGED_OUT_MESSAGE]).toEqual(['Logged In', 'Logged Out']);
  });
});

describe('which failed check forgets the signed-in marker', () => {
  it('an answer from the API (4xx, or a 2xx it could not read) does', () => {
    for (const status of [400, 401, 403, 409, 200]) expect(provesSignedOut(status)).toBe(true);
  });
  it('no answer (offline, aborted by a reload) or a server error does not', () => {
    for (const status of [0, 500, 502, 503]) expect(provesSignedOut(status)).toBe(false);
  });
});
