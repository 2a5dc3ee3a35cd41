/**
 * Lock state of a video (spec §4 "Lock state of a video") — the one rule every video card,
 * search result and player sidebar item uses (through src/stores/videoAccess.ts in the browser,
 * directly at build time for the signed-out state the static pages show).
 */

/** Rule 4's configured default when nothing is configured (LOCK_EMPTY_ENTITLEMENTS, src/config.ts): locked. */
export const LOCK_EMPTY_ENTITLEMENTS_DEFAULT = true;

/** Who is looking: signed in or not, and the entitlements they hold (null until loaded or when none could be loaded). */
export interface VideoViewer {
  loggedIn: boolean;
  entitlements: readonly string[] | null;
}

/**
 * Whether a video is locked for a viewer (spec §4), the five rules in order:
 * 1. the video's entitlements contain '?' → unlocked for everyone;
 * 2. otherwise a logged-out viewer → locked;
 * 3. logged in and the list contains '*' → unlocked;
 * 4. logged in with an empty list → `lockEmptyEntitlements` decides (default true: locked);
 * 5. otherwise unlocked only if the viewer holds at least one listed entitlement (entitlements
 *    null counts as holding none).
 * `videoEntitlements` is metaData.SysEntryEntitlements. Returns true when locked.
 */
export function isVideoLocked(
  videoEntitlements: readonly string[],
  viewer: VideoViewer,
  lockEmptyEntitlements: boolean = LOCK_EMPTY_ENTITLEMENTS_DEFAULT,
): boolean {
  if (videoEntitlements.includes('?')) return false;
  if (!viewer.loggedIn) return true;
  if (videoEntitlements.includes('*')) return false;
  if (videoEntitlements.length === 0) return lockEmptyEntitlements;
  const held = new Set(viewer.entitlements ?? []);
  return !videoEntitlements.some((e) => held.has(e));
}

/**
 * Whether a video's lock state can never change with the viewer (rule 1: '?' is unlocked for
 * everyone), so a static page's rendering of it is final.
 */
export function isOpenToEveryone(videoEntitlements: readonly string[]): boolean {
  return videoEntitlements.includes('?');
}
