/**
 * Lock state of a video (spec §4 "Lock state of a video"):
 * 1. entitlements containing '?' → unlocked for everyone;
 * 2. otherwise a logged-out user → locked;
 * 3. logged in and the list contains '*' → unlocked;
 * 4. logged in with an empty list → `lockEmptyEntitlements` decides;
 * 5. otherwise unlocked only if the user holds at least one listed entitlement.
 * Returns true when locked.
 */
export function isVideoLocked(
  videoEntitlements: readonly string[],
  user: { loggedIn: boolean; entitlements: readonly string[] | null },
  lockEmptyEntitlements = true,
): boolean {
  if (videoEntitlements.includes('?')) return false;
  if (!user.loggedIn) return true;
  if (videoEntitlements.includes('*')) return false;
  if (videoEntitlements.length === 0) return lockEmptyEntitlements;
  const held = new Set(user.entitlements ?? []);
  return !videoEntitlements.some((e) => held.has(e));
}
