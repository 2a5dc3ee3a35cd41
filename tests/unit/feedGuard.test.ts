/**
 * The feed guard's rules (src/lib/feedGuard.ts): configuration from the
 * environment, the empty / shrunk / ok verdict with the editor's override, unknown fixture
 * references and the published manifest's shape.
 */
import { describe, expect, it } from 'vitest';
import {
  contentManifest,
  DEFAULT_LOCAL_BASELINE,
  DEFAULT_SHRINK_LIMIT,
  feedGuardConfig,
  FeedGuardConfigError,
  judgeFeed,
  unknownFixtureReferences,
  type FeedGuardConfig,
  type GuardedFeed,
} from '../../src/lib/feedGuard';
import { contentManifestSchema } from '../../src/schemas/contentManifest';

const config = (limit: number, ...overrides: GuardedFeed[]): Pick<FeedGuardConfig, 'shrinkLimit' | 'overrides'> => ({
  shrinkLimit: limit,
  overrides: new Set(overrides),
});

describe('feedGuardConfig', () => {
  it('defaults: the previous local build, the default limit, no overrides', () => {
    const c = feedGuardConfig({});
    expect(c.baseline).toEqual({ kind: 'file', path: DEFAULT_LOCAL_BASELINE });
    expect(c.shrinkLimit).toBe(DEFAULT_SHRINK_LIMIT);
    expect([...c.overrides]).toEqual([]);
  });

  it("on Netlify the live site's manifest, from SITE_URL or else Netlify's URL", () => {
    expect(feedGuardConfig({ NETLIFY: 'true', SITE_URL: 'https://club.example/' }).baseline).toEqual({
      kind: 'url',
      url: 'https://club.example/content-manifest.json',
    });
    expect(feedGuardConfig({ NETLIFY: 'true', URL: 'https://terrace.netlify.app' }).baseline).toEqual({
      kind: 'url',
      url: 'https://terrace.netlify.app/content-manifest.json',
    });
    expect(feedGuardConfig({ SITE_URL: 'https://club.example' }).baseline.kind).toBe('file');
  });

  it('FEED_BASELINE: a URL, a path or none', () => {
    expect(
      feedGuardConfig({ FEED_BASELINE: 'https://club.example/content-manifest.json', NETLIFY: 'true', SITE_URL: 'https://other.example' }).baseline,
    ).toEqual({
      kind: 'url',
      url: 'https://club.example/content-manifest.json',
    });
    expect(feedGuardConfig({ FEED_BASELINE: '/srv/last/content-manifest.json' }).baseline).toEqual({ kind: 'file', path: '/srv/last/content-manifest.json' });
    expect(feedGuardConfig({ FEED_BASELINE: 'none' }).baseline).toEqual({ kind: 'none' });
    expect(() => feedGuardConfig({ FEED_BASELINE: 'https://' })).toThrow(FeedGuardConfigError);
  });

  it('FEED_SHRINK_LIMIT is a fraction from 0 to 1', () => {
    expect(feedGuardConfig({ FEED_SHRINK_LIMIT: '0.2' }).shrinkLimit).toBe(0.2);
    expect(feedGuardConfig({ FEED_SHRINK_LIMIT: '0' }).shrinkLimit).toBe(0);
    for (const bad of ['1.5', '-0.1', 'half', '50%']) expect(() => feedGuardConfig({ FEED_SHRINK_LIMIT: bad }), bad).toThrow(/FEED_SHRINK_LIMIT/);
  });

  it('FEED_GUARD_OVERRIDE lists guarded feeds; an unknown name fails rather than being ignored', () => {
    expect([...feedGuardConfig({ FEED_GUARD_OVERRIDE: ' news, packages ,' }).overrides].sort()).toEqual(['news', 'packages']);
    expect(() => feedGuardConfig({ FEED_GUARD_OVERRIDE: 'news,squad' })).toThrow(/"squad"/);
  });
});

describe('judgeFeed', () => {
  it('an empty feed is blocked even without a baseline, and names the override', () => {
    const verdict = judgeFeed({ feed: 'news', count: 0, baseline: null }, config(0.5));
    expect(verdict).toMatchObject({ status: 'empty', blocked: true });
    expect(verdict.status !== 'ok' && verdict.reason).toContain('FEED_GUARD_OVERRIDE=news');
    expect(judgeFeed({ feed: 'packages', count: 0, baseline: 5 }, config(1))).toMatchObject({ status: 'empty', blocked: true });
  });

  it('the override lets an empty or shrunk feed through, and only that feed', () => {
    expect(judgeFeed({ feed: 'fixtures', count: 0, baseline: 238 }, config(0.5, 'fixtures'))).toMatchObject({ status: 'empty', blocked: false });
    expect(judgeFeed({ feed: 'squads', count: 10, baseline: 86 }, config(0.5, 'squads'))).toMatchObject({ status: 'shrunk', blocked: false });
    expect(judgeFeed({ feed: 'squads', count: 10, baseline: 86 }, config(0.5, 'news'))).toMatchObject({ status: 'shrunk', blocked: true });
  });

  it('shrunk when it lost more than the limit of the last published count', () => {
    expect(judgeFeed({ feed: 'news', count: 5, baseline: 10 }, config(0.5)).status).toBe('ok');
    const verdict = judgeFeed({ feed: 'news', count: 4, baseline: 10 }, config(0.5));
    expect(verdict).toMatchObject({ status: 'shrunk', blocked: true });
    expect(verdict.status !== 'ok' && verdict.reason).toMatch(/from 10 .* to 4 \(lost 60%, more than FEED_SHRINK_LIMIT 50%\)/);
    expect(judgeFeed({ feed: 'news', count: 9, baseline: 10 }, config(0)).status).toBe('shrunk');
    expect(judgeFeed({ feed: 'news', count: 1, baseline: 10 }, config(1)).status).toBe('ok');
  });

  it('ok without a baseline, from a zero baseline, and when the feed grew', () => {
    expect(judgeFeed({ feed: 'news', count: 1, baseline: null }, config(0.5)).status).toBe('ok');
    expect(judgeFeed({ feed: 'news', count: 1, baseline: 0 }, config(0.5)).status).toBe('ok');
    expect(judgeFeed({ feed: 'news', count: 90, baseline: 85 }, config(0)).status).toBe('ok');
  });
});

describe('unknownFixtureReferences', () => {
  const known = { teamSlugs: new Set(['', 'u21', 'women']), competitionIds: new Set(['championship', 'fa-cup']) };

  it('names each fixture with an unknown team or competition, in feed order', () => {
    const unknown = unknownFixtureReferences(
      [
        { id: 'first-team/2026-08-15-swansea-city', teamSlug: '', competition: 'championship' },
        { id: 'u23/2026-08-16-derby-county-u23', teamSlug: 'u23', competition: 'championship' },
        { id: 'women/2026-08-17-lewes', teamSlug: 'women', competition: 'champions-league' },
        { id: 'u19/2026-08-18-ajax-u19', teamSlug: 'u19', competition: 'youth-league' },
      ],
      known,
    );
    expect(unknown.map((u) => u.item)).toEqual(['u23/2026-08-16-derby-county-u23', 'women/2026-08-17-lewes', 'u19/2026-08-18-ajax-u19']);
    expect(unknown[0]!.problem).toMatch(/^unknown team "u23"/);
    expect(unknown[1]!.problem).toMatch(/^unknown competition "champions-league"/);
    expect(unknown[2]!.problem).toMatch(/unknown team "u19".*; unknown competition "youth-league"/);
  });

  it('the first team is the empty slug', () => {
    expect(unknownFixtureReferences([{ id: 'first-team/x', teamSlug: '', competition: 'fa-cup' }], known)).toEqual([]);
    expect(unknownFixtureReferences([{ id: 'first-team/x', teamSlug: '', competition: 'fa-cup' }], { ...known, teamSlugs: new Set(['u21']) })).toHaveLength(1);
  });
});

describe('contentManifest', () => {
  it('is a valid manifest with the counts and the build time', () => {
    const manifest = contentManifest({ news: 85, fixtures: 238, squads: 86, packages: 5 }, new Date('2026-08-01T12:00:00Z'));
    expect(contentManifestSchema.parse(manifest)).toEqual({
      version: 1,
      builtAt: '2026-08-01T12:00:00.000Z',
      feeds: { news: 85, fixtures: 238, squads: 86, packages: 5 },
    });
  });

  it('the schema refuses a malformed manifest', () => {
    expect(contentManifestSchema.safeParse({ version: 1, builtAt: 'yesterday', feeds: {} }).success).toBe(false);
    expect(contentManifestSchema.safeParse({ version: 1, builtAt: '2026-08-01T12:00:00Z', feeds: { news: -1 } }).success).toBe(false);
  });
});
