import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sitemap from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { sitemapUrl } from '../lib/sitemap';
import { REUSED_PAGE_URLS } from './renderPlan';

/**
 * The sitemap (sitemap-index.xml) of every public page: @astrojs/sitemap with a filter that reads
 * each built page and keeps it only if search engines may index it and it is its own canonical
 * page (src/lib/sitemap), so app views (noindex), redirect pages and duplicates stay out; each
 * page is listed under its canonical URL. Endpoints such as the RSS feeds are not pages and are
 * left out too. Reads the build's own outDir, so `astro build --outDir …` works.
 */
export function publicSitemap(): AstroIntegration {
  let outDir: URL | undefined;
  let base = '/';

  /** The built HTML file of an absolute page URL, or undefined when it is not an HTML page. */
  const builtHtml = (page: string): string | undefined => {
    if (!outDir) return undefined;
    const path = decodeURIComponent(new URL(page).pathname).slice(base.length).replace(/^\/+/, '');
    const candidates = path === '' || path.endsWith('/') ? [`${path}index.html`] : [`${path}/index.html`, `${path}.html`];
    for (const candidate of candidates) {
      const file = fileURLToPath(new URL(candidate, outDir));
      if (existsSync(file)) return readFileSync(file, 'utf8');
    }
    return undefined;
  };

  const cache = new Map<string, string | undefined>();
  /** The URL to list for a page, or undefined to leave it out. */
  const listed = (page: string): string | undefined => {
    if (!cache.has(page)) {
      const html = builtHtml(page);
      cache.set(page, html === undefined ? undefined : sitemapUrl(page, html));
    }
    return cache.get(page);
  };

  return {
    name: 'terrace:public-sitemap',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          integrations: [
            sitemap({
              // Pages an incremental build linked from the previous build instead of rendering.
              customPages: REUSED_PAGE_URLS,
              filter: (page) => listed(page) !== undefined,
              serialize: (item) => ({ ...item, url: listed(item.url) ?? item.url }),
            }),
          ],
        });
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      },
    },
  };
}
