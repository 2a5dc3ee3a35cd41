import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PARAM_PATTERNS,
  ROUTE_PATHS,
  ROUTES,
  RouteParamError,
  appNewsDateUrl,
  appNewsUrl,
  buildUrl,
  canonicalUrl,
  categoryUrl,
  contentPageUrl,
  matchCentreUrl,
  matchesUrl,
  newsArticleUrl,
  newsDateUrl,
  playerUrl,
  teamSegment,
  teamUrl,
  videosUrl,
  withoutTrailingSlash,
  type RouteName,
} from '../../src/lib/routes';

/**
 * The path patterns of spec §2's route table, read from the spec: every path in a row's first
 * cell, with the rows' own shorthands spelled out ("the year, month, day variants" of
 * /app/news are the /news ones under /app; "up to subpage4" continues the content pages).
 */
function specRoutePaths(): Set<string> {
  const spec = readFileSync(path.resolve(import.meta.dirname, '../../../shared/spec/club-site-spec.md'), 'utf8');
  const table = spec.slice(spec.indexOf('### Route table'), spec.indexOf('\n\n', spec.indexOf('| Path |')));
  const paths = new Set<string>();
  for (const row of table.split('\n').slice(4)) {
    const cell = row.split('|')[1] ?? '';
    for (const match of cell.matchAll(/\/[\w/:?]*/g)) paths.add(match[0]);
    if (cell.includes('the year, month, day variants')) {
      for (const news of ['/news/:year/:slug?', '/news/:year/:month?/:slug?', '/news/:year/:month?/:day?/:slug?']) paths.add(`/app${news}`);
    }
    if (cell.includes('up to subpage4')) {
      paths.add('/:subpage1/:subpage2/:slug?');
      paths.add('/:subpage1/:subpage2/:subpage3/:slug?');
    }
  }
  return paths;
}

/** Runs `fn`, expecting a RouteParamError, and returns it. */
function routeError(fn: () => unknown): RouteParamError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RouteParamError);
    return error as RouteParamError;
  }
  throw new Error('expected a RouteParamError');
}

describe('route table (spec §2)', () => {
  it("has exactly the path patterns of the spec's route table", () => {
    expect(new Set(Object.values(ROUTE_PATHS))).toEqual(specRoutePaths());
  });

  it('compiles every route with a pattern per parameter, optional ones last', () => {
    for (const name of Object.keys(ROUTE_PATHS) as RouteName[]) {
      const route = ROUTES[name];
      expect(route.name).toBe(name);
      expect(route.path).toBe(ROUTE_PATHS[name]);
      const firstOptional = route.params.findIndex((p) => p.optional);
      for (const [index, param] of route.params.entries()) {
        expect(param.pattern).toBe(PARAM_PATTERNS[param.name]);
        if (firstOptional !== -1 && index > firstOptional) expect(param.optional).toBe(true);
      }
    }
    expect(ROUTES.newsMonth.params.map((p) => [p.name, p.optional])).toEqual([
      ['year', false],
      ['month', true],
      ['slug', true],
    ]);
  });

  it('uses the spec patterns', () => {
    expect(PARAM_PATTERNS.slug.test('matchday-tickets')).toBe(true);
    expect(PARAM_PATTERNS.slug.test('Matchday')).toBe(false);
    expect(PARAM_PATTERNS.slug.test('a--b')).toBe(false);
    expect(PARAM_PATTERNS.slug.test('-a')).toBe(false);
    expect(PARAM_PATTERNS.season.test('2025-26')).toBe(true);
    expect(PARAM_PATTERNS.season.test('2025/26')).toBe(false);
    expect(PARAM_PATTERNS.year.test('2025')).toBe(true);
    expect(PARAM_PATTERNS.year.test('25')).toBe(false);
    expect(PARAM_PATTERNS.month.test('08')).toBe(true);
    expect(PARAM_PATTERNS.month.test('8')).toBe(false);
    expect(PARAM_PATTERNS.day.test('05')).toBe(true);
    expect(PARAM_PATTERNS.matchID.test('g2444470')).toBe(true);
  });
});

describe('buildUrl', () => {
  it('builds static routes', () => {
    expect(buildUrl('home')).toBe('/');
    expect(buildUrl('matches')).toBe('/matches');
    expect(buildUrl('news')).toBe('/news');
    expect(buildUrl('teams')).toBe('/teams');
    expect(buildUrl('videos')).toBe('/videos');
    expect(buildUrl('login')).toBe('/account/login');
  });

  it('fills parameters without a trailing slash', () => {
    expect(buildUrl('matchesTeamSeason', { team: 'u21', season: '2025-26' })).toBe('/matches/u21/2025-26');
    expect(buildUrl('newsArticle', { slug: 'big-win' })).toBe('/news/big-win');
    expect(buildUrl('teamPlayer', { team: 'women', player: 'jane-doe' })).toBe('/players/women/jane-doe');
    expect(buildUrl('page4', { subpage1: 'a', subpage2: 'b', subpage3: 'c', slug: 'd' })).toBe('/a/b/c/d');
  });

  it('omits optional parameters from the end', () => {
    expect(buildUrl('category')).toBe('/category');
    expect(buildUrl('match')).toBe('/match');
    expect(buildUrl('match', { team: 'u18' })).toBe('/match/u18');
    expect(buildUrl('newsDay', { year: '2025' })).toBe('/news/2025');
    expect(buildUrl('newsDay', { year: '2025', month: '08' })).toBe('/news/2025/08');
    expect(buildUrl('newsDay', { year: '2025', month: '08', day: '05', slug: 'x' })).toBe('/news/2025/08/05/x');
    expect(buildUrl('appNews')).toBe('/app/news');
    expect(buildUrl('page2', { subpage1: 'tickets' })).toBe('/tickets');
  });

  it('throws when a required parameter is missing', () => {
    const error = routeError(() => buildUrl('newsArticle', {} as { slug: string }));
    expect(error.route).toBe('newsArticle');
    expect(error.param).toBe('slug');
    expect(error.name).toBe('RouteParamError');
    expect(error.message).toBe("Cannot build URL for route 'newsArticle' (/news/:slug): parameter 'slug' is required");
    expect(routeError(() => buildUrl('matchesTeamSeason', { team: 'u21' } as { team: string; season: string })).param).toBe('season');
  });

  it('throws when an optional parameter is skipped before a given one', () => {
    const error = routeError(() => buildUrl('newsMonth', { year: '2025', slug: 'x' }));
    expect(error.route).toBe('newsMonth');
    expect(error.param).toBe('month');
    expect(routeError(() => buildUrl('match', { matchID: 'g1' })).param).toBe('team');
    expect(routeError(() => buildUrl('newsDay', { year: '2025', month: '08', slug: 'x' })).param).toBe('day');
  });

  it('throws when a value does not match its pattern', () => {
    const error = routeError(() => buildUrl('matchesTeamSeason', { team: 'u21', season: '2025/26' }));
    expect(error.param).toBe('season');
    expect(error.message).toContain('"2025/26"');
    expect(routeError(() => buildUrl('newsArticle', { slug: 'Big Win' })).param).toBe('slug');
    expect(routeError(() => buildUrl('newsArticle', { slug: 'a/b' })).param).toBe('slug');
    expect(routeError(() => buildUrl('newsArticle', { slug: '' })).param).toBe('slug');
    expect(routeError(() => buildUrl('newsYear', { year: '25' })).param).toBe('year');
    expect(routeError(() => buildUrl('newsMonth', { year: '2025', month: '8' })).param).toBe('month');
    expect(routeError(() => buildUrl('newsDay', { year: '2025', month: '08', day: '5' })).param).toBe('day');
    expect(routeError(() => buildUrl('team', { team: 5 } as unknown as { team: string })).param).toBe('team');
  });

  it('throws on a parameter the route does not have', () => {
    const error = routeError(() => buildUrl('newsYear', { year: '2025', month: '08' } as { year: string }));
    expect(error.param).toBe('month');
  });

  it('throws a TypeError for an unknown route', () => {
    expect(() => buildUrl('nope' as 'home')).toThrow(TypeError);
  });

  it('types parameters per route', () => {
    // Compile-time checks: each line must be a type error (verified by tsc --noEmit).
    // @ts-expect-error slug is required
    expect(() => buildUrl('newsArticle')).toThrow(RouteParamError);
    // @ts-expect-error news has no parameters
    expect(() => buildUrl('news', { slug: 'x' })).toThrow(RouteParamError);
    // @ts-expect-error season is required on matchesTeamSeason
    expect(() => buildUrl('matchesTeamSeason', { team: 'u21' })).toThrow(RouteParamError);
  });
});

describe('page helpers', () => {
  it('teamSegment maps the first team’s empty slug', () => {
    expect(teamSegment('')).toBe('first-team');
    expect(teamSegment('', 'seniors')).toBe('seniors');
    expect(teamSegment('u21')).toBe('u21');
  });

  it('builds news URLs', () => {
    expect(newsArticleUrl('big-win')).toBe('/news/big-win');
    expect(appNewsUrl('big-win')).toBe('/app/news/big-win');
  });

  it('builds dated news URLs from the London date', () => {
    // 23:30 UTC on 5 Aug is 00:30 BST on 6 Aug.
    const iso = '2025-08-05T23:30:00Z';
    expect(newsDateUrl(iso, 'win', 'year')).toBe('/news/2025/win');
    expect(newsDateUrl(iso, 'win', 'month')).toBe('/news/2025/08/win');
    expect(newsDateUrl(iso, 'win', 'day')).toBe('/news/2025/08/06/win');
    // New Year's Eve 23:30 UTC is still 31 Dec in London (GMT).
    expect(newsDateUrl('2024-12-31T23:30:00Z', 'win', 'day')).toBe('/news/2024/12/31/win');
    expect(appNewsDateUrl(iso, 'win', 'day')).toBe('/app/news/2025/08/06/win');
    const error = routeError(() => newsDateUrl('not a date', 'win', 'month'));
    expect([error.route, error.param]).toEqual(['newsMonth', 'year']);
    expect(routeError(() => newsDateUrl(iso, 'Bad Slug', 'day')).param).toBe('slug');
  });

  it('builds matches URLs', () => {
    expect(matchesUrl()).toBe('/matches');
    expect(matchesUrl('u21')).toBe('/matches/u21');
    expect(matchesUrl('first-team', '2025-26')).toBe('/matches/first-team/2025-26');
    expect(routeError(() => matchesUrl(undefined, '2025-26')).param).toBe('team');
    // The empty first-team slug must go through teamSegment first.
    expect(routeError(() => matchesUrl('')).param).toBe('team');
  });

  it('builds match centre, team, player, category and video URLs', () => {
    expect(matchCentreUrl('first-team', '2025-26', 'g2444470')).toBe('/match/first-team/2025-26/g2444470');
    expect(routeError(() => matchCentreUrl('first-team', '2025', 'g1')).param).toBe('season');
    expect(teamUrl('women')).toBe('/teams/women');
    expect(playerUrl('u18', 'sam-smith')).toBe('/players/u18/sam-smith');
    expect(categoryUrl('job-vacancies')).toBe('/category/job-vacancies');
    expect(videosUrl()).toBe('/videos');
    expect(videosUrl('subscriptions')).toBe('/videos/subscriptions');
    expect(routeError(() => videosUrl('')).param).toBe('subpage');
  });

  it('builds content page URLs of 1 to 4 segments', () => {
    expect(contentPageUrl('tickets')).toBe('/tickets');
    expect(contentPageUrl('/tickets/matchday-tickets/')).toBe('/tickets/matchday-tickets');
    expect(contentPageUrl('hospitality/seasonal/the-lounge')).toBe('/hospitality/seasonal/the-lounge');
    expect(contentPageUrl('a/b/c/d')).toBe('/a/b/c/d');
    for (const bad of ['', '/', 'a/b/c/d/e', 'a//b']) {
      const error = routeError(() => contentPageUrl(bad));
      expect([error.route, error.param]).toEqual(['page', 'fullPath']);
    }
    expect(routeError(() => contentPageUrl('tickets/Opening Hours')).param).toBe('slug');
    expect(routeError(() => contentPageUrl('Tickets/x')).param).toBe('subpage1');
  });
});

describe('canonical URLs (links are spelled without a trailing slash)', () => {
  it('drops the trailing slash a directory build gives every path, except the home page', () => {
    expect(withoutTrailingSlash('/news/')).toBe('/news');
    expect(withoutTrailingSlash('/match/first-team/2025-26/')).toBe('/match/first-team/2025-26');
    expect(withoutTrailingSlash('/teams')).toBe('/teams');
    expect(withoutTrailingSlash('/')).toBe('/');
    expect(withoutTrailingSlash('')).toBe('/');
  });

  it('gives the absolute URL the site links to, without query or fragment', () => {
    expect(canonicalUrl('/news/', 'https://club.example')).toBe('https://club.example/news');
    expect(canonicalUrl('/', 'https://club.example')).toBe('https://club.example/');
    expect(canonicalUrl('/players/u21/sam-smith/?x=1#bio', 'https://club.example')).toBe('https://club.example/players/u21/sam-smith');
    expect(canonicalUrl('https://club.example/teams/', 'http://localhost:4321')).toBe('https://club.example/teams');
    expect(canonicalUrl(newsArticleUrl('win'), 'https://club.example')).toBe(`https://club.example${newsArticleUrl('win')}`);
  });
});
