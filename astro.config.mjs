// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import { chromeChunk } from './src/integrations/chromeChunk.ts';
import { hlsPlayerBuild } from './src/integrations/hlsPlayerBuild.ts';
import { intentDirective } from './src/integrations/intentDirective.ts';
import { partytownLib } from './src/integrations/partytownLib.ts';
import { publicSitemap } from './src/integrations/publicSitemap.ts';
import { incrementalBuild } from './src/integrations/renderPlan.ts';
import { devPageAssembly } from './src/integrations/devPageAssembly.ts';
import { searchIndex } from './src/integrations/searchIndexIntegration.ts';
import { securityHeaders } from './src/integrations/securityHeaders.ts';
import { serviceWorker } from './src/integrations/serviceWorker.ts';

/**
 * Terrace site configuration: static output (every route pre-rendered, spec §2),
 * React islands, and the public site URL from the environment (SITE_URL).
 */
export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  // A separate cache lets tests sync an invalid dataset without touching the real build's store.
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  // Build-time variables that browser code reads through astro:env/client (src/config.ts).
  // RETURN_HOSTS: the hosts a return address after sign-in may point at besides the site's own
  // (src/accounts/rules/returnAddress); the platform API reads the same variable at run time.
  env: {
    schema: {
      RETURN_HOSTS: envField.string({ context: 'client', access: 'public', optional: true }),
      // Spec §4 lock state rule 4: whether a video with an empty entitlement list is locked for a signed-in user.
      LOCK_EMPTY_ENTITLEMENTS: envField.boolean({ context: 'client', access: 'public', default: true }),
    },
  },
  trailingSlash: 'ignore',
  // Pages rendered at once: while one page's file is written, others render. Against Astro's
  // default of 1, the rendering of a 5,000-article site fell from 24–33 s to 19 s (3 paired
  // runs) with the same output, byte for byte, and the same memory; at 30,000 articles from
  // 174 s to 123–125 s (docs/performance.md "Full build: pages rendered at once").
  build: { format: 'directory', concurrency: 8, inlineStylesheets: 'always' },
  integrations: [
    // First: on an incremental build (INCREMENTAL_FROM) its build:done links the unchanged news
    // pages from the previous build before the sitemap, the search index and the CSP read the output.
    incrementalBuild(),
    react(),
    intentDirective(),
    // hls.js built from its sources: light plus alternate audio (captions are side-loaded).
    hlsPlayerBuild(),
    // The shared state and rules the chrome's script loads before interaction, as one client chunk.
    chromeChunk(),
    // Consent-gated third-party scripts run in a web worker (src/browser/analytics.ts).
    partytownLib(),
    // The sitemap of indexable public pages (no app views, no redirect pages) and, after the
    // build, the Pagefind search index of the news into <outDir>/pagefind/.
    publicSitemap(),
    searchIndex(),
    // The matchday service worker (sw.js): its precache list is read from the built pages.
    serviceWorker(),
    // Last, once every page is written: the strict Content-Security-Policy with the hashes of the
    // build's inline scripts and styles, into <outDir>/_headers (docs/security-headers.md), scanned
    // in a worker thread while the sitemap reads the pages on the main thread.
    // The search index renders the article pages first on a full build (searchIndexIntegration.ts routeFirst).
    securityHeaders(),
    // astro dev only: pages are assembled from their fragments there (src/middleware.ts).
    devPageAssembly(),
  ],
});
