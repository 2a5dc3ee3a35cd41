/**
 * The feed guard around content loaders (ARCHITECTURE §2; rules in src/lib/feedGuard.ts): a guarded
 * feed that comes back empty, or shrank past FEED_SHRINK_LIMIT against the last published manifest,
 * fails the build with a ContentFeedError naming it unless FEED_GUARD_OVERRIDE lists it; fixtures
 * naming an unknown team or competition fail naming the match. The baseline is read once per build
 * from a URL (5 s timeout) or a file; a missing or invalid one is logged and only the shrink check
 * is skipped.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { baselineCount, feedGuardConfig, GUARDED_FEEDS, judgeFeed, unknownFixtureReferences, type BaselineSource, type GuardedFeed } from '../lib/feedGuard';
import { contentManifestSchema, type ContentManifest } from '../schemas/contentManifest';
import { ContentFeedError, messageOf } from './feedError';

/** How long fetching the live site's manifest may take before it counts as unreachable (ms). */
const BASELINE_TIMEOUT_MS = 5_000;

/** How long a fixtures check waits for the teams and competitions collections (ms). */
const REFERENCE_WAIT_MS = 120_000;

type Logger = LoaderContext['logger'];

/** The baseline of this process, read once for all guarded feeds (keyed by its source). */
let baseline: { key: string; manifest: Promise<ContentManifest | null> } | null = null;

/**
 * The last published manifest from `source`, or null (logged) when there is none, it cannot be
 * fetched or read, or it is not a valid manifest. Never throws.
 */
export async function readBaseline(source: BaselineSource, logger: Logger): Promise<ContentManifest | null> {
  if (source.kind === 'none') {
    logger.info('Feed guard: no baseline (FEED_BASELINE=none); only empty feeds are checked');
    return null;
  }
  const where = source.kind === 'url' ? source.url : path.resolve(source.path);
  let text: string;
  try {
    if (source.kind === 'url') {
      const response = await fetch(source.url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(BASELINE_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } else {
      text = await readFile(where, 'utf8');
    }
  } catch (error) {
    const missingFile = source.kind === 'file' && (error as NodeJS.ErrnoException).code === 'ENOENT';
    const message = `Feed guard: ${missingFile ? 'no baseline manifest at' : 'the baseline manifest is unreachable:'} ${where}${missingFile ? '' : ` (${messageOf(error)})`}; feeds are not compared with the last published site, empty feeds still fail`;
    if (missingFile) logger.info(message);
    else logger.warn(message);
    return null;
  }
  let parsed: ReturnType<typeof contentManifestSchema.safeParse>;
  try {
    parsed = contentManifestSchema.safeParse(JSON.parse(text));
  } catch (error) {
    logger.warn(
      `Feed guard: the baseline manifest ${where} is not JSON (${messageOf(error)}); feeds are not compared with the last published site, empty feeds still fail`,
    );
    return null;
  }
  if (!parsed.success) {
    logger.warn(
      `Feed guard: the baseline manifest ${where} is invalid (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); feeds are not compared with the last published site, empty feeds still fail`,
    );
    return null;
  }
  logger.info(`Feed guard: baseline ${where}, built ${parsed.data.builtAt}`);
  return parsed.data;
}

function baselineFor(source: BaselineSource, logger: Logger): Promise<ContentManifest | null> {
  const key = JSON.stringify(source);
  if (baseline?.key !== key) baseline = { key, manifest: readBaseline(source, logger) };
  return baseline.manifest;
}

/** A collection's loader that also hands its loaded entries to other loaders' checks. */
export interface ObservedCollection {
  readonly loader: Loader;
  /** The data of the entries of the latest completed load (waits for the first one). */
  entries(): Promise<readonly Record<string, unknown>[]>;
}

/**
 * Wraps a loader so that other loaders' checks can read what it loaded (the fixtures check
 * reads teams and competitions). Astro runs all loaders of a sync concurrently, so waiting here
 * cannot deadlock; a collection that never loads fails the waiting check after 120 s.
 */
export function observed(collection: string, loader: Loader): ObservedCollection {
  let resolveFirst: (entries: Record<string, unknown>[]) => void = () => {};
  let rejectFirst: (error: unknown) => void = () => {};
  const first = new Promise<Record<string, unknown>[]>((resolve, reject) => {
    resolveFirst = resolve;
    rejectFirst = reject;
  });
  first.catch(() => {}); // a failed load fails the build by itself
  let latest: Promise<Record<string, unknown>[]> | null = null;
  return {
    loader: {
      ...loader,
      load: async (context) => {
        try {
          await loader.load(context);
        } catch (error) {
          rejectFirst(error);
          throw error;
        }
        const entries = context.store.values().map((entry) => entry.data);
        latest = Promise.resolve(entries);
        resolveFirst(entries);
      },
    },
    entries: async () => {
      if (latest) return latest;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`collection "${collection}" did not load within ${REFERENCE_WAIT_MS / 1000} s`)), REFERENCE_WAIT_MS);
      });
      try {
        return await Promise.race([first, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Wraps the loader of a guarded feed: after it has loaded, the collection's item count is
 * judged against the baseline; a blocked verdict throws a ContentFeedError naming the feed (an
 * overridden one is logged as a warning). `check` runs afterwards for item-level rules.
 * Reads FEED_BASELINE, FEED_SHRINK_LIMIT and FEED_GUARD_OVERRIDE; a malformed one fails.
 */
export function guardedFeed(feed: GuardedFeed, loader: Loader, check?: (context: LoaderContext) => Promise<void>): Loader {
  return {
    ...loader,
    load: async (context) => {
      if (context.collection !== GUARDED_FEEDS[feed]) {
        throw new ContentFeedError(
          feed,
          context.collection,
          null,
          `the feed guard expects feed "${feed}" to fill collection "${GUARDED_FEEDS[feed]}" (src/lib/feedGuard.ts)`,
        );
      }
      let config: ReturnType<typeof feedGuardConfig>;
      try {
        config = feedGuardConfig(process.env);
      } catch (error) {
        throw new ContentFeedError(feed, context.collection, null, `feed guard configuration: ${messageOf(error)}`);
      }
      const manifest = baselineFor(config.baseline, context.logger);
      await loader.load(context);
      const count = context.store.keys().length;
      const verdict = judgeFeed({ feed, count, baseline: baselineCount(await manifest, feed) }, config);
      if (verdict.status !== 'ok') {
        const detail = `${verdict.reason} (loader ${loader.name})`;
        if (verdict.blocked) throw new ContentFeedError(feed, context.collection, null, detail);
        context.logger.warn(`Feed guard: feed "${feed}": ${detail}`);
      }
      await check?.(context);
    },
  };
}

/**
 * The fixtures check: every fixture and result must belong to a known team (by slug) and a
 * known competition (by id); the first unknown one fails naming the item (and how many more).
 */
export function fixtureReferencesCheck(known: { teams: ObservedCollection; competitions: ObservedCollection }): (context: LoaderContext) => Promise<void> {
  return async (context) => {
    let teams: readonly Record<string, unknown>[];
    let competitions: readonly Record<string, unknown>[];
    try {
      [teams, competitions] = await Promise.all([known.teams.entries(), known.competitions.entries()]);
    } catch (error) {
      throw new ContentFeedError('fixtures', context.collection, null, `cannot check teams and competitions: ${messageOf(error)}`);
    }
    const fixtures = context.store.entries().map(([id, entry]) => ({ id, teamSlug: String(entry.data.teamSlug), competition: String(entry.data.competition) }));
    const unknown = unknownFixtureReferences(fixtures, {
      teamSlugs: new Set(teams.map((team) => String(team.slug))),
      competitionIds: new Set(competitions.map((competition) => String(competition.id))),
    });
    const [firstUnknown, ...more] = unknown;
    if (firstUnknown) {
      const others =
        more.length > 0
          ? ` (and ${more.length} more: ${more
              .slice(0, 5)
              .map((u) => u.item)
              .join(', ')}${more.length > 5 ? ', …' : ''})`
          : '';
      throw new ContentFeedError('fixtures', context.collection, firstUnknown.item, `${firstUnknown.problem}${others}`);
    }
  };
}
