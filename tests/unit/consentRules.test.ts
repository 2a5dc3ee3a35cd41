import { describe, expect, it } from 'vitest';
import { ANALYTICS_CONSENT_COOKIE, CONSENT_COOKIE, consentCookiesFor, consentFor, consentFromCookies, trackingId } from '../../src/lib/consentRules';
import { scriptsToLoad, type ThirdPartyScript } from '../../src/lib/thirdParty';

describe('cookie consent (spec §4, §9)', () => {
  it('shows the notice unless the consent cookie is true', () => {
    expect(consentFromCookies({}).noticeVisible).toBe(true);
    expect(consentFromCookies({ [CONSENT_COOKIE]: 'false' }).noticeVisible).toBe(true);
    expect(consentFromCookies({ [CONSENT_COOKIE]: 'true' }).noticeVisible).toBe(false);
  });
  it('grants analytics, marketing and personalisation only with both cookies true', () => {
    expect(consentFromCookies({ [CONSENT_COOKIE]: 'true', [ANALYTICS_CONSENT_COOKIE]: 'true' }).consent).toEqual({
      analytics: true,
      marketing: true,
      personalisation: true,
    });
    expect(consentFromCookies({ [CONSENT_COOKIE]: 'true', [ANALYTICS_CONSENT_COOKIE]: 'false' }).consent).toEqual({
      analytics: false,
      marketing: false,
      personalisation: false,
    });
    expect(consentFromCookies({ [ANALYTICS_CONSENT_COOKIE]: 'true' }).consent.analytics).toBe(false);
  });
  it("'Accept all' sets both cookies for 60 days; 'Only Essential' only the consent cookie's yes", () => {
    expect(consentCookiesFor('all')).toEqual([
      { name: 'cookie_consent_given', value: 'true', days: 60 },
      { name: 'cookie_analytics_consent_given', value: 'true', days: 60 },
    ]);
    expect(consentCookiesFor('essential')).toEqual([
      { name: 'cookie_consent_given', value: 'true', days: 60 },
      { name: 'cookie_analytics_consent_given', value: 'false', days: 60 },
    ]);
    expect(consentFor('essential')).toEqual({ analytics: false, marketing: false, personalisation: false });
  });
  it("replaces tracking ids with 'no tracking' without consent (spec §6)", () => {
    expect(trackingId(482913, true)).toBe('482913');
    expect(trackingId(482913, false)).toBe('no tracking');
  });
  it('loads third-party scripts only for granted purposes and configured URLs', () => {
    const scripts: ThirdPartyScript[] = [
      { name: 'tag-manager', url: '/gtm.js', purpose: 'analytics' },
      { name: 'error-reporting', url: '', purpose: 'analytics' },
    ];
    expect(scriptsToLoad(scripts, consentFor('essential'))).toEqual([]);
    expect(scriptsToLoad(scripts, consentFor('all')).map((s) => s.name)).toEqual(['tag-manager']);
  });
});
