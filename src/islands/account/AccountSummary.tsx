/**
 * The signed-in summary of the account panel and /account/login (spec §2 Account panel signed
 * in): club logo, profile image, 'Welcome' with the display name, the Account ID, 'Account
 * Restrictions Bypassed' when bypassed (spec §6), the subscription check's message (spec §8
 * 'You have no subscriptions', 'There was an issue checking your subscriptions'), and Manage
 * Account, View Subscriptions (Stripe's billing portal for a Stripe customer, else the streaming
 * page's packages) and Log Out. The heading is the container's (panel title, page h1).
 *
 * Props: clubName (the logo's alt text), accountUrl (Manage Account: site settings, default
 * /account/profile), subscriptionsUrl (View Subscriptions).
 */
import { useStore } from '@nanostores/react';
import type { MouseEvent } from 'react';
import { safeHref } from '../../lib/escape';
import { subscriptionsMessage } from '../../lib/subscriptions';
import { logOut } from '../../stores/session';
import { subscriptionsCheck, user } from '../../stores/user';

export interface AccountSummaryProps {
  clubName: string;
  accountUrl: string;
  subscriptionsUrl: string;
}

/** Up to two initials of a display name or e-mail, for the profile image. */
function initials(name: string): string {
  const words = name
    .trim()
    .split(/[\s@._-]+/)
    .filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase() ?? '')
      .join('') || '?'
  );
}

/**
 * 'View Subscriptions' for a Stripe customer: Stripe's billing portal (create-portal-redirect,
 * coming back to this page; the payments client loads on this click). Anyone else, or a portal
 * that cannot be opened, follows the link to the streaming page's packages.
 */
function openBillingPortal(event: MouseEvent<HTMLAnchorElement>, stripeCustomerID: string): void {
  if (stripeCustomerID === '' || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const fallback = event.currentTarget.href;
  void import('../../platform/paymentsClient')
    .then(({ createPortalRedirect }) => createPortalRedirect({ returnURL: window.location.pathname }))
    .then((answer) => window.location.assign(answer.ok && /^https?:\/\//.test(answer.data.url) ? answer.data.url : fallback))
    .catch(() => window.location.assign(fallback));
}

export default function AccountSummary({ clubName, accountUrl, subscriptionsUrl }: AccountSummaryProps) {
  const current = useStore(user, { ssr: 'initial' });
  const message = subscriptionsMessage(useStore(subscriptionsCheck, { ssr: 'initial' }));
  const name = current.userDisplayName || current.email;
  return (
    <div className="account-summary">
      <div className="account-summary__images">
        <img src="/media/club/crest.svg" width={48} height={56} alt={clubName} />
        <span className="account-summary__avatar" role="img" aria-label="Profile image">
          {initials(name)}
        </span>
      </div>
      <p className="account-summary__welcome">Welcome, {name}</p>
      <p className="account-summary__id">Account ID: {current.ssoID}</p>
      {current.bypassed && <p className="pill pill--navy">Account Restrictions Bypassed</p>}
      {message && (
        <p className="account-summary__subscriptions" role="status">
          {message}
        </p>
      )}
      <div className="account-summary__actions">
        <a className="button button--primary-dark" href={safeHref(accountUrl)}>
          Manage Account
        </a>
        <a className="button button--ghost-dark" href={safeHref(subscriptionsUrl)} onClick={(event) => openBillingPortal(event, current.stripeCustomerID)}>
          View Subscriptions
        </a>
        <button className="button button--label-dark" type="button" onClick={() => void logOut()}>
          Log Out
        </button>
      </div>
    </div>
  );
}
