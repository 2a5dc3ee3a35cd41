/**
 * Who is looking at videos, for the lock state (spec §4 "Lock state of a video … re-evaluated when
 * login or entitlements change"): a `computed` over src/stores/user and the configured
 * lockEmptyEntitlements; `lockedFor` applies src/streaming/rules/lockState to a video's
 * entitlements. Browser entries call `configureLockEmptyEntitlements(LOCK_EMPTY_ENTITLEMENTS)` once
 * (src/config.ts); until then the default (locked) applies.
 */
import { atom, computed } from 'nanostores';
import { isVideoLocked, LOCK_EMPTY_ENTITLEMENTS_DEFAULT, type VideoViewer } from '../streaming/rules/lockState';
import { user } from './user';

/** The viewer as the lock rule needs it, with rule 4's configured default. */
export interface VideoAccess extends VideoViewer {
  lockEmptyEntitlements: boolean;
}

/** Spec §4 rule 4's configured default (`lockEmptyEntitlements`). */
export const lockEmptyEntitlements = atom<boolean>(LOCK_EMPTY_ENTITLEMENTS_DEFAULT);

/** Sets rule 4's configured default (from src/config LOCK_EMPTY_ENTITLEMENTS). */
export function configureLockEmptyEntitlements(value: boolean): void {
  lockEmptyEntitlements.set(value);
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((e, i) => e === b[i]));

let last: VideoAccess | undefined;

/**
 * The current viewer: loggedIn, entitlements (null when signed out or not loaded), and
 * lockEmptyEntitlements. The same object while none of them changes (other user fields, such as
 * the display name, do not notify listeners).
 */
export const videoAccess = computed([user, lockEmptyEntitlements], (current, lockEmpty): VideoAccess => {
  const entitlements = current.loggedIn ? current.entitlements : null;
  if (last && last.loggedIn === current.loggedIn && last.lockEmptyEntitlements === lockEmpty && sameList(last.entitlements, entitlements)) return last;
  last = { loggedIn: current.loggedIn, entitlements: entitlements === null ? null : [...entitlements], lockEmptyEntitlements: lockEmpty };
  return last;
});

/** Whether a video (its metaData.SysEntryEntitlements) is locked for `access` (spec §4, src/streaming/rules/lockState). */
export function lockedFor(access: VideoAccess, videoEntitlements: readonly string[]): boolean {
  return isVideoLocked(videoEntitlements, access, access.lockEmptyEntitlements);
}
