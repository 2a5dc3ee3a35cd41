/**
 * Typed route table and URL building for every route of spec §2 "Route table" (§5: URL building
 * throws on a missing or malformed parameter). A route is a pattern of static and `:param`
 * segments; optional `:param?` ones come last and may be omitted only from the end. Each parameter
 * has a RegExp (PARAM_PATTERNS) admitting only URL-safe characters; values are used verbatim.
 * Built URLs start with '/' and never end with '/', except home '/'.
 * Errors: RouteParamError (`route`, `param`) for a missing, misplaced, unknown or malformed
 * parameter; TypeError for an unknown route name.
 */
import { FIRST_TEAM_SEGMENT } from './constants';
import { type DateInput, londonDateParts } from './dates';

/** Path patterns by route name. */
export const ROUTE_PATHS = {
  home: '/',
  category: '/category/:category?',
  matches: '/matches',
  matchesTeam: '/matches/:team',
  matchesTeamSeason: '/matches/:team/:season',
  match: '/match/:team?/:season?/:matchID?',
  news: '/news',
  newsArticle: '/news/:slug',
  newsYear: '/news/:year/:slug?',
  newsMonth: '/news/:year/:month?/:slug?',
  newsDay: '/news/:year/:month?/:day?/:slug?',
  appNews: '/app/news/:slug?',
  appNewsYear: '/app/news/:year/:slug?',
  appNewsMonth: '/app/news/:year/:month?/:slug?',
  appNewsDay: '/app/news/:year/:month?/:day?/:slug?',
  teams: '/teams',
  team: '/teams/:team',
  players: '/players/:player?',
  teamPlayer: '/players/:team?/:player?',
  videos: '/videos',
  videoSubpage: '/videos/:subpage',
  login: '/account/login',
  page: '/:slug',
  page2: '/:subpage1/:slug?',
  page3: '/:subpage1/:subpage2/:slug?',
  page4: '/:subpage1/:subpage2/:subpage3/:slug?',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;
type PathOf<N extends RouteName> = (typeof ROUTE_PATHS)[N];

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? Head | Segments<Rest> : P;
type OptionalName<S extends string> = S extends `:${infer Name}?` ? Name : never;
type RequiredName<S extends string> = S extends `:${string}?` ? never : S extends `:${infer Name}` ? Name : never;
type RequiredParams<N extends RouteName> = RequiredName<Segments<PathOf<N>>>;
type OptionalParams<N extends RouteName> = OptionalName<Segments<PathOf<N>>>;

/** Parameters of a route: e.g. RouteParams<'newsYear'> is { year: string; slug?: string }. */
export type RouteParams<N extends RouteName> = { [K in RequiredParams<N>]: string } & {
  [K in OptionalParams<N>]?: string;
};

/** Names of every parameter used anywhere in the table. */
export type ParamName = RequiredParams<RouteName> | OptionalParams<RouteName>;

/** Lower-case words joined by single hyphens, e.g. 'matchday-tickets', 'u21'. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** RegExp every value of a parameter must match. */
export const PARAM_PATTERNS: Readonly<Record<ParamName, RegExp>> = {
  slug: SLUG_PATTERN,
  category: SLUG_PATTERN,
  team: SLUG_PATTERN,
  player: SLUG_PATTERN,
  subpage: SLUG_PATTERN,
  subpage1: SLUG_PATTERN,
  subpage2: SLUG_PATTERN,
  subpage3: SLUG_PATTERN,
  matchID: SLUG_PATTERN,
  season: /^\d{4}-\d{2}$/,
  year: /^\d{4}$/,
  month: /^\d{2}$/,
  day: /^\d{2}$/,
};

/** One parameter of a route. */
export interface RouteParam {
  readonly name: ParamName;
  readonly optional: boolean;
  readonly pattern: RegExp;
}

/** A path segment: literal text or a parameter. */
export type RouteSegment = { readonly kind: 'static'; readonly text: string } | ({ readonly kind: 'param' } & RouteParam);

/** A route of the table. */
export interface Route<N extends RouteName = RouteName> {
  readonly name: N;
  readonly path: PathOf<N>;
  readonly segments: readonly RouteSegment[];
  readonly params: readonly RouteParam[];
}

function compileRoute<N extends RouteName>(name: N): Route<N> {
  const path = ROUTE_PATHS[name];
  const segments = path
    .split('/')
    .filter((text) => text !== '')
    .map((text): RouteSegment => {
      if (!text.startsWith(':')) return { kind: 'static', text };
      const optional = text.endsWith('?');
      const paramName = (optional ? text.slice(1, -1) : text.slice(1)) as ParamName;
      return { kind: 'param', name: paramName, optional, pattern: PARAM_PATTERNS[paramName] };
    });
  const params = segments.flatMap((s) => (s.kind === 'param' ? [{ name: s.name, optional: s.optional, pattern: s.pattern }] : []));
  return { name, path, segments, params };
}

/** The compiled route table. */
export const ROUTES: { readonly [N in RouteName]: Route<N> } = Object.fromEntries(
  (Object.keys(ROUTE_PATHS) as RouteName[]).map((name) => [name, compileRoute(name)]),
) as { readonly [N in RouteName]: Route<N> };

/** Thrown when a URL cannot be built from the given parameters. */
export class RouteParamError extends Error {
  override readonly name = 'RouteParamError';
  /** Route name, e.g. 'newsArticle'. */
  readonly route: string;
  /** Offending parameter name, e.g. 'slug'. */
  readonly param: string;

  constructor(route: string, param: string, problem: string) {
    const path = Object.hasOwn(ROUTE_PATHS, route) ? ` (${ROUTE_PATHS[route as RouteName]})` : '';
    super(`Cannot build URL for route '${route}'${path}: parameter '${param}' ${problem}`);
    this.route = route;
    this.param = param;
  }
}

/** Second argument of buildUrl: absent for routes without parameters, optional when all are optional. */
export type BuildUrlArgs<N extends RouteName> = [keyof RouteParams<N>] extends [never]
  ? [params?: Record<string, never>]
  : [RequiredParams<N>] extends [never]
    ? [params?: RouteParams<N>]
    : [params: RouteParams<N>];

/**
 * Builds the path of a route, e.g. buildUrl('newsArticle', { slug: 'win' }) → '/news/win'.
 * Throws RouteParamError when a required parameter is missing, an optional one is
 * skipped before a given one, a parameter is unknown, or a value does not match its pattern.
 */
export function buildUrl<N extends RouteName>(name: N, ...args: BuildUrlArgs<N>): string {
  if (!Object.hasOwn(ROUTES, name)) {
    throw new TypeError(`Unknown route: '${String(name)}'`);
  }
  const route: Route = ROUTES[name];
  const given: Readonly<Record<string, unknown>> = args[0] ?? {};
  for (const key of Object.keys(given)) {
    if (given[key] !== undefined && !route.params.some((p) => p.name === key)) {
      throw new RouteParamError(name, key, 'is not a parameter of this route');
    }
  }
  const parts: string[] = [];
  let omitted: string | undefined;
  for (const segment of route.segments) {
    if (segment.kind === 'static') {
      parts.push(segment.text);
      continue;
    }
    const value = given[segment.name];
    if (value === undefined) {
      if (!segment.optional) throw new RouteParamError(name, segment.name, 'is required');
      omitted ??= segment.name;
      continue;
    }
    if (omitted !== undefined) {
      throw new RouteParamError(name, omitted, `may only be omitted when every later parameter is too, but '${segment.name}' is given`);
    }
    if (typeof value !== 'string' || !segment.pattern.test(value)) {
      throw new RouteParamError(name, segment.name, `is ${JSON.stringify(value)}, which does not match ${String(segment.pattern)}`);
    }
    parts.push(value);
  }
  return `/${parts.join('/')}`;
}

// ---------------------------------------------------------------------------
// Helpers for pages
// ---------------------------------------------------------------------------

/** URL segment of a team: the first team's empty data slug (§3) becomes `firstTeamSlug`. */
export function teamSegment(slug: string, firstTeamSlug: string = FIRST_TEAM_SEGMENT): string {
  return slug === '' ? firstTeamSlug : slug;
}

/** '/news/{slug}'. */
export function newsArticleUrl(slug: string): string {
  return buildUrl('newsArticle', { slug });
}

/** '/app/news/{slug}' (app-embedded view). */
export function appNewsUrl(slug: string): string {
  return buildUrl('appNews', { slug });
}

/** How much of the publication date a dated news URL carries. */
export type NewsDateVariant = 'year' | 'month' | 'day';

/**
 * Dated news URL from the publication instant's Europe/London date:
 * ('2025-08-05T23:30:00Z', 'win', 'day') → '/news/2025/08/06/win'
 * ('year' → '/news/2025/win', 'month' → '/news/2025/08/win').
 * Throws RouteParamError (param 'year') on an invalid date.
 */
export function newsDateUrl(publishedISO: DateInput, slug: string, variant: NewsDateVariant): string {
  return datedNewsUrl('news', publishedISO, slug, variant);
}

/** As newsDateUrl, under '/app/news'. */
export function appNewsDateUrl(publishedISO: DateInput, slug: string, variant: NewsDateVariant): string {
  return datedNewsUrl('app', publishedISO, slug, variant);
}

function datedNewsUrl(base: 'news' | 'app', publishedISO: DateInput, slug: string, variant: NewsDateVariant): string {
  const app = base === 'app';
  let parts: { year: string; month: string; day: string };
  try {
    parts = londonDateParts(publishedISO);
  } catch {
    const route = `${app ? 'appNews' : 'news'}${variant === 'year' ? 'Year' : variant === 'month' ? 'Month' : 'Day'}`;
    throw new RouteParamError(route, 'year', `cannot be taken from the invalid date ${JSON.stringify(publishedISO)}`);
  }
  const { year, month, day } = parts;
  if (variant === 'year') return buildUrl(app ? 'appNewsYear' : 'newsYear', { year, slug });
  if (variant === 'month') return buildUrl(app ? 'appNewsMonth' : 'newsMonth', { year, month, slug });
  return buildUrl(app ? 'appNewsDay' : 'newsDay', { year, month, day, slug });
}

/**
 * '/matches', '/matches/{team}' or '/matches/{team}/{season}'. `teamSlug` is a
 * URL segment (see teamSegment). Throws RouteParamError when a season is given without a team.
 */
export function matchesUrl(teamSlug?: string, seasonSlug?: string): string {
  if (teamSlug === undefined) {
    if (seasonSlug !== undefined) {
      throw new RouteParamError('matchesTeamSeason', 'team', 'is required when a season is given');
    }
    return buildUrl('matches');
  }
  return seasonSlug === undefined ? buildUrl('matchesTeam', { team: teamSlug }) : buildUrl('matchesTeamSeason', { team: teamSlug, season: seasonSlug });
}

/** Match centre: '/match/{team}/{season}/{matchID}'. */
export function matchCentreUrl(teamSlug: string, seasonSlug: string, matchID: string): string {
  return buildUrl('match', { team: teamSlug, season: seasonSlug, matchID });
}

/** Team page: '/teams/{team}'. */
export function teamUrl(teamSlug: string): string {
  return buildUrl('team', { team: teamSlug });
}

/** Player profile: '/players/{team}/{player}'. */
export function playerUrl(teamSlug: string, playerSlug: string): string {
  return buildUrl('teamPlayer', { team: teamSlug, player: playerSlug });
}

/** News category: '/category/{category}'. */
export function categoryUrl(category: string): string {
  return buildUrl('category', { category });
}

/** '/videos' or '/videos/{subpage}'. */
export function videosUrl(subpage?: string): string {
  return subpage === undefined ? buildUrl('videos') : buildUrl('videoSubpage', { subpage });
}

/**
 * The site's own spelling of a path: without a trailing '/', except the home page '/'
 * (built URLs never end with '/', see buildUrl): '/news/' → '/news', '/' → '/'.
 */
export function withoutTrailingSlash(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Absolute canonical URL of a page from its path (or an absolute URL) on `site`, spelled as the
 * site links to it: no trailing '/' (a static build serves '/news/' for '/news'), query and
 * fragment dropped. ('/news/', 'https://x.test') → 'https://x.test/news'.
 */
export function canonicalUrl(pathOrUrl: string, site: URL | string): string {
  const url = new URL(pathOrUrl, site);
  url.pathname = withoutTrailingSlash(url.pathname);
  url.search = '';
  url.hash = '';
  return url.href;
}

/** Deepest content page: four slug segments (routes page … page4). */
export const MAX_CONTENT_PAGE_DEPTH = 4;

/**
 * URL of a catch-all content page from its full path (§2, §3 Menu page fullPath):
 * 'tickets/matchday-tickets' or '/tickets/matchday-tickets/' → '/tickets/matchday-tickets'.
 * One leading and one trailing '/' are ignored. Throws RouteParamError (route
 * 'page', param 'fullPath') unless there are 1 to 4 non-empty segments, and from
 * buildUrl when a segment is not a slug.
 */
export function contentPageUrl(fullPath: string): string {
  const trimmed = fullPath.replace(/^\//, '').replace(/\/$/, '');
  const segments = trimmed.split('/');
  if (trimmed === '' || segments.length > MAX_CONTENT_PAGE_DEPTH || segments.includes('')) {
    throw new RouteParamError('page', 'fullPath', `must be 1 to ${MAX_CONTENT_PAGE_DEPTH} non-empty segments, got ${JSON.stringify(fullPath)}`);
  }
  const [first = '', second, third, fourth] = segments;
  if (second === undefined) return buildUrl('page', { slug: first });
  if (third === undefined) return buildUrl('page2', { subpage1: first, slug: second });
  if (fourth === undefined) return buildUrl('page3', { subpage1: first, subpage2: second, slug: third });
  return buildUrl('page4', { subpage1: first, subpage2: second, subpage3: third, slug: fourth });
}
