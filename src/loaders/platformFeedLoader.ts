import type { Loader } from 'astro/loaders';
import { sanitizeContentHtml } from '../lib/sanitize';
import { bodiesDir, pruneBodyFiles, withBodyFile } from './contentBodies';
import { ContentFeedError, messageOf } from './feedError';
import { SINGLE_ENTRY_ID } from './entryIds';
import { asRecords, idField, storeItems } from './jsonFeedLoader';

/** How long one content-API request may take before the feed counts as failed (ms). */
const TIMEOUT_MS = 20_000;

/**
 * One feed of the content API: its `path` under CONTENT_API_URL; what names each entity (`idOf`:
 * a field, or a function of the entity for ids the pages look up by their parts, such as a league
 * table's 'championship/2025-26'), or `single` for a feed of one entity; `html` when entities
 * carry an HTML `body`.
 */
export type PlatformFeed = { path: string; html?: boolean } & (
  { idOf: string | ((entity: Record<string, unknown>) => string); single?: never } | { single: true; idOf?: never }
);

/** An entity's id by `idOf`, or a ContentFeedError naming the entity's position when it has none. */
function entityId(url: string, collection: string, record: Record<string, unknown>, idOf: PlatformFeed['idOf'] & {}, index: number): string {
  if (typeof idOf === 'string') return idField(url, collection, record, idOf, index);
  let id: string;
  try {
    id = idOf(record);
  } catch (error) {
    throw new ContentFeedError(url, collection, `#${index}`, messageOf(error));
  }
  if (id === '') throw new ContentFeedError(url, collection, `#${index}`, 'no id');
  return id;
}

/**
 * Reads one feed of the club platform's content API: GET `${CONTENT_API_URL}/${path}`, which
 * answers a JSON list (or `{ data: [...] }`) of entities in exactly the embedded shapes
 * (docs/content-api.md). Each entity is named by `idOf` (a field or a function of its fields); a
 * `single` feed (the site and platform settings, the streamer) answers one entity, stored as
 * 'default'. HTML `body` fields (news, pages) are sanitised and kept in a body file
 * (./contentBodies.ts). Any network error, non-2xx, bad JSON, empty feed, invalid item, missing
 * body or second entity of a single feed fails the build naming the feed URL and item.
 */
export function platformFeedLoader(options: PlatformFeed): Loader {
  return {
    name: `platform:${options.path}`,
    load: async (context) => {
      const base = process.env.CONTENT_API_URL ?? '';
      const url = `${base.replace(/\/$/, '')}/${options.path}`;
      let body: unknown;
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json', ...(process.env.CONTENT_API_TOKEN ? { authorization: `Bearer ${process.env.CONTENT_API_TOKEN}` } : {}) },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        body = await response.json();
      } catch (error) {
        throw new ContentFeedError(url, context.collection, null, messageOf(error));
      }
      const list = typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : body;
      const records = asRecords(url, context.collection, list);
      if (records.length === 0) throw new ContentFeedError(url, context.collection, null, 'the feed is empty; refusing to publish an emptied site');
      if (options.single && records.length > 1) throw new ContentFeedError(url, context.collection, null, `expected one entity, got ${records.length}`);
      const items = records.map((record, index) => {
        const id = options.single ? SINGLE_ENTRY_ID : entityId(url, context.collection, record, options.idOf, index);
        if (!options.html) return { id, data: record };
        const { body: html, ...data } = record;
        // An article or page without its body would be published empty: refused, like a bad field.
        if (typeof html !== 'string')
          throw new ContentFeedError(url, context.collection, id, `body: expected an HTML string, got ${html === null ? 'null' : typeof html}`);
        return { id, data, html: sanitizeContentHtml(html) };
      });
      if (!options.html) return storeItems(context, url, items);
      const dir = bodiesDir(context);
      await storeItems(context, url, items, (entry) => withBodyFile(entry, dir, context.collection));
      pruneBodyFiles(context.store, dir, context.collection);
    },
  };
}
