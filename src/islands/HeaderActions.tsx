/**
 * Header actions island (spec §2 Header, Account panel; §4 Panels and background lock): the
 * profile button ('Profile' when signed in, 'Sign In' otherwise — both labels are rendered and
 * `<html data-session>` shows one (src/browser/loginCheckStart.ts, src/styles/account.css), so the label
 * is right before this island wakes) toggling the account panel, the
 * search button and the menu button. Server-rendered as plain HTML and hydrated on intent
 * (client:intent), so React loads only when someone reaches for the header. Before hydration the
 * menu button opens the static <dialog id="main-menu"> natively (command="show-modal") and the
 * profile link goes to /account/login. The menu button has no aria-expanded: HTML forbids it
 * next to `command`, and the modal dialog it opens makes the rest of the page inert anyway. It also holds the account panel, the upgrade promo, the
 * search overlay and the subscribe packages panel (both loaded lazily when opened).
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, type MouseEvent } from 'react';
import { $openPanel, openSearch, toggleAccountPanel, openMenu, closeMenu } from '../stores/ui';
import AccountPanel, { type AccountPanelProps } from './AccountPanel';
import UpgradePromo, { type UpgradePromoProps } from './UpgradePromo';
import { SvgIcon } from './SvgIcon';
import { useModalDialogById } from './useModalDialog';

const SearchPanel = lazy(() => import('./search/SearchPanel'));
const SubscribePanel = lazy(() => import('./packages/SubscribePanel'));

export interface HeaderActionsProps {
  signInText: string;
  account: Omit<AccountPanelProps, 'signInText'>;
  upgrade: UpgradePromoProps;
}

/** Keeps the native main-menu dialog and `$openPanel` in step. */
function useMenuDialog(): void {
  useModalDialogById('main-menu', useStore($openPanel) === 'menu');
  useEffect(() => {
    const dialog = document.getElementById('main-menu');
    if (!(dialog instanceof HTMLDialogElement)) return;
    if (dialog.open) openMenu();
    const onClose = () => closeMenu();
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, []);
}

export default function HeaderActions({ signInText, account, upgrade }: HeaderActionsProps) {
  // The server rendered every panel closed: hydration starts from that, whatever opened meanwhile.
  const openPanel = useStore($openPanel, { ssr: 'initial' });
  const panelOpen = openPanel === 'account';
  const searching = openPanel === 'search';
  const choosingPackage = openPanel === 'packages';
  useMenuDialog();

  const onProfile = (event: MouseEvent) => {
    event.preventDefault();
    toggleAccountPanel();
  };
  const onSearch = (event: MouseEvent) => {
    event.preventDefault();
    openSearch();
  };
  const onMenu = (event: MouseEvent) => {
    event.preventDefault();
    openMenu();
  };

  return (
    <div className="header-actions">
      <a className="header-action header-action--profile" href="/account/login" aria-expanded={panelOpen} aria-controls="account-panel" onClick={onProfile}>
        <SvgIcon name="user" size={20} />
        <span className="session-label session-label--signed-out">{signInText}</span>
        <span className="session-label session-label--signed-in">Profile</span>
      </a>
      <a className="header-action" href="/news" role="button" aria-label="Search" aria-expanded={searching} aria-controls="search-overlay" onClick={onSearch}>
        <SvgIcon name="search" size={20} />
        <span className="header-action__label" aria-hidden="true">
          Search
        </span>
      </a>
      <button
        className="header-action header-action--menu"
        type="button"
        aria-label="Menu"
        aria-haspopup="dialog"
        aria-controls="main-menu"
        {...{ commandfor: 'main-menu', command: 'show-modal' }}
        onClick={onMenu}
      >
        <SvgIcon name="menu" size={22} />
        <span className="header-action__label" aria-hidden="true">
          Menu
        </span>
      </button>
      <AccountPanel signInText={signInText} {...account} />
      <UpgradePromo {...upgrade} />
      {searching && (
        <Suspense fallback={null}>
          <SearchPanel />
        </Suspense>
      )}
      {choosingPackage && (
        <Suspense fallback={null}>
          <SubscribePanel />
        </Suspense>
      )}
    </div>
  );
}
