import type { Loader } from 'astro/loaders';
import { sanitizeContentHtml } from '../lib/sanitize';
import { bodiesDir, pruneBodyFiles, withBodyFile } from './contentBodies';
import { ContentFeedError, messageOf } from './feedError';
import { asRecords, idField, storeItems } from './jsonFeedLoader';

/** How long one content-API request may take before the feed counts as failed (ms). */
const TIMEOUT_MS = 20_000;

/**
 * Reads one feed of the club platform's content API: GET `${CONTENT_API_URL}/${path}`, which
 * answers a JSON list (or `{ data: [...] }`) of entities in exactly the embedded shapes. Items
 * with an HTML `body` (news, pages) are sanitised and kept as rendered HTML in a body file beside
 * the data store (src/loaders/contentBodies.ts; pages read it with entryBodyHtml). Any network
 * error, non-2xx status, bad JSON or invalid item fails the build naming the feed URL and item.
 */
export function platformFeedLoader(options: { path: string; idOf: string; html?: boolean }): Loader {
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
      const items = records.map((record, index) => {
        const id = idField(url, context.collection, record, options.idOf, index);
        if (!options.html) return { id, data: record };
        const { body: html, ...data } = record;
        return { id, data, html: typeof html === 'string' ? sanitizeContentHtml(html) : '' };
      });
      if (!options.html) return storeItems(context, url, items);
      const dir = bodiesDir(context);
      await storeItems(context, url, items, (entry) => withBodyFile(entry, dir, context.collection));
      pruneBodyFiles(context.store, dir, context.collection);
    },
  };
}
