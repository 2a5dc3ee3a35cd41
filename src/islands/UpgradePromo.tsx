/**
 * Upgrade promo overlay (spec §2 Other overlays; §4 Panels: opening it closes the account panel and
 * locks the background's scroll), driven by `$openPanel` (src/stores/ui), its texts from
 * siteSettings.upgradeNotice. A native modal <dialog>: focus stays inside; Escape, the close icon,
 * 'Dismiss' and the underlay close it; 'Subscribe now' opens the subscribe packages panel (its
 * address, /videos/subscriptions, is where it leads before hydration).
 */
import { useStore } from '@nanostores/react';
import { IMAGE_HANDLER, IMAGE_HOST } from '../config';
import { imageUrl } from '../lib/images';
import { safeHref } from '../lib/escape';
import { $openPanel, closeUpgradePromo, openSubscribePanel } from '../stores/ui';
import { SvgIcon } from './SvgIcon';
import { useModalDialog } from './useModalDialog';
import '../styles/commercial.css';

/** Where 'Subscribe now' leads (spec §2: the streaming subscriptions page). */
export const UPGRADE_SUBSCRIBE_URL = '/videos/subscriptions';

export interface UpgradePromoPackage {
  title: string;
  url: string;
}

export interface UpgradePromoProps {
  /** siteSettings.upgradeNotice.heading */
  heading: string;
  /** siteSettings.upgradeNotice.body: 'To stream live games you must be subscribed to a TV package'. */
  body: string;
  /** siteSettings.upgradeNotice.buttonText: 'Subscribe now'. */
  buttonText: string;
  /** Optional image (an image library key) and its text alternative ('' when decorative). */
  image?: { key: string; alt: string };
  /** Optional package buttons. */
  packages?: readonly UpgradePromoPackage[];
}

const IMAGE_BOX = { width: 960, height: 540 };

export default function UpgradePromo({ heading, body, buttonText, image, packages = [] }: UpgradePromoProps) {
  const open = useStore($openPanel) === 'upgrade';

  const dialog = useModalDialog(open);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the modal's underlay (the dialog box itself, outside its content) closes it; keyboard users close it with Escape (native <dialog>) or the close button.
    <dialog
      ref={dialog}
      id="upgrade-promo"
      className="upgrade-promo"
      aria-labelledby="upgrade-promo-heading"
      aria-describedby="upgrade-promo-text"
      onClose={() => closeUpgradePromo()}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeUpgradePromo();
      }}
    >
      {image && (
        <img
          className="upgrade-promo__image"
          src={imageUrl(image.key, IMAGE_BOX, { host: IMAGE_HOST, handler: IMAGE_HANDLER })}
          width={IMAGE_BOX.width}
          height={IMAGE_BOX.height}
          alt={image.alt}
        />
      )}
      <div className="upgrade-promo__body">
        <div className="upgrade-promo__top">
          <h2 id="upgrade-promo-heading" className="upgrade-promo__heading">
            {heading}
          </h2>
          <button type="button" className="upgrade-promo__close" aria-label="Close" onClick={() => closeUpgradePromo()}>
            <SvgIcon name="close" size={22} />
          </button>
        </div>
        <p id="upgrade-promo-text" className="upgrade-promo__text">
          {body}
        </p>
        {packages.length > 0 && (
          <ul className="upgrade-promo__packages" aria-label="Packages">
            {packages.map((pkg) => (
              <li key={pkg.url}>
                <a className="button button--ghost-dark" href={safeHref(pkg.url)} onClick={() => closeUpgradePromo()}>
                  {pkg.title}
                </a>
              </li>
            ))}
          </ul>
        )}
        <div className="upgrade-promo__actions">
          <a
            className="button button--primary-light"
            href={UPGRADE_SUBSCRIBE_URL}
            onClick={(event) => {
              event.preventDefault();
              openSubscribePanel();
            }}
          >
            {buttonText}
          </a>
          <button type="button" className="button button--label-dark" onClick={() => closeUpgradePromo()}>
            Dismiss
          </button>
        </div>
      </div>
    </dialog>
  );
}
