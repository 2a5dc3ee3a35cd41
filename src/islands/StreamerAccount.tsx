/**
 * The account corner of the Streamer layout (spec §2 Layouts, Account panel; §4 Purchase click,
 * Panels and background lock): a profile button ('Profile' when signed in, 'Sign In' otherwise;
 * <html data-session> picks the label before this island wakes) toggling the account panel, and
 * the panels the streaming page opens — the account panel (the login prompt and the account box
 * of the purchase click), the upgrade promo (the player's), and the subscribe packages panel
 * (loaded lazily when opened). Hydrated on intent (client:intent) like the Default layout's
 * header actions, so nothing loads until someone reaches for the header or code opens a panel
 * (src/stores/ui wakes it). Before hydration the profile button is a link to /account/login.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, type MouseEvent } from 'react';
import { $openPanel, toggleAccountPanel } from '../stores/ui';
import AccountPanel, { type AccountPanelProps } from './AccountPanel';
import UpgradePromo, { type UpgradePromoProps } from './UpgradePromo';
import { SvgIcon } from './SvgIcon';

const SubscribePanel = lazy(() => import('./packages/SubscribePanel'));

export interface StreamerAccountProps {
  signInText: string;
  account: Omit<AccountPanelProps, 'signInText'>;
  upgrade: UpgradePromoProps;
}

export default function StreamerAccount({ signInText, account, upgrade }: StreamerAccountProps) {
  // The server rendered every panel closed: hydration starts from that, whatever opened meanwhile.
  const openPanel = useStore($openPanel, { ssr: 'initial' });
  const panelOpen = openPanel === 'account';
  const choosingPackage = openPanel === 'packages';
  const onProfile = (event: MouseEvent) => {
    event.preventDefault();
    toggleAccountPanel();
  };
  return (
    <div className="streamer-account">
      <a className="streamer-account__profile" href="/account/login" aria-expanded={panelOpen} aria-controls="account-panel" onClick={onProfile}>
        <SvgIcon name="user" size={20} />
        <span className="session-label session-label--signed-out">{signInText}</span>
        <span className="session-label session-label--signed-in">Profile</span>
      </a>
      <AccountPanel signInText={signInText} {...account} />
      <UpgradePromo {...upgrade} />
      {choosingPackage && (
        <Suspense fallback={null}>
          <SubscribePanel />
        </Suspense>
      )}
    </div>
  );
}
