import { describe, expect, it } from 'vitest';
import { isVideoLocked } from '../../src/lib/lockState';

const out = { loggedIn: false, entitlements: null };
const member = { loggedIn: true, entitlements: ['subscription-video'] };
const nobody = { loggedIn: true, entitlements: [] as string[] };

describe('isVideoLocked (spec §4 lock state)', () => {
  it("'?' unlocks for everyone", () => {
    expect(isVideoLocked(['?'], out)).toBe(false);
    expect(isVideoLocked(['subscription-video', '?'], out)).toBe(false);
  });
  it('locks everything else for a logged-out user', () => {
    expect(isVideoLocked(['*'], out)).toBe(true);
    expect(isVideoLocked([], out)).toBe(true);
  });
  it("'*' unlocks for any logged-in user", () => expect(isVideoLocked(['*'], nobody)).toBe(false));
  it('an empty list follows lockEmptyEntitlements', () => {
    expect(isVideoLocked([], nobody, true)).toBe(true);
    expect(isVideoLocked([], nobody, false)).toBe(false);
  });
  it('needs at least one listed entitlement', () => {
    expect(isVideoLocked(['subscription-video', 'match-pass'], member)).toBe(false);
    expect(isVideoLocked(['match-pass'], member)).toBe(true);
    expect(isVideoLocked(['match-pass'], nobody)).toBe(true);
  });
});
