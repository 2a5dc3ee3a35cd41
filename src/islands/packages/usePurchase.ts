/**
 * The purchase click as a React hook (spec §4 Purchase click; §6; §8), shared by the packages
 * widget and the subscribe panel: `buy(pkg, price, voucher?)` follows purchaseAction — signed out
 * → 'You must be logged in to purchase'; holding it → the account box; otherwise ./checkout
 * (loaded on the click) creates the Checkout Session and the browser goes there. `busyPriceId`
 * stays set until it settles (further clicks ignored); `alert` is CHECKOUT_UNAVAILABLE_MESSAGE
 * after a failure, else null. A page restored from the back-forward cache is idle again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHECKOUT_UNAVAILABLE_MESSAGE, LOGGED_OUT_NOTE, purchaseAction, type PackagePriceView, type PackageView } from '../../payments/rules/packageRules';
import { openAccountPanel, openLoginPrompt } from '../../stores/ui';
import { user } from '../../stores/user';

export interface Purchase {
  busyPriceId: string | null;
  alert: string | null;
  buy: (pkg: PackageView, price: PackagePriceView, voucher?: string | null) => Promise<void>;
}

export function usePurchase(): Purchase {
  const [busyPriceId, setBusy] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const running = useRef(false);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setBusy(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const buy = useCallback(async (pkg: PackageView, price: PackagePriceView, voucher?: string | null) => {
    if (running.current) return;
    const action = purchaseAction(user.get(), pkg);
    if (action === 'login-prompt') return openLoginPrompt(LOGGED_OUT_NOTE);
    if (action === 'account-box') return openAccountPanel();
    running.current = true;
    setBusy(price.id);
    setAlert(null);
    let outcome: Awaited<ReturnType<typeof import('./checkout').runCheckout>>;
    try {
      const { runCheckout } = await import('./checkout');
      outcome = await runCheckout({ packageId: pkg.id, priceId: price.id, ...(voucher ? { voucher } : {}) });
    } catch (error) {
      console.error('Checkout could not start', error);
      outcome = 'unavailable';
    }
    if (outcome === 'redirect') return;
    running.current = false;
    setBusy(null);
    if (outcome === 'account-box') {
      openAccountPanel();
      void import('../../stores/session').then(({ loadEntitlements }) => loadEntitlements());
    } else if (outcome === 'login-prompt') openLoginPrompt(LOGGED_OUT_NOTE);
    else setAlert(CHECKOUT_UNAVAILABLE_MESSAGE);
  }, []);

  return { busyPriceId, alert, buy };
}
