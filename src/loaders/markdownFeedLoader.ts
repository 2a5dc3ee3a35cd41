import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { glob, type Loader } from 'astro/loaders';
import { contentDir } from './contentDir';
import { ContentFeedError, messageOf } from './feedError';

/**
 * A loader for a folder of Markdown files with YAML front matter (news articles, content pages)
 * in the embedded dataset. Ids are the file paths without extension ('tickets/memberships').
 * Astro's glob loader validates front matter against the schema; its errors are re-thrown naming
 * the feed, so the build stops with feed, item and field.
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
        await inner.load(context);
      } catch (error) {
        throw new ContentFeedError(options.feed, context.collection, null, messageOf(error));
      }
    },
  };
}
