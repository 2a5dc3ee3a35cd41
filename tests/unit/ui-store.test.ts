import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountHeaderOpen,
  closeAccountPanel,
  closeMenu,
  closeSearch,
  closeUpgradePromo,
  scrollLock,
  loginPrompt,
  menuOpen,
  onRouteChange,
  openAccountPanel,
  openLoginPrompt,
  openMenu,
  openSearch,
  openUpgradePromo,
  searchOpen,
  setPromoOverlay,
  showPackages,
  openSubscribePanel,
  toggleAccountPanel,
  upgradePromoOpen,
} from '../../src/stores/ui';

beforeEach(() => {
  closeAccountPanel();
  closeMenu();
  closeSearch();
  closeUpgradePromo();
  setPromoOverlay(null);
});

describe('panels and the scroll lock (spec §4 Panels and background lock)', () => {
  it('opening the account panel locks the background; closing unlocks and clears the login prompt', () => {
    openLoginPrompt('Please Sign In to access this');
    expect(accountHeaderOpen.get()).toBe(true);
    expect(loginPrompt.get()).toBe('Please Sign In to access this');
    expect(scrollLock.get()).toBe(true);
    closeAccountPanel();
    expect(scrollLock.get()).toBe(false);
    expect(loginPrompt.get()).toBe('');
  });
  it('toggles the account panel from the profile button', () => {
    toggleAccountPanel();
    expect(accountHeaderOpen.get()).toBe(true);
    toggleAccountPanel();
    expect(accountHeaderOpen.get()).toBe(false);
  });
  it('opening the upgrade promo closes the account panel and locks the background', () => {
    openAccountPanel();
    openUpgradePromo();
    expect(accountHeaderOpen.get()).toBe(false);
    expect(upgradePromoOpen.get()).toBe(true);
    expect(scrollLock.get()).toBe(true);
  });
  it('opening search closes the menu and locks the background', () => {
    openMenu();
    expect(scrollLock.get()).toBe(true);
    openSearch();
    expect(menuOpen.get()).toBe(false);
    expect(searchOpen.get()).toBe(true);
    expect(scrollLock.get()).toBe(true);
    closeSearch();
    expect(scrollLock.get()).toBe(false);
  });
  it('a route change closes search and the menu', () => {
    openSearch();
    onRouteChange();
    expect(searchOpen.get()).toBe(false);
    openMenu();
    onRouteChange();
    expect(menuOpen.get()).toBe(false);
  });
  it('a route change closes the account panel (and its login prompt), the upgrade promo and the packages panel', () => {
    openLoginPrompt('Please Sign In to access this');
    onRouteChange();
    expect(accountHeaderOpen.get()).toBe(false);
    expect(loginPrompt.get()).toBe('');
    openUpgradePromo();
    onRouteChange();
    expect(upgradePromoOpen.get()).toBe(false);
    openSubscribePanel();
    onRouteChange();
    expect(showPackages.get()).toBe(false);
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
