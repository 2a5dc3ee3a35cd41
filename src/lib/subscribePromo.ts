/**
 * The subscribe promo text (spec §2 "Other overlays and panels"):
 * - logged out: 'Create a MyStoke account to stream and listen to live matches';
 * - logged in: 'Watch and listen to the latest match';
 * - hidden (null) on the /matches pages of the u18, u21, u23 and women teams, i.e. on
 *   '/matches/{team}' and '/matches/{team}/{season}' for those team segments.
 *
 * Input: the page's URL path (leading '/', trailing '/' and a query or hash are ignored) and
 * whether a user is signed in. Pure; never throws.
 */

export const SUBSCRIBE_PROMO_LOGGED_OUT = 'Create a MyStoke account to stream and listen to live matches';
export const SUBSCRIBE_PROMO_LOGGED_IN = 'Watch and listen to the latest match';
/** Team URL segments whose /matches pages show no subscribe promo. */
export const SUBSCRIBE_PROMO_HIDDEN_TEAMS: readonly string[] = ['u18', 'u21', 'u23', 'women'];

/** The promo text for `pathname`, or null where the promo is hidden. */
export function subscribePromoText(pathname: string, loggedIn: boolean): string | null {
  const [first, team] = (pathname.split(/[?#]/)[0] ?? '').split('/').filter((s) => s !== '');
  if (first === 'matches' && team !== undefined && SUBSCRIBE_PROMO_HIDDEN_TEAMS.includes(team)) return null;
  return loggedIn ? SUBSCRIBE_PROMO_LOGGED_IN : SUBSCRIBE_PROMO_LOGGED_OUT;
}
