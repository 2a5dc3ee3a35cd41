import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { contentDir } from './contentDir';
import { ContentFeedError, messageOf } from './feedError';

/** An entry as the collection's store takes it. */
type StoreEntry = Parameters<LoaderContext['store']['set']>[0];

/** One entity ready for the store: its collection id, raw (unvalidated) data and sanitised HTML body, if any. */
export interface FeedItem {
  id: string;
  data: Record<string, unknown>;
  html?: string;
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
 * collection's store with them; an item's `html` becomes its rendered body (the digest covers it).
 * `prepare` may change each entry just before it is stored (the platform loader moves bodies to
 * files). Duplicate ids and invalid items fail with a ContentFeedError that names feed,
 * collection, item and (from the schema) the field.
 */
export async function storeItems(
  context: LoaderContext,
  feed: string,
  items: FeedItem[],
  prepare: (entry: StoreEntry) => StoreEntry = (entry) => entry,
): Promise<void> {
  const seen = new Set<string>();
  const parsed: { id: string; data: Record<string, unknown>; html?: string }[] = [];
  for (const item of items) {
    if (seen.has(item.id)) throw new ContentFeedError(feed, context.collection, item.id, 'duplicate id');
    seen.add(item.id);
    try {
      const data = await context.parseData({ id: item.id, data: item.data });
      parsed.push(item.html === undefined ? { id: item.id, data } : { id: item.id, data, html: item.html });
    } catch (error) {
      throw new ContentFeedError(feed, context.collection, item.id, messageOf(error));
    }
  }
  context.store.clear();
  for (const { id, data, html } of parsed) {
    // Set once, body included: the store skips a second set() with an unchanged digest.
    if (html === undefined) context.store.set(prepare({ id, data, digest: context.generateDigest(data) }));
    else context.store.set(prepare({ id, data, digest: context.generateDigest({ data, html }), rendered: { html } }));
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
