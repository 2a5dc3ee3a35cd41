import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sitemap, { type SitemapItem } from '@astrojs/sitemap';
import type { AstroIntegration } from 'astro';
import { HEAD_END, isDisallowedPath, SITEMAP_CHUNKS, SITEMAP_INDEX_PATH, sitemapChunk, sitemapUrl } from '../lib/sitemap';
import { buildRecordFile, fileIdentity, isRecordedFile, readPageRecords, REUSED_PAGE_URLS, type FileIdentity } from './renderPlan';

/** A page's sitemap decision (the URL listed; absent when left out) with the identity of the file it was made from. */
type SitemapRecord = FileIdentity & { url?: string };

/**
 * The sitemap (sitemap-index.xml) of every public page: @astrojs/sitemap with a filter that reads
 * each built page and keeps it only if search engines may index it and it is its own canonical
 * page (src/lib/sitemap), so app views (noindex), redirect pages and duplicates stay out; each
 * page is listed under its canonical URL. Endpoints such as the RSS feeds are not pages and are
 * left out too. Reads the build's own outDir, so `astro build --outDir …` works.
 */

/** Bytes read at a time while looking for a page's `</head>`: a built page's head is 9–14 KB of its 60–85 KB. */
const HEAD_CHUNK_BYTES = 32 * 1024;

/**
 * The start of an HTML file up to and including its `</head>` (the whole file when it has none):
 * all that sitemapUrl reads, without reading and decoding the body of every page (synchronous, as
 * @astrojs/sitemap's filter is). Bytes are searched as latin1, where one byte is one character, so
 * a multi-byte character split between two reads cannot hide the tag.
 */
export function readDocumentHead(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(HEAD_CHUNK_BYTES);
      const read = readSync(fd, chunk, 0, HEAD_CHUNK_BYTES, length);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      const bytes = Buffer.concat(chunks, length);
      const end = HEAD_END.exec(bytes.toString('latin1'));
      if (end) return bytes.subarray(0, end.index + end[0].length).toString('utf8');
    }
    return Buffer.concat(chunks, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export function publicSitemap(): AstroIntegration {
  let outDir: URL | undefined;
  let base = '/';
  let recordsOf: { cacheDir: string; outDir: string } | undefined;

  /** The built HTML file of an absolute page URL, or undefined when it is not an HTML page. */
  const builtFile = (page: string): string | undefined => {
    if (!outDir) return undefined;
    const path = decodeURIComponent(new URL(page).pathname).slice(base.length).replace(/^\/+/, '');
    const candidates = path === '' || path.endsWith('/') ? [`${path}index.html`] : [`${path}/index.html`, `${path}.html`];
    for (const candidate of candidates) {
      const file = fileURLToPath(new URL(candidate, outDir));
      if (existsSync(file)) return file;
    }
    return undefined;
  };

  // An incremental build (src/integrations/renderPlan.ts) links unchanged pages from the previous
  // build: a page that is the same file (inode, size, mtime) as then keeps the decision recorded.
  let previous: Record<string, SitemapRecord> = {};
  const next: Record<string, SitemapRecord> = {};
  const cache = new Map<string, string | undefined>();
  // @astrojs/sitemap asks every chunk's function about every URL (39 × 57,000 at 30,000 articles):
  // each URL's file is worked out once.
  const chunks = new Map<string, string | undefined>();
  const chunkOf = (url: string): string | undefined => {
    if (!chunks.has(url)) chunks.set(url, sitemapChunk(url));
    return chunks.get(url);
  };
  /** The URL to list for a page, or undefined to leave it out. */
  const listed = (page: string): string | undefined => {
    if (!cache.has(page)) {
      // Disallowed by robots.txt: never listed, and known without reading the page.
      const file = isDisallowedPath(new URL(page).pathname) ? undefined : builtFile(page);
      let url: string | undefined;
      if (file !== undefined) {
        const info = statSync(file);
        const known = previous[page];
        url = known && isRecordedFile(known, info) ? known.url : sitemapUrl(page, readDocumentHead(file));
        next[page] = { ...fileIdentity(info), ...(url === undefined ? {} : { url }) };
      }
      cache.set(page, url);
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
              // Files by kind of page, so one new article changes a few small files (src/lib/sitemap.ts).
              chunks: Object.fromEntries(SITEMAP_CHUNKS.map((name) => [name, (item: SitemapItem) => (chunkOf(item.url) === name ? item : undefined)])),
            }),
            {
              // After the sitemap: fails the build if there is none (@astrojs/sitemap only logs its
              // own errors and returns, which would deploy a site without a sitemap), and keeps
              // this build's decisions for the next incremental build.
              name: 'terrace:sitemap-records',
              hooks: {
                'astro:build:done': async ({ dir }: { dir: URL }) => {
                  const index = path.join(fileURLToPath(dir), SITEMAP_INDEX_PATH);
                  if (!existsSync(index)) {
                    throw new Error(
                      `no ${SITEMAP_INDEX_PATH} in the build (@astrojs/sitemap's error, if any, is logged above): the site would go out without its sitemap`,
                    );
                  }
                  if (!recordsOf) return;
                  const file = buildRecordFile(recordsOf.cacheDir, recordsOf.outDir, 'sitemap');
                  await mkdir(path.dirname(file), { recursive: true });
                  await writeFile(file, JSON.stringify(next));
                },
              },
            },
          ],
        });
      },
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        recordsOf = { cacheDir: fileURLToPath(config.cacheDir), outDir: fileURLToPath(config.outDir) };
        const from = process.env.INCREMENTAL_FROM;
        const previousFile = from ? buildRecordFile(recordsOf.cacheDir, path.resolve(fileURLToPath(config.root), from), 'sitemap') : undefined;
        previous = readPageRecords<SitemapRecord>(previousFile);
      },
    },
  };
}
