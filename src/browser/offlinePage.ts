/**
 * On the offline page (src/pages/offline.astro): lists the pages the supporter opened that the
 * service worker keeps (its `pages` cache, docs/offline.md), besides those saved for matchday.
 */
import { OFFLINE_CACHES } from '../lib/offline';

/** Title of a kept page, from the start of its HTML. */
function titleOf(html: string): string {
  const end = html.indexOf('</title>');
  return end < 0 ? '' : new DOMParser().parseFromString(html.slice(0, end + 8), 'text/html').title;
}

/** On the offline page: the pages the supporter opened, besides those kept for matchday. */
export async function listOpenedPages(): Promise<void> {
  const group = document.getElementById('offline-opened');
  const list = group?.querySelector('ul');
  if (!group || !list || !('caches' in window)) return;
  const listed = new Set([...document.querySelectorAll<HTMLAnchorElement>('a[data-offline-page]')].map((a) => a.pathname));
  const cache = await caches.open(OFFLINE_CACHES.pages);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (listed.has(url.pathname) || url.origin !== location.origin) continue;
    const response = await cache.match(request);
    const title = response ? titleOf(await response.text()) : '';
    if (!title) continue;
    listed.add(url.pathname);
    const item = document.createElement('li');
    item.append(Object.assign(document.createElement('a'), { href: url.pathname, textContent: title }));
    list.append(item);
  }
  group.hidden = list.childElementCount === 0;
}
