/**
 * Which header style a page uses (spec §2 "Header styles").
 *
 * - 'transparent-dark': home, match centre, player profile, content page with
 *   image, content page without image, single news, video listing, video category.
 * - 'solid': error, matches, team, category, news listing, legacy news, login. The spec's
 *   "team" pages are the team listing (/teams) and a team's page (/teams/:team).
 * - Anything else (kinds the spec does not list, such as 'players') gets the default,
 *   'transparent-dark'.
 */

export type HeaderStyle = 'transparent-dark' | 'solid';

/** Kinds of page the layouts render. */
export type PageKind =
  // Listed as transparent-dark in the spec.
  | 'home'
  | 'matchCentre'
  | 'playerProfile'
  | 'contentPageWithImage'
  | 'contentPageWithoutImage'
  | 'singleNews'
  | 'videoListing'
  | 'videoCategory'
  // Listed as solid in the spec.
  | 'error'
  | 'matches'
  | 'team'
  | 'category'
  | 'newsListing'
  | 'legacyNews'
  | 'login'
  | 'teams'
  // Not listed in the spec: the default applies.
  | 'players'
  | 'appNews'
  | 'streamer'
  | 'siteLock';

export const DEFAULT_HEADER_STYLE: HeaderStyle = 'transparent-dark';

const SOLID_KINDS: ReadonlySet<string> = new Set<PageKind>(['error', 'matches', 'team', 'teams', 'category', 'newsListing', 'legacyNews', 'login']);

/** Header style for a page kind; unknown kinds get DEFAULT_HEADER_STYLE. */
export function headerStyleFor(kind: PageKind | (string & {})): HeaderStyle {
  return SOLID_KINDS.has(kind) ? 'solid' : DEFAULT_HEADER_STYLE;
}

/**
 * Whether a navigation link is the current section of the page at `path` (spec §2 Navigation: the
 * primary navigation marks the current section with aria-current="page"): the link's own page or
 * any page under it; never the home link '/'.
 * @param href The link's path, e.g. '/news'.
 * @param path The page's path, e.g. '/news/some-slug/'.
 */
export function isCurrentSection(href: string, path: string): boolean {
  return href !== '/' && (path === href || path.startsWith(`${href}/`));
}

/**
 * Whether two pages mark the same links of a navigation as current ({@link isCurrentSection}): a
 * header rendered for one is then, byte for byte, the header of the other.
 * @param hrefs The navigation's link paths.
 */
export function sameCurrentSections(hrefs: readonly string[], a: string, b: string): boolean {
  return hrefs.every((href) => isCurrentSection(href, a) === isCurrentSection(href, b));
}
