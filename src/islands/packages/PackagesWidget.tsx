/**
 * The packages widget (spec §2 Packages widget; §3 Package, Widget data; §4 Purchase click,
 * Carousel, Voucher panel; §6; §8), hydrated when visible; server-rendered first, so without
 * JavaScript every package shows by group with links to sign in. Hydrated: ARIA tabs
 * 'Subscriptions' / 'Match passes' of package carousels (./PackageCarousel, ./PackageCard), the
 * viewer's state from src/stores/user ('loading' until the login check answers), the purchase
 * click (./usePurchase) and the footer's voucher panel (./VoucherPanel) and link.
 * Props: packages (PackageView[], bodies sanitised at build time), widget (WidgetData).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { safeHref } from '../../lib/escape';
import { packageCardDecoration, packageTabs, type PackageView, type WidgetData } from '../../payments/rules/packageRules';
import { user } from '../../stores/user';
import PackageCard from './PackageCard';
import PackageCarousel from './PackageCarousel';
import { usePurchase } from './usePurchase';
import VoucherPanel from './VoucherPanel';

export interface PackagesWidgetProps {
  packages: PackageView[];
  widget: WidgetData;
}

const VOUCHER_PANEL_ID = 'packages-voucher-panel';

export default function PackagesWidget({ packages, widget }: PackagesWidgetProps) {
  const tabs = packageTabs(packages, widget);
  const viewer = useStore(user, { ssr: 'initial' });
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState(0);
  const [voucherOpen, setVoucherOpen] = useState(false);
  const [voucher, setVoucher] = useState<{ code: string; description: string } | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const voucherButton = useRef<HTMLButtonElement>(null);
  const { busyPriceId, alert, buy } = usePurchase();

  useEffect(() => setHydrated(true), []);
  const ready = hydrated && viewer.loginCheckCompleted;

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabRefs.current[next]?.focus();
  };

  const closeVoucher = () => {
    setVoucherOpen(false);
    requestAnimationFrame(() => voucherButton.current?.focus());
  };
  const redeem = async (code: string): Promise<string | null> => {
    const { voucherCheck } = await import('../../payments/browser/paymentsClient');
    const answer = await voucherCheck({ code });
    if (!answer.ok) return answer.status === 422 ? answer.message : 'Sorry, the voucher could not be checked, please try again';
    setVoucher({ code: answer.data.code, description: answer.data.description });
    closeVoucher();
    return null;
  };

  const cards = (list: PackageView[]) =>
    list.map((pkg) => (
      <PackageCard
        key={pkg.id}
        pkg={pkg}
        decoration={packageCardDecoration(widget.style, pkg.styleMode)}
        viewer={viewer}
        interactive={hydrated}
        ready={ready}
        busyPriceId={busyPriceId}
        onBuy={(p, price) => void buy(p, price, voucher?.code)}
      />
    ));

  return (
    <div className={`packages-widget packages-widget--${widget.style}`} data-packages-widget={hydrated ? 'ready' : 'static'}>
      <div className="packages-widget__alert" role="alert">
        {alert && <p>{alert}</p>}
      </div>
      {hydrated ? (
        <>
          <div className="packages-tabs" role="tablist" aria-label="Packages">
            {tabs.map((tab, index) => (
              <button
                key={tab.mode}
                ref={(el) => {
                  tabRefs.current[index] = el;
                }}
                type="button"
                role="tab"
                id={`packages-tab-${tab.mode}`}
                aria-selected={index === selected}
                aria-controls={`packages-panel-${tab.mode}`}
                tabIndex={index === selected ? 0 : -1}
                className="packages-tabs__tab"
                onClick={() => setSelected(index)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {tab.label}
              </button>
            ))}
          </div>
          {tabs.map((tab, index) => (
            <div
              key={tab.mode}
              role="tabpanel"
              id={`packages-panel-${tab.mode}`}
              aria-labelledby={`packages-tab-${tab.mode}`}
              hidden={index !== selected}
              className="packages-panel"
            >
              {index !== selected ? null : tab.packages.length === 0 ? (
                <p className="packages-panel__empty">{tab.emptyText}</p>
              ) : (
                <PackageCarousel label={tab.label} id={`packages-track-${tab.mode}`}>
                  {cards(tab.packages)}
                </PackageCarousel>
              )}
            </div>
          ))}
        </>
      ) : (
        tabs.map((tab) => (
          <div key={tab.mode} className="packages-panel">
            <h3 className="packages-panel__heading">{tab.label}</h3>
            {tab.packages.length === 0 ? (
              <p className="packages-panel__empty">{tab.emptyText}</p>
            ) : (
              <div className="packages-carousel">
                <div className="packages-carousel__viewport">
                  <div className="packages-carousel__container">
                    {cards(tab.packages).map((card) => (
                      <div key={card.key} className="packages-carousel__slide">
                        {card}
                      </div>
                    ))}
                  </div>
                </div>
              </div>
            )}
          </div>
        ))
      )}
      <div className={`packages-footer packages-footer--${widget.footerStyle}`}>
        <div className="packages-footer__cta">
          <p>{widget.cta1Text}</p>
          {hydrated ? (
            <button
              ref={voucherButton}
              type="button"
              className="button button--ghost-light"
              aria-expanded={voucherOpen}
              aria-controls={voucherOpen ? VOUCHER_PANEL_ID : undefined}
              onClick={() => (voucherOpen ? closeVoucher() : setVoucherOpen(true))}
            >
              {widget.cta1ButtonCta}
            </button>
          ) : (
            <a className="button button--ghost-light" href="/account/login">
              {widget.cta1ButtonCta}
            </a>
          )}
        </div>
        <div className="packages-footer__cta">
          <p>{widget.cta2Text}</p>
          <a className="button button--ghost-light" href={safeHref(widget.cta2ButtonLink)}>
            {widget.cta2ButtonCta}
          </a>
        </div>
      </div>
      {voucherOpen && (
        <VoucherPanel
          id={VOUCHER_PANEL_ID}
          title={widget.voucherTitle}
          text={widget.voucherText}
          button={widget.voucherButton}
          onRedeem={redeem}
          onCancel={closeVoucher}
        />
      )}
      {voucher && (
        <p className="packages-voucher" role="status">
          Voucher <strong>{voucher.code}</strong> applied{voucher.description ? `: ${voucher.description}` : ''}. Choose a package to use it.{' '}
          <button type="button" className="button button--label-dark" onClick={() => setVoucher(null)}>
            Remove voucher
          </button>
        </p>
      )}
    </div>
  );
}
