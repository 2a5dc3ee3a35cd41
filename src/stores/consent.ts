/**
 * Cookie consent (spec §3 cookiesConsent, §4 Cookie notice): read from the consent cookies at
 * start; 'Accept all cookies' and 'Only Essential' write them (60 days) and set the purposes.
 */
import Cookies from 'js-cookie';
import { atom, map } from 'nanostores';
import { consentCookiesFor, consentFor, consentFromCookies, NO_CONSENT, type CookiesConsent } from '../lib/consentRules';

const initial = typeof document === 'undefined' ? { noticeVisible: false, consent: { ...NO_CONSENT } } : consentFromCookies(Cookies.get());

export const cookiesConsent = map<CookiesConsent>(initial.consent);
export const cookieNoticeVisible = atom(initial.noticeVisible);

/** Records the visitor's choice in cookies and state; the notice closes. */
export function chooseConsent(choice: 'all' | 'essential'): void {
  for (const c of consentCookiesFor(choice))
    Cookies.set(c.name, c.value, { expires: c.days, sameSite: 'Lax', secure: location.protocol === 'https:', path: '/' });
  cookiesConsent.set(consentFor(choice));
  cookieNoticeVisible.set(false);
}
