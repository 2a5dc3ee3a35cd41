/**
 * The signed-in summary of the account panel and /account/login (spec §2 Account panel signed
 * in; §6; §8): logo, profile image, 'Welcome' and name, Account ID, 'Account Restrictions
 * Bypassed', what the supporter holds (heldSubscriptions, src/accounts/rules/subscriptions) or the
 * check's message, and Manage Account, View Subscriptions (always: the billing portal for a Stripe
 * customer, else the streaming page's packages, which show what is owned) and Log Out. The heading
 * is the container's.
 * Props: clubName (logo alt), accountUrl (Manage Account), subscriptionsUrl (View Subscriptions).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { safeHref } from '../../lib/escape';
import { z } from '../../lib/zod';
import { billingPortalOffered, heldSubscriptions, subscriptionsMessage, type HeldPackageSource } from '../../accounts/rules/subscriptions';
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

/** The package catalogue of the build (src/pages/data/packages.json.ts), as far as titles go. */
const PACKAGES_URL = '/data/packages.json';
const packagesSchema = z.object({
  packages: z.array(z.object({ title: z.string(), prices: z.array(z.object({ entitlements: z.array(z.string()) })) })),
});

let packagesPromise: Promise<HeldPackageSource[]> | null = null;
function loadPackages(): Promise<HeldPackageSource[]> {
  packagesPromise ??= fetch(PACKAGES_URL, { headers: { accept: 'application/json' } })
    .then(async (response) => {
      const parsed = packagesSchema.safeParse(response.ok ? await response.json() : null);
      return parsed.success ? parsed.data.packages : [];
    })
    .catch(() => {
      packagesPromise = null;
      return [];
    });
  return packagesPromise;
}

/** The package titles (else entitlement names) a supporter holds; [] until known or when none. */
function useHeldSubscriptions(entitlements: readonly string[] | null, held: boolean): string[] {
  const [packages, setPackages] = useState<HeldPackageSource[] | null>(null);
  useEffect(() => {
    if (!held) return;
    let live = true;
    void loadPackages().then((list) => live && setPackages(list));
    return () => {
      live = false;
    };
  }, [held]);
  return held && packages !== null ? heldSubscriptions(entitlements, packages) : [];
}

/**
 * 'View Subscriptions' for a Stripe customer: Stripe's billing portal (create-portal-redirect,
 * coming back to this page; the payments client loads on this click). Anyone else, or a portal
 * that cannot be opened, follows the link to the streaming page's packages.
 */
function openBillingPortal(event: MouseEvent<HTMLAnchorElement>, stripeCustomerID: string): void {
  if (!billingPortalOffered(stripeCustomerID) || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  const fallback = event.currentTarget.href;
  void import('../../payments/browser/paymentsClient')
    .then(({ createPortalRedirect }) => createPortalRedirect({ returnURL: window.location.pathname }))
    .then((answer) => window.location.assign(answer.ok && /^https?:\/\//.test(answer.data.url) ? answer.data.url : fallback))
    .catch(() => window.location.assign(fallback));
}

export default function AccountSummary({ clubName, accountUrl, subscriptionsUrl }: AccountSummaryProps) {
  const current = useStore(user, { ssr: 'initial' });
  const check = useStore(subscriptionsCheck, { ssr: 'initial' });
  const message = subscriptionsMessage(check);
  const holdings = useHeldSubscriptions(current.entitlements, check === 'held');
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
      {holdings.length > 0 && (
        <div className="account-summary__subscriptions" role="status">
          <p className="account-summary__held-heading">Your subscriptions</p>
          <ul className="account-summary__held">
            {holdings.map((title) => (
              <li key={title}>{title}</li>
            ))}
          </ul>
        </div>
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
