/**
 * Cookie consent rules (spec §4 Cookie notice, §6 analytics consent, §9 cookie names and 60-day
 * expiry), framework-free.
 */
import { CONSENT_COOKIE_DAYS } from './constants';

export const CONSENT_COOKIE = 'cookie_consent_given';
export const ANALYTICS_CONSENT_COOKIE = 'cookie_analytics_consent_given';

/** What the visitor allowed: analytics, marketing and personalisation (all false by default, spec §3). */
export interface CookiesConsent {
  analytics: boolean;
  marketing: boolean;
  personalisation: boolean;
}

export const NO_CONSENT: CookiesConsent = { analytics: false, marketing: false, personalisation: false };

/**
 * Reads consent from cookie values: the notice shows unless the consent cookie is 'true'; the
 * three purposes are on only when the analytics consent cookie is 'true' as well.
 */
export function consentFromCookies(cookies: Readonly<Record<string, string | undefined>>): { noticeVisible: boolean; consent: CookiesConsent } {
  const given = cookies[CONSENT_COOKIE] === 'true';
  const all = given && cookies[ANALYTICS_CONSENT_COOKIE] === 'true';
  return { noticeVisible: !given, consent: all ? { analytics: true, marketing: true, personalisation: true } : { ...NO_CONSENT } };
}

/** A cookie to write: name, value and lifetime in days. */
export interface CookieWrite {
  name: string;
  value: string;
  days: number;
}

/**
 * The cookies a choice writes (60 days, spec §9): 'all' sets both consent cookies to true;
 * 'essential' sets the consent cookie and records analytics consent as false.
 */
export function consentCookiesFor(choice: 'all' | 'essential'): CookieWrite[] {
  return [
    { name: CONSENT_COOKIE, value: 'true', days: CONSENT_COOKIE_DAYS },
    { name: ANALYTICS_CONSENT_COOKIE, value: choice === 'all' ? 'true' : 'false', days: CONSENT_COOKIE_DAYS },
  ];
}

/** The consent a choice grants: 'all' enables analytics, marketing and personalisation; 'essential' disables all three. */
export function consentFor(choice: 'all' | 'essential'): CookiesConsent {
  return choice === 'all' ? { analytics: true, marketing: true, personalisation: true } : { ...NO_CONSENT };
}

/** Tracking ids are replaced with 'no tracking' when tracking is not allowed (spec §6). */
export function trackingId(id: string | number, allowed: boolean): string {
  return allowed ? String(id) : 'no tracking';
}
