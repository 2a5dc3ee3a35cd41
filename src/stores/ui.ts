/**
 * Interface state shared by the islands (spec §3 "Other interface state") and spec §4's panel rules
 * as plain actions beside the stores: `$openPanel` names the one open panel ('menu' | 'search' |
 * 'account' | 'upgrade' | 'packages' | null). The spec's `lockBackground` is `scrollLock` here
 * (docs/code-map.md "Words"); its effect is the CSS rule `html:has(dialog:modal)`.
 */
import { atom, computed } from 'nanostores';
import type { PromoSize } from '../lib/promos';

/** The panels that cover the page; at most one is open (spec §2 panels, §4 Panels and background lock). */
export type Panel = 'menu' | 'search' | 'account' | 'upgrade' | 'packages';

/** The one open panel (account panel, main menu, search overlay, upgrade promo, subscribe packages panel), or null. */
export const $openPanel = atom<Panel | null>(null);
/**
 * The overlay promo popup on screen: its size (spec §2: Default, a modal, or Mini, a small
 * non-modal panel bottom-right), or null when none shows. Not a panel: it shows over any of them.
 */
export const promoOverlay = atom<PromoSize | null>(null);
/** The login prompt message shown in the account panel; '' when none. */
export const loginPrompt = atom('');

/**
 * Scroll lock (the seed's lockBackground): on while a panel is open or a Default promo shows. The
 * Mini promo sits in a corner and never takes the scroll lock.
 */
export const scrollLock = computed([$openPanel, promoOverlay], (panel, promo) => panel !== null || promo === 'Default');

/** Makes `next` the open panel; leaving the account panel clears its login prompt (spec §4). */
function showPanel(next: Panel | null): void {
  if ($openPanel.get() === 'account' && next !== 'account') loginPrompt.set('');
  $openPanel.set(next);
}

/**
 * Closes `panel` if it is the open one. A dialog's close event (Escape, its close button, the
 * underlay) may come after another panel took its place: that one stays open.
 */
function closePanel(panel: Panel): void {
  if ($openPanel.get() === panel) showPanel(null);
}

/**
 * Wakes the header island (hydrated on intent, src/directives/intent.ts) when code elsewhere opens
 * one of the panels it renders, so the panel can show even before anyone touched the header.
 */
function wakeHeader(): void {
  if (typeof document !== 'undefined') document.dispatchEvent(new Event('terrace:intent'));
}

/** Opening the account panel closes any other panel and turns the scroll lock on (spec §4). */
export function openAccountPanel(): void {
  wakeHeader();
  showPanel('account');
}

/** Closing the account panel releases the scroll lock and clears the login prompt message. */
export function closeAccountPanel(): void {
  closePanel('account');
}

/** Toggles the account panel (the header's profile button). */
export function toggleAccountPanel(): void {
  if ($openPanel.get() === 'account') closeAccountPanel();
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
  showPanel('upgrade');
}

export function closeUpgradePromo(): void {
  closePanel('upgrade');
}

/**
 * The subscribe packages panel (spec §2; the seed's showPackages), reached from the upgrade
 * promo's 'Subscribe now': it takes the promo's place (scroll lock on).
 */
export function openSubscribePanel(): void {
  wakeHeader();
  showPanel('packages');
}

export function closeSubscribePanel(): void {
  closePanel('packages');
}

/** Opening search closes the menu and turns the scroll lock on. */
export function openSearch(): void {
  wakeHeader();
  showPanel('search');
}

export function closeSearch(): void {
  closePanel('search');
}

/** Opening the menu turns the scroll lock on. */
export function openMenu(): void {
  showPanel('menu');
}

export function closeMenu(): void {
  closePanel('menu');
}

/** Records the overlay promo shown (a Default one turns the scroll lock on), or null once it closes. */
export function setPromoOverlay(size: PromoSize | null): void {
  promoOverlay.set(size);
}

/** A route change closes the open panel (spec §4 Search), so no panel covers the page arrived at. */
export function onRouteChange(): void {
  showPanel(null);
}
