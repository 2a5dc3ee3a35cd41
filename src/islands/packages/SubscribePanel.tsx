/**
 * The subscribe packages panel (spec §2 Subscribe packages panel; §4 Purchase click; §8), loaded
 * when the upgrade promo's 'Subscribe now' opens it: a modal side panel 'Choose a subscription'
 * with up to 3 package groups (packageGroups), each package's title, sanitised body and a Buy
 * button per price ('Buy - {amount}', ' p/m' without a duration; 'Manage Subscriptions' when
 * held), 'No packages available' when empty, and a link to the streaming page's packages. Buy is
 * ./usePurchase. Packages come from /data/packages.json, checked with zod; a failed fetch is none.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CHOOSE_SUBSCRIPTION_HEADING, NO_PACKAGES_TEXT, packageGroups, priceLabel, type PackageView } from '../../payments/rules/packageRules';
import { z } from '../../lib/zod';
import { $openPanel, closeSubscribePanel } from '../../stores/ui';
import { user } from '../../stores/user';
import { SvgIcon } from '../SvgIcon';
import { useModalDialog } from '../useModalDialog';
import { usePurchase } from './usePurchase';
// Fetched when the panel opens (a <link>), so the pages whose header can open it do not carry it.
import packagesCss from '../../styles/packages.css?url';

/** Where the panel's packages are published at build time. */
export const PACKAGES_DATA_URL = '/data/packages.json';
/** The footer call to action: every package on the streaming page. */
const FOOTER_LINK = { href: '/videos/subscriptions#packages', text: 'See all packages and match passes' };

const priceSchema = z.object({
  id: z.string(),
  type: z.enum(['recurring', 'one-off']),
  priceDisplay: z.string(),
  offer: z.string().nullable(),
  furtherInformation: z.string().nullable(),
  backsideText: z.string().nullable(),
  entitlements: z.array(z.string()),
});
const packagesSchema = z.object({
  packages: z.array(
    z.object({
      id: z.string(),
      mode: z.enum(['subscription', 'match-pass']),
      title: z.string(),
      bodyHtml: z.string(),
      styleMode: z.enum(['light', 'dark']),
      displayType: z.enum(['icon-only', 'background-image']),
      icon: z.string().nullable(),
      customLabel: z.string().nullable(),
      imageUrl: z.string(),
      backgroundImageUrl: z.string().nullable(),
      prices: z.array(priceSchema),
    }),
  ),
});

async function fetchPackages(): Promise<PackageView[]> {
  try {
    const response = await fetch(PACKAGES_DATA_URL, { headers: { accept: 'application/json' } });
    const parsed = packagesSchema.safeParse(response.ok ? await response.json() : null);
    return parsed.success ? parsed.data.packages : [];
  } catch {
    return [];
  }
}

export default function SubscribePanel() {
  const open = useStore($openPanel) === 'packages';
  const viewer = useStore(user);
  const dialog = useModalDialog(open);
  const [packages, setPackages] = useState<PackageView[] | null>(null);
  const [group, setGroup] = useState(0);
  const { busyPriceId, alert, buy } = usePurchase();

  useEffect(() => {
    let live = true;
    void fetchPackages().then((list) => live && setPackages(list));
    return () => {
      live = false;
    };
  }, []);

  const groups = packages ? packageGroups(packages) : [];
  const current = groups[Math.min(group, Math.max(0, groups.length - 1))];

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the underlay closes it; the keyboard's way out is Escape (native modal dialog) or the close button.
    <dialog
      ref={dialog}
      id="subscribe-panel"
      className="side-panel subscribe-panel"
      aria-labelledby="subscribe-panel-title"
      onClose={() => closeSubscribePanel()}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeSubscribePanel();
      }}
    >
      <link rel="stylesheet" href={packagesCss} precedence="default" />
      <div className="side-panel__inner">
        <div className="side-panel__top">
          <h2 id="subscribe-panel-title" className="side-panel__title">
            {CHOOSE_SUBSCRIPTION_HEADING}
          </h2>
          <button type="button" className="side-panel__close" aria-label="Close packages" onClick={() => closeSubscribePanel()}>
            <SvgIcon name="close" size={22} />
          </button>
        </div>
        <div role="alert">{alert && <p className="packages-alert">{alert}</p>}</div>
        {packages === null ? (
          <p role="status">loading</p>
        ) : groups.length === 0 || !current ? (
          <p>{NO_PACKAGES_TEXT}</p>
        ) : (
          <>
            {groups.length > 1 && (
              <div className="subscribe-panel__groups" role="group" aria-label="Package groups">
                {groups.map((g, index) => (
                  <button
                    key={g.mode}
                    type="button"
                    className={`button button--small ${g === current ? 'button--primary' : 'button--ghost-dark'}`}
                    aria-pressed={g === current}
                    onClick={() => setGroup(index)}
                  >
                    {g.label}
                  </button>
                ))}
              </div>
            )}
            <ul className="subscribe-panel__list" aria-label={current.label}>
              {current.packages.map((pkg) => (
                <li key={pkg.id} className="subscribe-panel__package">
                  <h3 id={`subscribe-${pkg.id}`}>{pkg.title}</h3>
                  <div className="package-card__body" dangerouslySetInnerHTML={{ __html: pkg.bodyHtml }} />
                  {pkg.prices.map((price) => (
                    <button
                      key={price.id}
                      type="button"
                      className="button button--primary-light"
                      disabled={busyPriceId !== null}
                      aria-busy={busyPriceId === price.id}
                      aria-describedby={`subscribe-${pkg.id}`}
                      onClick={() => void buy(pkg, price)}
                    >
                      {priceLabel(viewer.loggedIn ? viewer.entitlements : null, pkg, price)}
                    </button>
                  ))}
                </li>
              ))}
            </ul>
          </>
        )}
        <p className="subscribe-panel__footer">
          <a className="button button--ghost-light" href={FOOTER_LINK.href} onClick={() => closeSubscribePanel()}>
            {FOOTER_LINK.text}
          </a>
        </p>
      </div>
    </dialog>
  );
}
