/**
 * The page side of matchday offline (docs/offline.md): registers the service worker
 * (src/browser/offlineWorker.ts, built as /sw.js), says on a kept copy when it was saved
 * (#offline-notice, src/components/OfflineNotice.astro), and after a new deploy's worker takes
 * over makes the next navigation load a whole document, so an older page's scripts never run
 * with the new deploy's pages.
 */
import { $offline, $pageSavedAt } from './offlineState';
import { savedAtOf, savedAtText } from '../lib/offline';

/** Set when a new deploy's worker took over this page. */
let deployChanged = false;

/** The saved time of the page on screen, from the Server-Timing its response carried. */
function savedAtOfPage(): Date | undefined {
  const href = location.href.split('#')[0] ?? '';
  // The client router's fetch of this page, else the document's own load when it was this page.
  const entry = performance.getEntriesByName(href, 'resource').at(-1) ?? performance.getEntriesByType('navigation').find((e) => e.name.split('#')[0] === href);
  return entry ? savedAtOf((entry as PerformanceResourceTiming).serverTiming ?? []) : undefined;
}

/** Shows or hides the notice of a kept copy. */
function showSavedNotice(): void {
  const savedAt = savedAtOfPage();
  $pageSavedAt.set(savedAt);
  const notice = document.getElementById('offline-notice');
  if (!notice) return;
  const text = notice.querySelector('[data-offline-notice-text]');
  if (savedAt && text && !document.getElementById('offline-opened')) {
    const state = $offline.get() ? 'You are offline: this page may be out of date.' : 'The network did not answer: reload for the latest.';
    text.textContent = `${savedAtText(savedAt, new Date())}. ${state}`;
    notice.hidden = false;
  } else notice.hidden = true;
}

/**
 * The page that registered the worker loaded before the worker ran: asks it to keep this page
 * and the build assets and images it loaded (Workbox's CACHE_URLS message, src/browser/offlineWorker.ts).
 */
async function keepFirstPage(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /^\/(?:_astro|media)\//.test(url.pathname))
    .map((url) => url.href);
  registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [location.href.split('#')[0], ...new Set(assets)] } });
}

if ('serviceWorker' in navigator && !import.meta.env.DEV) {
  const controlled = Boolean(navigator.serviceWorker.controller);
  // The first worker taking over an uncontrolled page is this deploy's; a later one is a new deploy's.
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controller) deployChanged = true;
    controller = navigator.serviceWorker.controller;
  });
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .then(() => (controlled ? undefined : keepFirstPage()))
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  document.addEventListener('astro:before-preparation', (event) => {
    if (deployChanged) event.preventDefault();
  });
}
$offline.listen(showSavedNotice);
document.addEventListener('astro:page-load', showSavedNotice);
