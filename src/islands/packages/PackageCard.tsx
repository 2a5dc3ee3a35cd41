/**
 * A package card (spec §2 Packages widget; §3 Package; §6): the front (image, custom label,
 * title, each price with its offer and button, the logged-out note, the body's first paragraph)
 * and the 'Information' back (sanitised body, each option's further information), flipped by the
 * info and close icons; the hidden side is inert and focus follows the flip (reduced motion: no
 * turn). Before hydration (`interactive` false) one side shows the body and buttons link to login.
 * Props: pkg (PackageView), decoration ('border' | 'shadow', packageCardDecoration), viewer,
 * ready (false: buttons say 'loading'), busyPriceId, onBuy.
 */
import { useCallback, useRef, useState } from 'react';
import {
  LOGGED_OUT_NOTE,
  holdsPackage,
  packageCardHeight,
  packageClass,
  packageType,
  priceLabel,
  type PackagePriceView,
  type PackageView,
} from '../../payments/rules/packageRules';
import { SvgIcon } from '../SvgIcon';

export interface PackageCardProps {
  pkg: PackageView;
  decoration: 'border' | 'shadow';
  viewer: { loggedIn: boolean; entitlements: readonly string[] | null };
  interactive: boolean;
  ready: boolean;
  busyPriceId: string | null;
  onBuy: (pkg: PackageView, price: PackagePriceView) => void;
}

export default function PackageCard({ pkg, decoration, viewer, interactive, ready, busyPriceId, onBuy }: PackageCardProps) {
  const [flipped, setFlipped] = useState(false);
  const infoButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const owned = viewer.loggedIn && holdsPackage(viewer.entitlements, pkg);
  const headingId = `package-${pkg.id}-title`;
  const height = packageCardHeight(pkg.prices.length);
  // Through the CSSOM, not a style attribute (the Content-Security-Policy refuses inline styles);
  // before hydration the card's CSS minimum (480 px) holds.
  const sized = useCallback((card: HTMLElement | null) => card?.style.setProperty('--package-card-height', `${height}px`), [height]);
  const media = pkg.displayType === 'background-image' && pkg.backgroundImageUrl ? pkg.backgroundImageUrl : pkg.imageUrl;

  const flip = (toBack: boolean) => {
    setFlipped(toBack);
    // After React makes the other side interactive (inert removed).
    requestAnimationFrame(() => (toBack ? closeButton.current : infoButton.current)?.focus());
  };

  return (
    <article
      className={`package-card package-card--${decoration} package-card--${packageClass(pkg.title)}${pkg.customLabel ? ' package-card--featured' : ''}${flipped ? ' is-flipped' : ''}${owned ? ' is-owned' : ''}`}
      ref={sized}
      aria-labelledby={headingId}
      data-package-id={pkg.id}
    >
      <div className="package-card__inner">
        <div className="package-card__face package-card__front" inert={flipped}>
          <img className="package-card__media" src={media} width={800} height={450} alt="" loading="lazy" />
          <div className="package-card__content">
            <div className="package-card__top">
              <p className="package-card__type">{packageType(pkg.title)}</p>
              {pkg.customLabel && <p className="pill pill--red package-card__label">{pkg.customLabel}</p>}
              {interactive && (
                <button
                  ref={infoButton}
                  type="button"
                  className="package-card__icon"
                  aria-label={`Information: ${pkg.title}`}
                  aria-expanded={flipped}
                  onClick={() => flip(true)}
                >
                  <SvgIcon name="info" size={20} />
                </button>
              )}
            </div>
            <h3 id={headingId} className="package-card__title">
              {pkg.title}
            </h3>
            {owned && <p className="package-card__owned">You have this package</p>}
            <div className={`package-card__body${interactive ? ' package-card__body--lead' : ''}`} dangerouslySetInnerHTML={{ __html: pkg.bodyHtml }} />
            <ul className="package-card__prices">
              {pkg.prices.map((price) => {
                const busy = busyPriceId === price.id;
                const label = priceLabel(viewer.loggedIn ? viewer.entitlements : null, pkg, price);
                return (
                  <li key={price.id} className="package-card__price">
                    <p className="package-card__amount">
                      <strong>{price.priceDisplay}</strong>
                      {price.offer && <span className="pill pill--gold">{price.offer}</span>}
                    </p>
                    {!interactive ? (
                      <a className="button button--primary-light package-card__buy" href="/account/login">
                        {label}
                      </a>
                    ) : (
                      <button
                        type="button"
                        className="button button--primary-light package-card__buy"
                        disabled={!ready || busyPriceId !== null}
                        aria-busy={busy || !ready}
                        aria-describedby={headingId}
                        data-price-id={price.id}
                        onClick={() => onBuy(pkg, price)}
                      >
                        {ready ? label : 'loading'}
                        {busy && <span className="visually-hidden"> (opening checkout)</span>}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
            {!viewer.loggedIn && <p className="package-card__note">{LOGGED_OUT_NOTE}</p>}
          </div>
        </div>
        {interactive && (
          <div className="package-card__face package-card__back" inert={!flipped}>
            <div className="package-card__top">
              <h4 className="package-card__back-title">Information</h4>
              <button ref={closeButton} type="button" className="package-card__icon" aria-label={`Close information: ${pkg.title}`} onClick={() => flip(false)}>
                <SvgIcon name="close" size={20} />
              </button>
            </div>
            <p className="package-card__back-name">{pkg.title}</p>
            <div className="package-card__body" dangerouslySetInnerHTML={{ __html: pkg.bodyHtml }} />
            {pkg.prices.map((price) => (
              <div key={price.id} className="package-card__info">
                <p>
                  <strong>{price.priceDisplay}</strong>
                </p>
                {price.furtherInformation && <p>{price.furtherInformation}</p>}
                {price.backsideText && <p>{price.backsideText}</p>}
              </div>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
