/**
 * Third-party scripts that may load only with consent (spec §6: analytics events only with
 * analytics cookie consent; no tag manager, analytics or error-reporting request before
 * consent). Pure: decides which of the configured scripts to load for a consent state.
 */
import type { CookiesConsent } from './consentRules';

export interface ThirdPartyScript {
  /** What it is, for logs and the data attribute on the injected tag. */
  name: 'tag-manager' | 'analytics' | 'error-reporting';
  url: string;
  /** The consent purpose that must be granted. */
  purpose: keyof CookiesConsent;
}

/** The configured scripts whose purpose is granted; unset URLs are skipped. */
export function scriptsToLoad(configured: readonly ThirdPartyScript[], consent: CookiesConsent): ThirdPartyScript[] {
  return configured.filter((s) => s.url !== '' && consent[s.purpose]);
}
