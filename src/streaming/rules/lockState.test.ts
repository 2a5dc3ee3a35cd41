/** Spec §4 "Lock state of a video": the five rules in order, the configured rule 4, and the store that re-evaluates them. */
import { afterEach, describe, expect, it } from 'vitest';
import { isOpenToEveryone, isVideoLocked, LOCK_EMPTY_ENTITLEMENTS_DEFAULT } from './lockState';
import { configureLockEmptyEntitlements, lockedFor, videoAccess } from '../../stores/videoAccess';
import { clearUserData, user } from '../../stores/user';

const out = { loggedIn: false, entitlements: null };
const member = { loggedIn: true, entitlements: ['subscription-video'] };
const nobody = { loggedIn: true, entitlements: [] as string[] };
const unloaded = { loggedIn: true, entitlements: null };

describe('isVideoLocked (spec §4 lock state)', () => {
  it("rule 1: '?' unlocks for everyone, signed out or not, whatever else is listed", () => {
    expect(isVideoLocked(['?'], out)).toBe(false);
    expect(isVideoLocked(['subscription-video', '?'], out)).toBe(false);
    expect(isVideoLocked(['?'], nobody)).toBe(false);
    expect(isOpenToEveryone(['?'])).toBe(true);
    expect(isOpenToEveryone(['*'])).toBe(false);
  });
  it("rule 2: everything else is locked for a logged-out user, even '*', an empty list and entitlements held", () => {
    expect(isVideoLocked(['*'], out)).toBe(true);
    expect(isVideoLocked([], out, false)).toBe(true);
    expect(isVideoLocked(['subscription-video'], { loggedIn: false, entitlements: ['subscription-video'] })).toBe(true);
  });
  it("rule 3: '*' unlocks for any logged-in user, with or without entitlements", () => {
    expect(isVideoLocked(['*'], nobody)).toBe(false);
    expect(isVideoLocked(['*'], unloaded)).toBe(false);
    expect(isVideoLocked(['match-pass', '*'], nobody)).toBe(false);
  });
  it('rule 4: an empty list follows lockEmptyEntitlements, locked by default', () => {
    expect(LOCK_EMPTY_ENTITLEMENTS_DEFAULT).toBe(true);
    expect(isVideoLocked([], member)).toBe(true);
    expect(isVideoLocked([], nobody, true)).toBe(true);
    expect(isVideoLocked([], nobody, false)).toBe(false);
    expect(isVideoLocked([], member, false)).toBe(false);
  });
  it('rule 5: unlocked only with at least one listed entitlement', () => {
    expect(isVideoLocked(['subscription-video', 'match-pass'], member)).toBe(false);
    expect(isVideoLocked(['match-pass'], member)).toBe(true);
    expect(isVideoLocked(['match-pass'], nobody)).toBe(true);
    expect(isVideoLocked(['subscription-video'], unloaded)).toBe(true);
    expect(isVideoLocked(['subscription-video'], { loggedIn: true, entitlements: ['Subscription-Video'] })).toBe(true);
  });
});

describe('videoAccess store (re-evaluated when login or entitlements change)', () => {
  afterEach(() => {
    clearUserData();
    configureLockEmptyEntitlements(LOCK_EMPTY_ENTITLEMENTS_DEFAULT);
  });

  it('repaints when the user signs in, when entitlements load and when rule 4 is configured, and not for other user fields', () => {
    const seen: boolean[] = [];
    const stop = videoAccess.subscribe((access) => seen.push(lockedFor(access, ['subscription-video'])));
    expect(seen).toEqual([true]);
    user.set({ ...user.get(), loggedIn: true, userID: 'u1', userDisplayName: 'Sam' });
    expect(seen).toEqual([true, true]);
    user.setKey('entitlements', ['subscription-video']);
    expect(seen).toEqual([true, true, false]);
    const calls = seen.length;
    user.setKey('userDisplayName', 'Sam Smith');
    user.setKey('entitlements', ['subscription-video']);
    expect(seen).toHaveLength(calls);
    clearUserData();
    expect(seen.at(-1)).toBe(true);
    stop();
  });

  it('applies the configured lockEmptyEntitlements', () => {
    user.set({ ...user.get(), loggedIn: true, entitlements: ['subscription-video'] });
    expect(lockedFor(videoAccess.get(), [])).toBe(true);
    configureLockEmptyEntitlements(false);
    expect(lockedFor(videoAccess.get(), [])).toBe(false);
  });

  it('forgets entitlements while signed out', () => {
    user.set({ ...user.get(), loggedIn: false, entitlements: ['subscription-video'] });
    expect(videoAccess.get().entitlements).toBeNull();
    expect(lockedFor(videoAccess.get(), ['subscription-video'])).toBe(true);
  });
});
