/**
 * Loader of the site's one clock (collection `clock`, entry 'default'): the instant the
 * site decides what is past, live or next at.
 * - Embedded dataset: its own "as of" instant, `asOf` in club/dataset.json (validated; a missing
 *   or invalid file fails the build naming the feed) — the same instant on every build.
 * - Platform content (CONTENT_API_URL set): the real time of the build.
 * - TERRACE_AS_OF (an ISO 8601 instant) overrides either, to see the site at another instant
 *   (pre-season, a countdown); the data stays as it is.
 * Stores { asOf: UTC ISO instant, source: 'dataset' | 'platform' | 'override' }.
 */
import type { Loader } from 'astro/loaders';
import { contentSource } from './contentDir';
import { SINGLE_ENTRY_ID } from './entryIds';
import { ContentFeedError, messageOf } from './feedError';
import { readJsonFile, storeItems } from './jsonFeedLoader';
import { datasetSchema, type Clock } from '../schemas/clockSchema';

const DATASET_FILE = 'club/dataset.json';

/** The UTC ISO form of an instant, or a ContentFeedError naming where it came from. */
function utcInstant(feed: string, collection: string, value: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(value))
    throw new ContentFeedError(feed, collection, SINGLE_ENTRY_ID, `asOf: '${value}' is not an ISO 8601 instant`);
  return new Date(ms).toISOString();
}

export function clockLoader(): Loader {
  return {
    name: 'clock',
    load: async (context) => {
      let clock: Clock;
      const override = process.env.TERRACE_AS_OF;
      if (override) {
        clock = { asOf: utcInstant('env:TERRACE_AS_OF', context.collection, override), source: 'override' };
      } else if (contentSource() === 'platform') {
        clock = { asOf: new Date().toISOString(), source: 'platform' };
      } else {
        const feed = `embedded:${DATASET_FILE}`;
        const parsed = datasetSchema.safeParse(await readJsonFile(feed, context.collection, DATASET_FILE));
        if (!parsed.success) throw new ContentFeedError(feed, context.collection, SINGLE_ENTRY_ID, messageOf(parsed.error));
        clock = { asOf: utcInstant(feed, context.collection, parsed.data.asOf), source: 'dataset' };
      }
      await storeItems(context, `clock:${clock.source}`, [{ id: SINGLE_ENTRY_ID, data: clock }]);
    },
  };
}
