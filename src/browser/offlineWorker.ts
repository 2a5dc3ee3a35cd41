/// <reference lib="webworker" />
/**
 * The site's service worker (docs/offline.md), bundled and given its precache list by the build
 * (src/integrations/serviceWorker.ts: `self.__WB_MANIFEST`). Workbox does the caching:
 * - precache: the shell and the matchday pages (next match centre, fixtures, matchday
 *   information, stadium, the offline page), kept per deploy;
 * - pages: network first (a few seconds, then the phone's copy), copies of pages a supporter
 *   opened in `pages`; with no copy, the precached page, else the offline page;
 * - hashed build assets cache first in `assets`, media stale-while-revalidate in `media`.
 * Never the platform API, the account pages, or a response marked no-store or private.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { isCacheablePath, isPagePath, mayKeepCopy, OFFLINE_CACHES, OFFLINE_PAGE_PATH, pageFile, savedTimingHeader } from '../lib/offline';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Sections never cached (the platform API, the account pages), given by the build. */
declare const __PRIVATE_SECTIONS__: string[];
const PRIVATE_SECTIONS: readonly string[] = __PRIVATE_SECTIONS__;

/** Seconds a page waits for the network before the phone's copy is shown (a crowded mast). */
const NETWORK_TIMEOUT_SECONDS = 4;

/** Only complete answers that allow a copy: 200, not no-store or private. */
const keepable: WorkboxPlugin[] = [
  new CacheableResponsePlugin({ statuses: [200] }),
  { cacheWillUpdate: async ({ response }) => (mayKeepCopy(response.headers.get('cache-control')) ? response : null) },
];

/** A copy carries when it was saved, which a page reads back (src/browser/offlineRegistration.ts); only 200s are kept. */
const stampSaved: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set('Server-Timing', savedTimingHeader(new Date()));
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/** A page route keeps HTML only. */
const htmlOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => ((response.headers.get('content-type') ?? '').startsWith('text/html') ? response : null),
};

/** A precached page (this deploy's) before an older copy; with neither, the offline page. */
const precachedFirst: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => (await matchPrecache(pageFile(new URL(request.url).pathname))) ?? cachedResponse,
  handlerDidError: async () => matchPrecache(pageFile(OFFLINE_PAGE_PATH)),
};

/** An asset the network cannot give: this deploy's precached copy. */
const precachedFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => matchPrecache(request.url),
};

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
addPlugins([stampSaved]);
precache(self.__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === self.location.origin && isCacheablePath(url.pathname, PRIVATE_SECTIONS);

// Pages: a navigation, or the client router's fetch of a page (a path without a file extension).
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && sameOrigin(url) && (request.mode === 'navigate' || (request.destination === '' && isPagePath(url.pathname))),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.pages,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [...keepable, htmlOnly, stampSaved, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 14 * 86_400 }), precachedFirst],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/_astro/'),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.assets,
    plugins: [...keepable, new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 60 * 86_400 }), precachedFallback],
  }),
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/media/'),
  new StaleWhileRevalidate({
    cacheName: OFFLINE_CACHES.media,
    plugins: [...keepable, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * 86_400 }), precachedFallback],
  }),
);
