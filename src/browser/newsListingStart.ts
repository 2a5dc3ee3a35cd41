/**
 * Loads the news listings' 'Load more news' / 'Load previous news' behaviour
 * (src/browser/newsLoadMore.ts, spec §9) when it is first needed: on the first click on one of
 * those links (the click is replayed once the code has arrived; a failed load follows the link),
 * or at once when the history entry holds a place the listing must restore (back, reload). Until
 * then the links are plain links to the neighbouring listing pages.
 */
import { hasListingPlace } from '../lib/newsListingPlace';

const LINKS = '[data-news-listing]:not([data-enhanced]) :is(a[data-news-more], a[data-news-previous])';

async function enhance(): Promise<void> {
  const listing = await import('./newsLoadMore');
  listing.enhanceNewsListings();
}

// Capture phase: before the client router's link handler, which would navigate to the page.
document.addEventListener(
  'click',
  (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(LINKS) : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    enhance().then(
      () => link.click(),
      () => window.location.assign(link.href),
    );
  },
  true,
);

document.addEventListener('astro:page-load', () => {
  if (document.querySelector('[data-news-listing]') && hasListingPlace(history.state)) void enhance();
});
