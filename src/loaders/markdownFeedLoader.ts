import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { sanitizeContentHtml } from '../lib/sanitize';
import { bodiesDir, bodyFileStore } from './contentBodies';
import { contentDir } from './contentDir';
import { ContentFeedError, messageOf } from './feedError';

type DataStore = LoaderContext['store'];
type DataEntry = NonNullable<ReturnType<DataStore['get']>>;

/** Marks rendered HTML that went through sanitizeContentHtml (entries cached by an older build lack it). */
const SANITIZED = 'sanitizedBy';
const SANITIZER = 'sanitizeContentHtml';

/** Whether an entry's rendered HTML went through sanitizeContentHtml (its body may be moved to a file). */
const isSanitized = (entry: DataEntry): boolean => entry.rendered?.metadata?.[SANITIZED] === SANITIZER;

/** The entry with its rendered HTML sanitised and marked so; entries without HTML are returned as they are. */
export function withSanitizedHtml<T extends DataEntry>(entry: T): T {
  if (!entry.rendered) return entry;
  return {
    ...entry,
    rendered: { ...entry.rendered, html: sanitizeContentHtml(entry.rendered.html), metadata: { ...entry.rendered.metadata, [SANITIZED]: SANITIZER } },
  };
}

/**
 * A store that sanitises the rendered HTML of every entry set through it (the glob loader's
 * renders, at build time and on each file change in dev). Entries already in the store without
 * the mark (cached by a build before sanitising) are re-stored sanitised.
 */
export function sanitizingStore(store: DataStore): DataStore {
  for (const entry of store.values()) {
    if (entry.rendered && !isSanitized(entry)) {
      // set() skips an entry whose digest is unchanged, so the stale one is removed first.
      store.delete(entry.id);
      store.set(withSanitizedHtml(entry));
    }
  }
  return { ...store, set: (entry) => store.set(withSanitizedHtml(entry)) };
}

/**
 * The store the glob loader writes through: each rendered body is sanitised (sanitizingStore), then
 * moved to a body file under `dir` (src/loaders/contentBodies.ts). Entries an earlier build left
 * with inline, unsanitised HTML are sanitised before they are moved. `prune()` deletes body files
 * no entry names (call it after loading).
 */
export function markdownStore(store: DataStore, dir: string, collection: string): { store: DataStore; prune: () => number } {
  const bodies = bodyFileStore(store, dir, collection, isSanitized);
  return { store: sanitizingStore(bodies), prune: bodies.prune };
}

/**
 * A loader for a folder of Markdown files with YAML front matter (news articles, content pages)
 * in the embedded dataset. Ids are the file paths without extension ('tickets/memberships').
 * Astro's glob loader validates front matter against the schema; its errors are re-thrown naming
 * the feed, so the build stops with feed, item and field. The rendered HTML goes through the same
 * sanitiser as the platform's HTML (src/lib/sanitize): raw HTML in Markdown — scripts,
 * event handlers, javascript: links — is never published. The sanitised body is then kept in a
 * file beside the data store (src/loaders/contentBodies.ts); pages read it with entryBodyHtml.
 */
export function markdownFeedLoader(options: { feed: string; folder: string }): Loader {
  const base = path.join(contentDir(), options.folder);
  const inner = glob({
    pattern: '**/*.md',
    base: pathToFileURL(base + path.sep),
    retainBody: false,
    generateId: ({ entry }) => entry.replace(/\.md$/, ''),
  });
  return {
    name: `markdown:${options.feed}`,
    load: async (context) => {
      try {
        const { store, prune } = markdownStore(context.store, bodiesDir(context), context.collection);
        await inner.load({ ...context, store });
        const pruned = prune();
        if (pruned > 0) context.logger.info(`removed ${pruned} body files no entry names`);
      } catch (error) {
        throw new ContentFeedError(options.feed, context.collection, null, messageOf(error));
      }
    },
  };
}
