/**
 * 'Load more news' and 'Load previous news' (src/components/NewsListingPage.astro, spec §9) without
 * losing the reader's place: a click fetches the neighbouring page and adds its cards after the
 * last (or before the first, scroll kept); the history entry records the pages shown and the
 * scroll, so reload and back return to the same place. Focus moves to the first new card and a
 * status line announces it; a failed fetch follows the link. Loaded by ./newsListingStart.ts on
 * the first click, or at once when there is a place to restore.
 */
import { listingPageUrl } from '../lib/newsListing';
import { LISTING_PLACE_KEY as STATE_KEY } from '../lib/newsListingPlace';

const SAVE_DELAY_MS = 150;

/** What a history entry remembers about a listing. */
interface ListingPlace {
  base: string;
  first: number;
  last: number;
  scrollY: number;
}

function isPlace(value: unknown): value is ListingPlace {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.base === 'string' && Number.isInteger(v.first) && Number.isInteger(v.last) && typeof v.scrollY === 'number';
}

function savedPlace(): ListingPlace | undefined {
  const state: unknown = history.state;
  const place = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[STATE_KEY] : undefined;
  return isPlace(place) ? place : undefined;
}

/** The cards of listing page `page` of `base`, ready to insert. */
async function fetchCards(base: string, page: number): Promise<Element[]> {
  const response = await fetch(listingPageUrl(base, page), { headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`News page ${page}: HTTP ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  return Array.from(doc.querySelectorAll('[data-news-listing] .news-grid > *'), (card) => document.importNode(card, true));
}

const firstLink = (cards: readonly Element[]): HTMLElement | null => cards[0]?.querySelector<HTMLElement>('a[href]') ?? null;

function enhance(root: HTMLElement): void {
  const grid = root.querySelector<HTMLElement>('.news-grid');
  const base = root.dataset.base;
  const pages = Number(root.dataset.pages);
  const page = Number(root.dataset.page);
  if (!grid || !base || !Number.isInteger(pages) || !Number.isInteger(page)) return;
  root.dataset.enhanced = '';
  const status = root.querySelector<HTMLElement>('[data-news-status]');
  let first = page;
  let last = page;
  let busy = false;
  let saveTimer = 0;

  const save = () => {
    const state: unknown = history.state;
    const current = typeof state === 'object' && state !== null ? state : {};
    const place: ListingPlace = { base, first, last, scrollY: window.scrollY };
    history.replaceState({ ...current, [STATE_KEY]: place }, '', listingPageUrl(base, last));
  };
  const saveSoon = () => {
    window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(save, SAVE_DELAY_MS);
  };

  /** Points the links at the next pages to load, removing those with nothing left. */
  const updateLinks = () => {
    const more = root.querySelector<HTMLAnchorElement>('[data-news-more]');
    const previous = root.querySelector<HTMLAnchorElement>('[data-news-previous]');
    if (more) {
      if (last < pages) more.href = listingPageUrl(base, last + 1);
      else more.parentElement?.remove();
    }
    if (previous) {
      if (first > 1) previous.href = listingPageUrl(base, first - 1);
      else previous.parentElement?.remove();
    }
  };

  const append = (cards: Element[]) => grid.append(...cards);

  /** Inserts cards before the first one, keeping what is on screen where it was. */
  const prepend = (cards: Element[], beforeLayoutChange: () => void = () => undefined) => {
    const anchor = grid.firstElementChild;
    const top = anchor?.getBoundingClientRect().top ?? 0;
    grid.prepend(...cards);
    beforeLayoutChange();
    if (anchor) window.scrollBy(0, anchor.getBoundingClientRect().top - top);
  };

  const load = async (direction: 'more' | 'previous', link: HTMLAnchorElement) => {
    if (busy) return;
    busy = true;
    link.setAttribute('aria-disabled', 'true');
    grid.setAttribute('aria-busy', 'true');
    const target = direction === 'more' ? last + 1 : first - 1;
    try {
      const cards = await fetchCards(base, target);
      if (direction === 'more') {
        append(cards);
        last = target;
        updateLinks();
        firstLink(cards)?.focus();
      } else {
        const hadFocus = document.activeElement === link;
        first = target;
        prepend(cards, updateLinks);
        if (hadFocus && !link.isConnected) firstLink(cards.slice(-1))?.focus({ preventScroll: true });
      }
      save();
      if (status) status.textContent = `${cards.length} more articles shown, page ${target} of ${pages}`;
    } catch (error) {
      console.error(error);
      window.location.assign(link.href);
    } finally {
      busy = false;
      link.removeAttribute('aria-disabled');
      grid.removeAttribute('aria-busy');
    }
  };

  root.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-news-more], a[data-news-previous]') : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void load(link.hasAttribute('data-news-more') ? 'more' : 'previous', link);
  });

  /** Back or reload onto an entry that showed more pages than this HTML holds: fetch them again. */
  const restore = async (place: ListingPlace) => {
    const before: Element[][] = [];
    const after: Element[][] = [];
    for (let p = place.first; p < page; p += 1) before.push(await fetchCards(base, p));
    for (let p = page + 1; p <= place.last; p += 1) after.push(await fetchCards(base, p));
    grid.prepend(...before.flat());
    append(after.flat());
    first = place.first;
    last = place.last;
    updateLinks();
    window.scrollTo(0, place.scrollY);
  };

  const place = savedPlace();
  const ready =
    place && place.base === base && place.first <= page && page <= place.last && place.last <= pages && (place.first < page || place.last > page)
      ? restore(place).catch((error: unknown) => console.error(error))
      : Promise.resolve();
  const onScroll = () => {
    if (first !== page || last !== page) saveSoon();
  };
  void ready.then(() => window.addEventListener('scroll', onScroll, { passive: true }));
  // Leaving (by link or by history): stop saving, the current history entry may already be another page's.
  document.addEventListener(
    'astro:before-preparation',
    () => {
      window.clearTimeout(saveTimer);
      window.removeEventListener('scroll', onScroll);
    },
    { once: true },
  );
}

/** Enhances every listing on the page once (call on load and after each client-router swap). */
export function enhanceNewsListings(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-news-listing]:not([data-enhanced])')) enhance(root);
}
