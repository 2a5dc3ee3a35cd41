import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { contentDir } from './contentDir';
import { ContentFeedError, messageOf } from './feedError';

/** One entity ready for the store: its collection id and its raw (unvalidated) data. */
export interface FeedItem {
  id: string;
  data: Record<string, unknown>;
}

/**
 * Reads a JSON file of the embedded dataset (relative to {@link contentDir}).
 * Throws ContentFeedError naming the feed and file when it is missing or not JSON.
 */
export async function readJsonFile(feed: string, collection: string, file: string): Promise<unknown> {
  const full = path.join(contentDir(), file);
  let text: string;
  try {
    text = await readFile(full, 'utf8');
  } catch (error) {
    throw new ContentFeedError(feed, collection, null, `cannot read ${full}: ${messageOf(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ContentFeedError(feed, collection, null, `${full} is not valid JSON: ${messageOf(error)}`);
  }
}

/**
 * Validates each item with the collection's schema (through Astro's parseData) and replaces the
 * collection's store with them. Duplicate ids and invalid items fail with a ContentFeedError that
 * names feed, collection, item and (from the schema) the field.
 */
export async function storeItems(context: LoaderContext, feed: string, items: FeedItem[]): Promise<void> {
  const seen = new Set<string>();
  const parsed: { id: string; data: Record<string, unknown> }[] = [];
  for (const item of items) {
    if (seen.has(item.id)) throw new ContentFeedError(feed, context.collection, item.id, 'duplicate id');
    seen.add(item.id);
    try {
      parsed.push({ id: item.id, data: await context.parseData({ id: item.id, data: item.data }) });
    } catch (error) {
      throw new ContentFeedError(feed, context.collection, item.id, messageOf(error));
    }
  }
  context.store.clear();
  for (const { id, data } of parsed) {
    context.store.set({ id, data, digest: context.generateDigest(data) });
  }
  context.logger.info(`${parsed.length} entries from feed "${feed}"`);
}

/** Turns a JSON value into a list of records, or fails naming the feed. */
export function asRecords(feed: string, collection: string, value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new ContentFeedError(feed, collection, `#${index}`, 'expected an object');
    }
    return entry as Record<string, unknown>;
  });
}

/** The string value of a record's id field, or a ContentFeedError naming the item's position. */
export function idField(feed: string, collection: string, record: Record<string, unknown>, field: string, index: number): string {
  const value = record[field];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  throw new ContentFeedError(feed, collection, `#${index}`, `missing id field "${field}"`);
}

/**
 * A loader for a JSON file holding one entity or a list of them, keyed by `idOf`
 * (a field name, or a function of the record and its index).
 */
export function jsonFeedLoader(options: { feed: string; file: string; idOf: string | ((record: Record<string, unknown>, index: number) => string) }): Loader {
  return {
    name: `json:${options.feed}`,
    load: async (context) => {
      const records = asRecords(options.feed, context.collection, await readJsonFile(options.feed, context.collection, options.file));
      const idOf = options.idOf;
      const items = records.map((record, index) => ({
        id: typeof idOf === 'string' ? idField(options.feed, context.collection, record, idOf, index) : idOf(record, index),
        data: record,
      }));
      await storeItems(context, options.feed, items);
    },
  };
}
