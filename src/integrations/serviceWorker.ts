import { readFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { Parser } from 'htmlparser2';
import { injectManifest } from 'workbox-build';
import { OFFLINE_PAGE_PATH, pageFile, pathSection } from '../lib/offline.ts';
import { ROUTE_PATHS } from '../lib/routes.ts';
import { OPENAPI_PATH } from '../platform/client.ts';

/**
 * The matchday service worker (docs/offline.md), written as `<outDir>/sw.js` at astro:build:done:
 * src/browser/offlineWorker.ts bundled with esbuild, its precache list filled by Workbox's
 * `injectManifest`: the pages the built offline page links with `data-offline-page`, that page,
 * the shell, and the CSS and scripts they load with the parts those load on demand
 * ({@link onDemandImports}; not players or panels). Fails the build naming a linked page or asset
 * that was not built.
 */

/** The offline page's file in the build (src/pages/offline.astro). */
export const OFFLINE_PAGE_FILE = pageFile(OFFLINE_PAGE_PATH);

/** Shell files precached besides the pages and their assets. */
export const SHELL_FILES = ['manifest.webmanifest', 'favicon.svg', 'icons/icon-192.png', 'media/club/crest.svg'];

/** Path sections the worker never caches: the platform API and the account pages. */
export const PRIVATE_SECTIONS = [pathSection(OPENAPI_PATH), pathSection(ROUTE_PATHS.login)];

/** Resized images: answered by the image service (netlify.toml), not files of the build. */
const RESIZED_MEDIA = '/media/fit-in/';

/** The worker's source (runs in the browser's service worker scope). */
const WORKER_SOURCE = fileURLToPath(new URL('../browser/offlineWorker.ts', import.meta.url));

/** What {@link writeServiceWorker} wrote. */
export interface ServiceWorkerBuild {
  /** Files precached, relative to the output directory. */
  files: string[];
  /** Their total size in bytes. */
  bytes: number;
}

/**
 * The site paths a built offline page marks as kept (`<a data-offline-page href="/matches">`), in
 * page order, each once.
 * @param html The offline page as built.
 */
export function offlinePageLinks(html: string): string[] {
  const links: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      const href = attributes.href;
      if (name === 'a' && 'data-offline-page' in attributes && href && !links.includes(href)) links.push(href);
    },
  });
  parser.end(html);
  return links;
}

/**
 * The build assets a page loads from `/_astro/` (stylesheets, scripts, module preloads) and the
 * images it shows from `/media/` as they are (not resized by the image service), as paths
 * relative to the output directory.
 * @param html A built page.
 */
export function pageAssets(html: string): string[] {
  const found = new Set<string>();
  const add = (url: string | undefined) => {
    if (url && /^\/(?:_astro|media)\/[^?#]+$/.test(url) && !url.startsWith(RESIZED_MEDIA)) found.add(url.slice(1));
  };
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script') add(attributes.src);
      else if (name === 'img') add(attributes.src);
      else if (name === 'link' && /\b(?:stylesheet|modulepreload)\b/.test(attributes.rel ?? '')) add(attributes.href);
    },
  });
  parser.end(html);
  return [...found].sort();
}

/**
 * The chunks a bundled module imports statically (`import … from"./x.js"`, `import"./x.js"`), as
 * file names beside it; dynamic `import()` is left out (loaded when a feature is opened).
 * @param code A module from `/_astro/`.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"'/]+\.js)["']/g)) if (match[1]) found.add(match[1]);
  return [...found].sort();
}

/**
 * The chunks a bundled module loads on demand (`import("./x.js")`, `` import(`./x.js`) ``), as
 * file names beside it.
 * @param code A module from `/_astro/`.
 */
export function onDemandImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/\bimport\(\s*["'`]\.\/([^"'`/]+\.js)["'`]\s*\)/g)) if (match[1]) found.add(match[1]);
  return [...found].sort();
}

/**
 * Bundles the worker and writes `<site>/sw.js` with its precache list.
 * @param site The output directory (absolute path).
 * @param workDir A folder for the bundled worker before Workbox fills it in.
 * @throws {Error} When the offline page, a page it links to, or an asset of those is missing.
 */
export async function writeServiceWorker(site: string, workDir: string): Promise<ServiceWorkerBuild> {
  const read = (file: string) =>
    readFile(path.join(site, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new Error(`service worker: ${file} is not in the build (${error.code ?? error.message})`, { cause: error });
    });
  const offline = await read(OFFLINE_PAGE_FILE);
  const pages = [OFFLINE_PAGE_FILE, ...offlinePageLinks(offline).map(pageFile)];
  const files = new Set([...SHELL_FILES, ...pages]);
  const scripts: string[] = [];
  for (const page of pages) {
    for (const asset of pageAssets(await read(page))) {
      if (files.has(asset)) continue;
      files.add(asset);
      if (!asset.endsWith('.js')) continue;
      scripts.push(asset);
      for (const name of onDemandImports(await read(asset))) {
        const chunk = path.posix.join(path.posix.dirname(asset), name);
        if (files.has(chunk)) continue;
        files.add(chunk);
        scripts.push(chunk);
      }
    }
  }
  // The static import graph of the pages' scripts and of the parts they load on demand.
  for (let i = 0; i < scripts.length; i++) {
    const script = scripts[i] ?? '';
    for (const name of staticImports(await read(script))) {
      const chunk = path.posix.join(path.posix.dirname(script), name);
      if (!files.has(chunk)) {
        files.add(chunk);
        scripts.push(chunk);
      }
    }
  }
  const list = [...files].sort();
  let bytes = 0;
  for (const file of list) {
    bytes += await stat(path.join(site, file)).then(
      (s) => s.size,
      () => {
        throw new Error(`service worker: ${file} is not in the build`);
      },
    );
  }

  await mkdir(workDir, { recursive: true });
  const bundled = path.join(workDir, 'sw.js');
  await build({
    entryPoints: [WORKER_SOURCE],
    outfile: bundled,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    // Workbox's modules log only when NODE_ENV is not 'production'.
    define: { 'process.env.NODE_ENV': '"production"', __PRIVATE_SECTIONS__: JSON.stringify(PRIVATE_SECTIONS) },
    logLevel: 'silent',
  });
  const result = await injectManifest({
    swSrc: bundled,
    swDest: path.join(site, 'sw.js'),
    globDirectory: site,
    globPatterns: list.map(globLiteral),
    // Hashed file names need no revision.
    dontCacheBustURLsMatching: /^_astro\//,
  });
  if (result.count !== list.length) throw new Error(`service worker: Workbox precached ${result.count} files of the ${list.length} listed`);
  return { files: list, bytes };
}

/** A file path as a glob pattern that matches only itself. */
function globLiteral(file: string): string {
  return file.replace(/[*?[\]{}()!+@\\]/g, '\\$&');
}

/** The Astro integration: writes the worker after every page is built. */
export function serviceWorker(): AstroIntegration {
  let workDir = '';
  return {
    name: 'terrace:service-worker',
    hooks: {
      'astro:config:done': ({ config }) => {
        workDir = path.join(fileURLToPath(config.cacheDir), 'service-worker');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const { files, bytes } = await writeServiceWorker(fileURLToPath(dir), workDir);
        logger.info(`sw.js precaches ${files.length} files (${(bytes / 1024).toFixed(1)} KB)`);
      },
    },
  };
}
