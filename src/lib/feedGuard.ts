/**
 * Feeds that can't empty the site (ARCHITECTURE §2), pure rules for src/loaders/feedGuardLoader.ts: which
 * feeds are guarded (news, fixtures, squads, packages) and their collections; the configuration
 * (FEED_BASELINE, FEED_SHRINK_LIMIT, FEED_GUARD_OVERRIDE); the verdict on a feed's count against the
 * last published one (ok, empty — always fails —, or shrunk past the limit; an override lets it
 * through for one build); fixtures naming an unknown team or competition; the manifest a build
 * publishes for the next one.
 */
import type { ContentManifest } from '../schemas/contentManifest';

/** Guarded feed → the content collection it fills. Fixtures and results share one collection. */
export const GUARDED_FEEDS = {
  news: 'news',
  fixtures: 'matches',
  squads: 'players',
  packages: 'packages',
} as const;

export type GuardedFeed = keyof typeof GUARDED_FEEDS;

/** Where the published manifest lives on the site. */
export const CONTENT_MANIFEST_PATH = '/content-manifest.json';

/** Default FEED_SHRINK_LIMIT: a feed may lose at most half of its last published items. */
export const DEFAULT_SHRINK_LIMIT = 0.5;

/** Default baseline of local builds: the manifest of the previous build in dist/. */
export const DEFAULT_LOCAL_BASELINE = 'dist/content-manifest.json';

/** Where the last published manifest is read from. */
export type BaselineSource = { kind: 'url'; url: string } | { kind: 'file'; path: string } | { kind: 'none' };

/** The guard's settings, see {@link feedGuardConfig}. */
export interface FeedGuardConfig {
  baseline: BaselineSource;
  /** Largest fraction (0–1) of its last published items a feed may lose in one build. */
  shrinkLimit: number;
  /** Feeds an editor allows to come back empty or shrunk in this build. */
  overrides: ReadonlySet<GuardedFeed>;
}

/** The environment variables the guard reads (all optional). */
export interface FeedGuardEnv {
  FEED_BASELINE?: string | undefined;
  FEED_SHRINK_LIMIT?: string | undefined;
  FEED_GUARD_OVERRIDE?: string | undefined;
  SITE_URL?: string | undefined;
  /** Set to 'true' by Netlify's build environment, with URL (the site's main address). */
  NETLIFY?: string | undefined;
  URL?: string | undefined;
}

/** A malformed guard setting; the build must not guess. */
export class FeedGuardConfigError extends Error {
  override name = 'FeedGuardConfigError';
}

export function isGuardedFeed(name: string): name is GuardedFeed {
  return Object.hasOwn(GUARDED_FEEDS, name);
}

/**
 * The guard's configuration from the environment:
 * - FEED_BASELINE: an http(s) URL or a file path of the last published manifest, or 'none'.
 *   Default: on Netlify (NETLIFY=true) the live site's manifest, `${SITE_URL or URL}/content-manifest.json`;
 *   elsewhere the previous local build's `dist/content-manifest.json`.
 * - FEED_SHRINK_LIMIT: a number from 0 to 1, default {@link DEFAULT_SHRINK_LIMIT}.
 * - FEED_GUARD_OVERRIDE: comma-separated guarded feed names (news, fixtures, squads, packages).
 * Throws FeedGuardConfigError on a limit outside 0–1, an unknown feed name or a malformed URL.
 */
export function feedGuardConfig(env: FeedGuardEnv): FeedGuardConfig {
  return { baseline: baselineSource(env), shrinkLimit: shrinkLimit(env.FEED_SHRINK_LIMIT), overrides: overrides(env.FEED_GUARD_OVERRIDE) };
}

function baselineSource(env: FeedGuardEnv): BaselineSource {
  const configured = env.FEED_BASELINE?.trim();
  if (configured) {
    if (configured.toLowerCase() === 'none') return { kind: 'none' };
    if (/^https?:\/\//i.test(configured)) return { kind: 'url', url: checkedUrl(configured, 'FEED_BASELINE') };
    return { kind: 'file', path: configured };
  }
  const site = env.NETLIFY === 'true' ? env.SITE_URL?.trim() || env.URL?.trim() : undefined;
  if (site) return { kind: 'url', url: checkedUrl(`${site.replace(/\/+$/, '')}${CONTENT_MANIFEST_PATH}`, 'SITE_URL') };
  return { kind: 'file', path: DEFAULT_LOCAL_BASELINE };
}

function checkedUrl(value: string, variable: string): string {
  try {
    return new URL(value).href;
  } catch {
    throw new FeedGuardConfigError(`${variable} is not a valid URL: "${value}"`);
  }
}

function shrinkLimit(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SHRINK_LIMIT;
  const limit = Number(value);
  if (!Number.isFinite(limit) || limit < 0 || limit > 1) {
    throw new FeedGuardConfigError(`FEED_SHRINK_LIMIT must be a fraction from 0 to 1 (e.g. 0.5), not "${value}"`);
  }
  return limit;
}

function overrides(value: string | undefined): ReadonlySet<GuardedFeed> {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isGuardedFeed(name));
  if (unknown.length > 0) {
    throw new FeedGuardConfigError(
      `FEED_GUARD_OVERRIDE names unknown feed(s) ${unknown.map((n) => `"${n}"`).join(', ')}; guarded feeds are ${Object.keys(GUARDED_FEEDS).join(', ')}`,
    );
  }
  return new Set(names.filter(isGuardedFeed));
}

/** One feed's count as loaded now, and as last published (null: no baseline for it). */
export interface FeedCount {
  feed: GuardedFeed;
  count: number;
  baseline: number | null;
}

/**
 * The guard's verdict on one feed. `status` says what happened; `blocked` whether the build must
 * fail (an empty or shrunk feed that the editor has not overridden); `reason` explains it in
 * words that name the feed and the counts.
 */
export type FeedVerdict = { status: 'ok'; blocked: false } | { status: 'empty' | 'shrunk'; blocked: boolean; reason: string };

const percent = (fraction: number): string => `${Math.round(fraction * 1000) / 10}%`;

/**
 * Judges a feed's item count against the last published site:
 * - empty (0 items) always counts, with or without a baseline;
 * - shrunk when it lost more than `shrinkLimit` of the baseline's items
 *   (baseline 10, limit 0.5: 5 items is ok, 4 is shrunk);
 * - otherwise ok (also when there is no baseline, or it grew).
 * An empty or shrunk feed is blocked unless the feed is in `config.overrides`.
 */
export function judgeFeed({ feed, count, baseline }: FeedCount, config: Pick<FeedGuardConfig, 'shrinkLimit' | 'overrides'>): FeedVerdict {
  const overridden = config.overrides.has(feed);
  const outcome = (refusal: string) =>
    overridden ? `allowed by FEED_GUARD_OVERRIDE=${feed}` : `refusing to publish ${refusal}; if this is intended, rebuild with FEED_GUARD_OVERRIDE=${feed}`;
  const last = baseline === null ? 'no baseline' : `the last published site has ${baseline}`;
  if (count === 0) {
    return { status: 'empty', blocked: !overridden, reason: `the feed is empty (0 items; ${last}): ${outcome('an emptied site')}` };
  }
  if (baseline !== null && baseline > 0 && baseline - count > config.shrinkLimit * baseline) {
    const lost = (baseline - count) / baseline;
    return {
      status: 'shrunk',
      blocked: !overridden,
      reason: `the feed shrank from ${baseline} items on the last published site to ${count} (lost ${percent(lost)}, more than FEED_SHRINK_LIMIT ${percent(config.shrinkLimit)}): ${outcome('a site that lost that much')}`,
    };
  }
  return { status: 'ok', blocked: false };
}

/** The last published count of a feed, or null when the manifest has none. */
export function baselineCount(manifest: ContentManifest | null, feed: GuardedFeed): number | null {
  return manifest?.feeds[feed] ?? null;
}

/** The manifest a build publishes: its guarded feeds' counts and its build time. */
export function contentManifest(counts: Record<GuardedFeed, number>, builtAt: Date): ContentManifest {
  return { version: 1, builtAt: builtAt.toISOString(), feeds: { ...counts } };
}

/** What a fixture or result refers to: its collection id, team slug ('' = first team), competition id. */
export interface FixtureReference {
  id: string;
  teamSlug: string;
  competition: string;
}

/** A fixture that refers to something unknown, and what. */
export interface UnknownReference {
  item: string;
  problem: string;
}

/**
 * Fixtures and results whose team (by slug) or competition (by id) is not among the known ones,
 * in feed order, with a problem text naming the unknown value. Such a match would silently
 * drop off every team page, so the build must fail naming it.
 */
export function unknownFixtureReferences(
  fixtures: readonly FixtureReference[],
  known: { teamSlugs: ReadonlySet<string>; competitionIds: ReadonlySet<string> },
): UnknownReference[] {
  const unknown: UnknownReference[] = [];
  for (const fixture of fixtures) {
    const problems: string[] = [];
    if (!known.teamSlugs.has(fixture.teamSlug))
      problems.push(`unknown team "${fixture.teamSlug}" (teamSlug; known: ${[...known.teamSlugs].map((s) => `"${s}"`).join(', ')})`);
    if (!known.competitionIds.has(fixture.competition))
      problems.push(`unknown competition "${fixture.competition}" (known: ${[...known.competitionIds].join(', ')})`);
    if (problems.length > 0) unknown.push({ item: fixture.id, problem: problems.join('; ') });
  }
  return unknown;
}
