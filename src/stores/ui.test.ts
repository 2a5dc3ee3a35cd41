/** The one open panel and the scroll lock (spec §4 "Panels and background lock"): src/stores/ui. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $openPanel,
  closeAccountPanel,
  closeMenu,
  closeSearch,
  closeSubscribePanel,
  closeUpgradePromo,
  loginPrompt,
  onRouteChange,
  openAccountPanel,
  openLoginPrompt,
  openMenu,
  openSearch,
  openSubscribePanel,
  openUpgradePromo,
  scrollLock,
  setPromoOverlay,
  toggleAccountPanel,
  type Panel,
} from './ui';

const OPENERS: Record<Panel, () => void> = {
  menu: openMenu,
  search: openSearch,
  account: openAccountPanel,
  upgrade: openUpgradePromo,
  packages: openSubscribePanel,
};
const CLOSERS: Record<Panel, () => void> = {
  menu: closeMenu,
  search: closeSearch,
  account: closeAccountPanel,
  upgrade: closeUpgradePromo,
  packages: closeSubscribePanel,
};
const PANELS = Object.keys(OPENERS) as Panel[];

beforeEach(() => {
  onRouteChange();
  setPromoOverlay(null);
});

describe('$openPanel: one panel at a time', () => {
  it('opening any panel closes the one that was open', () => {
    for (const first of PANELS) {
      for (const second of PANELS) {
        OPENERS[first]();
        OPENERS[second]();
        expect($openPanel.get()).toBe(second);
        expect(scrollLock.get()).toBe(true);
      }
    }
  });

  it('Escape (the dialog closing itself) closes that panel and releases the scroll lock', () => {
    for (const panel of PANELS) {
      OPENERS[panel]();
      CLOSERS[panel](); // what each dialog's onClose calls
      expect($openPanel.get()).toBeNull();
      expect(scrollLock.get()).toBe(false);
    }
  });

  it("a closed dialog's late close event leaves the panel that took its place open", () => {
    for (const first of PANELS) {
      for (const second of PANELS.filter((panel) => panel !== first)) {
        OPENERS[first]();
        OPENERS[second]();
        CLOSERS[first]();
        expect($openPanel.get()).toBe(second);
      }
    }
  });
});

describe('panels and the scroll lock (spec §4 Panels and background lock)', () => {
  it('opening the account panel locks the background; closing unlocks and clears the login prompt', () => {
    openLoginPrompt('Please Sign In to access this');
    expect($openPanel.get()).toBe('account');
    expect(loginPrompt.get()).toBe('Please Sign In to access this');
    expect(scrollLock.get()).toBe(true);
    closeAccountPanel();
    expect(scrollLock.get()).toBe(false);
    expect(loginPrompt.get()).toBe('');
  });
  it('toggles the account panel from the profile button', () => {
    toggleAccountPanel();
    expect($openPanel.get()).toBe('account');
    toggleAccountPanel();
    expect($openPanel.get()).toBeNull();
  });
  it('opening the upgrade promo closes the account panel (and its login prompt) and locks the background', () => {
    openLoginPrompt('Please Sign In to access this');
    openUpgradePromo();
    expect($openPanel.get()).toBe('upgrade');
    expect(loginPrompt.get()).toBe('');
    expect(scrollLock.get()).toBe(true);
  });
  it("'Subscribe now' replaces the upgrade promo with the packages panel", () => {
    openUpgradePromo();
    openSubscribePanel();
    expect($openPanel.get()).toBe('packages');
  });
  it('opening search closes the menu and locks the background', () => {
    openMenu();
    expect(scrollLock.get()).toBe(true);
    openSearch();
    expect($openPanel.get()).toBe('search');
    closeSearch();
    expect(scrollLock.get()).toBe(false);
  });
  it('a route change closes whatever panel is open, and the login prompt', () => {
    for (const panel of PANELS) {
      OPENERS[panel]();
      onRouteChange();
      expect($openPanel.get()).toBeNull();
    }
    openLoginPrompt('Please Sign In to access this');
    onRouteChange();
    expect(loginPrompt.get()).toBe('');
    expect(scrollLock.get()).toBe(false);
  });
  it('a Default promo overlay locks scrolling until it closes', () => {
    setPromoOverlay('Default');
    expect(scrollLock.get()).toBe(true);
    setPromoOverlay(null);
    expect(scrollLock.get()).toBe(false);
  });
  it('the Mini promo never locks scrolling', () => {
    setPromoOverlay('Mini');
    expect(scrollLock.get()).toBe(false);
    openMenu();
    expect(scrollLock.get()).toBe(true);
    closeMenu();
    expect(scrollLock.get()).toBe(false);
  });
});
