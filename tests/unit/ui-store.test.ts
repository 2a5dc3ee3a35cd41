import { beforeEach, describe, expect, it } from 'vitest';
import {
  accountHeaderOpen, closeAccountPanel, closeMenu, closeSearch, closeUpgradePromo, lockBackground, loginPrompt, menuOpen,
  onRouteChange, openAccountPanel, openLoginPrompt, openMenu, openSearch, openUpgradePromo, searchOpen, setPromoOverlayOpen,
  toggleAccountPanel, upgradePromoOpen,
} from '../../src/stores/ui';

beforeEach(() => {
  closeAccountPanel();
  closeMenu();
  closeSearch();
  closeUpgradePromo();
  setPromoOverlayOpen(false);
});

describe('panels and background lock (spec §4)', () => {
  it('opening the account panel locks the background; closing unlocks and clears the login prompt', () => {
    openLoginPrompt('Please Sign In to access this');
    expect(accountHeaderOpen.get()).toBe(true);
    expect(loginPrompt.get()).toBe('Please Sign In to access this');
    expect(lockBackground.get()).toBe(true);
    closeAccountPanel();
    expect(lockBackground.get()).toBe(false);
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
    expect(lockBackground.get()).toBe(true);
  });
  it('opening search closes the menu and locks the background', () => {
    openMenu();
    expect(lockBackground.get()).toBe(true);
    openSearch();
    expect(menuOpen.get()).toBe(false);
    expect(searchOpen.get()).toBe(true);
    expect(lockBackground.get()).toBe(true);
    closeSearch();
    expect(lockBackground.get()).toBe(false);
  });
  it('a route change closes search and the menu', () => {
    openSearch();
    onRouteChange();
    expect(searchOpen.get()).toBe(false);
    openMenu();
    onRouteChange();
    expect(menuOpen.get()).toBe(false);
  });
  it('the promo overlay locks the background until it closes', () => {
    setPromoOverlayOpen(true);
    expect(lockBackground.get()).toBe(true);
    setPromoOverlayOpen(false);
    expect(lockBackground.get()).toBe(false);
  });
});
