import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob, type Loader, type LoaderContext } from 'astro/loaders';
import { sanitizeContentHtml } from '../lib/sanitize';
import { contentDir } from './contentDir';
import { ContentFeedError, messageOf } from './feedError';

type DataStore = LoaderContext['store'];
type DataEntry = NonNullable<ReturnType<DataStore['get']>>;

/** Marks rendered HTML that went through sanitizeContentHtml (entries cached by an older build lack it). */
const SANITIZED = 'sanitizedBy';
const SANITIZER = 'sanitizeContentHtml';

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
    if (entry.rendered && entry.rendered.metadata?.[SANITIZED] !== SANITIZER) {
      // set() skips an entry whose digest is unchanged, so the stale one is removed first.
      store.delete(entry.id);
      store.set(withSanitizedHtml(entry));
    }
  }
  return { ...store, set: (entry) => store.set(withSanitizedHtml(entry)) };
}

/**
 * A loader for a folder of Markdown files with YAML front matter (news articles, content pages)
 * in the embedded dataset. Ids are the file paths without extension ('tickets/memberships').
 * Astro's glob loader validates front matter against the schema; its errors are re-thrown naming
 * the feed, so the build stops with feed, item and field. The rendered HTML goes through the same
 * sanitiser as the platform's HTML (src/lib/sanitize, issue 10): raw HTML in Markdown — scripts,
 * event handlers, javascript: links — is never published.
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
        await inner.load({ ...context, store: sanitizingStore(context.store) });
      } catch (error) {
        throw new ContentFeedError(options.feed, context.collection, null, messageOf(error));
      }
    },
  };
}
