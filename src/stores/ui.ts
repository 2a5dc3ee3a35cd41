/**
 * Interface state shared by the islands (spec §3 "Other interface state") and the panel rules of
 * spec §4 "Panels and background lock", as plain actions beside the stores.
 *
 * The spec's `lockBackground` flag is `scrollLock` here (one word, one meaning: "lock" alone is
 * the site lock or a video's lock state; docs/code-map.md "Words"): whether the page behind a panel or
 * overlay may scroll. Its effect on the page is CSS —
 * `html:has(dialog:modal)` in src/styles/panels.css — since every panel that locks scrolling is a
 * modal dialog.
 */
import { atom, computed } from 'nanostores';
import type { PromoSize } from '../lib/promos';

/** The account panel (spec §2 Account panel). */
export const accountHeaderOpen = atom(false);
/** The main menu. */
export const menuOpen = atom(false);
/** The search overlay. */
export const searchOpen = atom(false);
/** The subscribe packages panel. */
export const showPackages = atom(false);
/** The upgrade promo overlay (spec §2 Other overlays). */
export const upgradePromoOpen = atom(false);
/**
 * The overlay promo popup on screen: its size (spec §2: Default, a modal, or Mini, a small
 * non-modal panel bottom-right), or null when none shows.
 */
export const promoOverlay = atom<PromoSize | null>(null);
/** The login prompt message shown in the account panel; '' when none. */
export const loginPrompt = atom('');

/**
 * Scroll lock (the seed's lockBackground): on while a panel or overlay that covers the page is
 * open — account panel, menu, search, upgrade promo, packages, or a Default promo. The Mini promo
 * sits in a corner and never takes the scroll lock.
 */
export const scrollLock = computed(
  [accountHeaderOpen, menuOpen, searchOpen, upgradePromoOpen, showPackages, promoOverlay],
  (account, menu, search, upgrade, packages, promo) => account || menu || search || upgrade || packages || promo === 'Default',
);

/**
 * Wakes the header island (hydrated on intent, src/directives/intent.ts) when code elsewhere opens
 * one of the panels it renders, so the panel can show even before anyone touched the header.
 */
function wakeHeader(): void {
  if (typeof document !== 'undefined') document.dispatchEvent(new Event('terrace:intent'));
}

/** Opening the account panel turns the scroll lock on (spec §4: it "locks the background"). */
export function openAccountPanel(): void {
  wakeHeader();
  menuOpen.set(false);
  searchOpen.set(false);
  accountHeaderOpen.set(true);
}

/** Closing the account panel releases the scroll lock and clears the login prompt message. */
export function closeAccountPanel(): void {
  accountHeaderOpen.set(false);
  loginPrompt.set('');
}

/** Toggles the account panel (the header's profile button). */
export function toggleAccountPanel(): void {
  if (accountHeaderOpen.get()) closeAccountPanel();
  else openAccountPanel();
}

/** Opening the login prompt also opens the account panel. */
export function openLoginPrompt(message: string): void {
  openAccountPanel();
  loginPrompt.set(message);
}

/** Opening the upgrade promo closes the account panel and turns the scroll lock on. */
export function openUpgradePromo(): void {
  wakeHeader();
  closeAccountPanel();
  upgradePromoOpen.set(true);
}

export function closeUpgradePromo(): void {
  upgradePromoOpen.set(false);
}

/**
 * The subscribe packages panel (spec §2; the seed's showPackages), reached from the upgrade
 * promo's 'Subscribe now': the promo and the account panel close, the panel opens (scroll lock on).
 */
export function openSubscribePanel(): void {
  wakeHeader();
  closeAccountPanel();
  upgradePromoOpen.set(false);
  showPackages.set(true);
}

export function closeSubscribePanel(): void {
  showPackages.set(false);
}

/** Opening search closes the menu and turns the scroll lock on. */
export function openSearch(): void {
  wakeHeader();
  menuOpen.set(false);
  closeAccountPanel();
  searchOpen.set(true);
}

export function closeSearch(): void {
  searchOpen.set(false);
}

/** Opening the menu turns the scroll lock on. */
export function openMenu(): void {
  closeAccountPanel();
  searchOpen.set(false);
  menuOpen.set(true);
}

export function closeMenu(): void {
  menuOpen.set(false);
}

/** Records the overlay promo shown (a Default one turns the scroll lock on), or null once it closes. */
export function setPromoOverlay(size: PromoSize | null): void {
  promoOverlay.set(size);
}

/**
 * A route change closes every panel over the page (spec §4 Search: search; the menu, the account
 * panel, the upgrade promo and the subscribe packages panel alike), so the page arrived at is never
 * covered by a panel left from the one before.
 */
export function onRouteChange(): void {
  searchOpen.set(false);
  menuOpen.set(false);
  closeAccountPanel();
  upgradePromoOpen.set(false);
  showPackages.set(false);
}
