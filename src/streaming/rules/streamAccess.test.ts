/**
 * The stream access rules (src/streaming/rules/streamAccess.ts; spec §4 "Playing a video", "Stream session
 * check", §8 texts exactly): outcome → status -1/0/1/2/3, preventVideo, text, links, prompts; the
 * server's order of checks; an unknown country.
 */
import { describe, expect, it } from 'vitest';
import {
  countryAllowed,
  decideStreamAccess,
  entitlementsAdmit,
  STREAM_COUNTRY_UNKNOWN_DETAIL,
  STREAM_ERROR_CODES,
  streamAccessOf,
  streamErrorText,
  type StreamAccessFacts,
} from './streamAccess';

describe('streamAccessOf: spec §4 status and §8 texts', () => {
  it('embeds the player on 200 (status -1)', () => {
    expect(streamAccessOf({ ok: true }, 'OnDemand')).toEqual({ status: -1, text: '', links: [], openLoginPrompt: false, openUpgradePromo: false });
  });

  it('ERR_3684853_1: status 0, requireLogin, the sign-in text and link; on demand opens the login prompt', () => {
    const access = streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_3684853_1' }, 'OnDemand');
    expect(access).toMatchObject({
      status: 0,
      preventVideo: 'requireLogin',
      text: 'Please Sign In to access this stream',
      openLoginPrompt: true,
      openUpgradePromo: false,
    });
    expect(access.links).toEqual([{ text: 'Sign In', href: '/account/login' }]);
    expect(streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_3684853_1' }, 'DrmLiveVideo').openLoginPrompt).toBe(false);
  });

  it('ERR_3684853_3: status 1 without any subscription, 2 with others; requirePremium; the texts and links', () => {
    const none = streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_3684853_3' }, 'OnDemand');
    expect(none).toMatchObject({ status: 1, preventVideo: 'requirePremium', text: 'Sorry but you do not have any subscriptions' });
    expect(none.links.map((link) => link.text)).toEqual(['Upgrade', 'FAQ', 'Contact support']);
    const some = streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_3684853_3', hasSubscriptions: true }, 'DrmLiveVideo', { upgrade: '/plus' });
    expect(some).toMatchObject({ status: 2, preventVideo: 'requirePremium', text: 'Sorry but you are not subscribed to this stream' });
    expect(some.links).toEqual([{ text: 'Upgrade', href: '/plus' }]);
  });

  it('ERR_3684853_3: on demand, status 1 and 2 open the upgrade promo; live video and live audio do not', () => {
    for (const hasSubscriptions of [false, true]) {
      const refused = { ok: false as const, httpStatus: 403, code: 'ERR_3684853_3', hasSubscriptions };
      expect(streamAccessOf(refused, 'OnDemand')).toMatchObject({ status: hasSubscriptions ? 2 : 1, openUpgradePromo: true, openLoginPrompt: false });
      expect(streamAccessOf(refused, 'DrmLiveVideo')).toMatchObject({ status: hasSubscriptions ? 2 : 1, openUpgradePromo: false, openLoginPrompt: false });
      expect(streamAccessOf(refused, 'LiveAudio')).toMatchObject({ status: hasSubscriptions ? 2 : 1, openUpgradePromo: false, openLoginPrompt: false });
    }
  });

  it('no other answer opens the upgrade promo', () => {
    const codes = ['ERR_3684853_1', 'ERR_3684853_2', 'ERR_56882466_1', 'ERR_56882466_2', 'ERR_54648_1', 'streaming_unavailable', 'forbidden_origin'];
    for (const mediaType of ['OnDemand', 'DrmLiveVideo', 'LiveAudio'] as const) {
      expect(streamAccessOf({ ok: true }, mediaType).openUpgradePromo).toBe(false);
      for (const code of codes) expect(streamAccessOf({ ok: false, httpStatus: 403, code }, mediaType).openUpgradePromo).toBe(false);
    }
  });

  it('ERR_56882466_1: status 3, blocked', () => {
    expect(streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_56882466_1' }, 'LiveAudio')).toMatchObject({
      status: 3,
      preventVideo: 'blocked',
      text: 'Your account has been blocked by an administrator',
    });
  });

  it('country, concurrency and unavailable: their exact texts, no status', () => {
    expect(streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_56882466_2' }, 'OnDemand')).toMatchObject({
      status: null,
      text: 'Sorry but users within this country are not allowed to play this stream',
    });
    expect(streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_54648_1' }, 'OnDemand')).toMatchObject({
      status: null,
      text: 'Your account has reached the limit for concurrent streaming. Please log out of some browsers and devices and try again',
    });
    expect(streamAccessOf({ ok: false, httpStatus: 403, code: 'ERR_3684853_2' }, 'OnDemand')).toMatchObject({
      status: null,
      text: 'Sorry but there is an issue with this stream',
    });
  });

  it('anything else: the generic text with the code or the status shown', () => {
    expect(streamAccessOf({ ok: false, httpStatus: 403, code: 'forbidden_origin' }, 'OnDemand').text).toBe(
      'Sorry, there has been a problem accessing this stream (forbidden_origin)',
    );
    expect(streamAccessOf({ ok: false, httpStatus: 0 }, 'OnDemand')).toMatchObject({
      status: null,
      text: 'Sorry, there has been a problem accessing this stream (0)',
    });
  });

  it('gives every code a 403 title and the spec §8 detail', () => {
    for (const code of STREAM_ERROR_CODES) {
      const { title, detail } = streamErrorText(code);
      expect(title.length).toBeGreaterThan(0);
      expect(detail).toBe(streamAccessOf({ ok: false, httpStatus: 403, code }, 'DrmLiveVideo').text);
    }
    expect(streamErrorText('ERR_3684853_3', { hasSubscriptions: true }).detail).toBe('Sorry but you are not subscribed to this stream');
  });
});

describe('decideStreamAccess: the order of the checks', () => {
  const asset = { status: 'active' as const, entitlements: ['subscription-video'], allowedCountries: null };
  const fan = { blocked: false, bypassed: false, entitlements: ['subscription-video'] };
  const facts = (over: Partial<StreamAccessFacts>): StreamAccessFacts => ({ asset, account: fan, country: 'GB', ...over });

  it('allows an entitled account at home', () => {
    expect(decideStreamAccess(facts({}))).toBeNull();
  });

  it('signed out → login; blocked → blocked (before offline); offline or unknown → unavailable', () => {
    expect(decideStreamAccess(facts({ account: null }))).toBe('ERR_3684853_1');
    expect(decideStreamAccess(facts({ account: { ...fan, blocked: true }, asset: null }))).toBe('ERR_56882466_1');
    expect(decideStreamAccess(facts({ asset: null }))).toBe('ERR_3684853_2');
    expect(decideStreamAccess(facts({ asset: { ...asset, status: 'idle' } }))).toBe('ERR_3684853_2');
    expect(decideStreamAccess(facts({ asset: { ...asset, status: 'disabled' } }))).toBe('ERR_3684853_2');
  });

  it("'?' is open to a signed-out viewer (but not offline, and the country rule applies)", () => {
    const open = { ...asset, entitlements: ['?'] };
    expect(decideStreamAccess(facts({ account: null, asset: open }))).toBeNull();
    expect(decideStreamAccess(facts({ account: null, asset: { ...open, status: 'idle' } }))).toBe('ERR_3684853_1');
    expect(decideStreamAccess(facts({ account: null, asset: { ...open, allowedCountries: ['GB'] }, country: 'FR' }))).toBe('ERR_56882466_2');
  });

  it('entitlements by spec §4 lock rules, then country; bypassed skips both', () => {
    expect(decideStreamAccess(facts({ account: { ...fan, entitlements: [] } }))).toBe('ERR_3684853_3');
    expect(decideStreamAccess(facts({ account: { ...fan, entitlements: [] }, asset: { ...asset, entitlements: ['*'] } }))).toBeNull();
    expect(decideStreamAccess(facts({ asset: { ...asset, entitlements: [] } }))).toBe('ERR_3684853_3');
    expect(decideStreamAccess(facts({ asset: { ...asset, entitlements: [] }, lockEmptyEntitlements: false }))).toBeNull();
    expect(decideStreamAccess(facts({ asset: { ...asset, allowedCountries: ['GB', 'IE'] }, country: 'FR' }))).toBe('ERR_56882466_2');
    expect(decideStreamAccess(facts({ country: 'FR', defaultAllowedCountries: ['GB'] }))).toBe('ERR_56882466_2');
    expect(decideStreamAccess(facts({ asset: { ...asset, allowedCountries: ['FR'] }, country: 'FR', defaultAllowedCountries: ['GB'] }))).toBeNull();
    const bypassed = { blocked: false, bypassed: true, entitlements: [] };
    expect(decideStreamAccess(facts({ account: bypassed, asset: { ...asset, allowedCountries: ['GB'] }, country: 'FR' }))).toBeNull();
    expect(decideStreamAccess(facts({ account: { ...bypassed, blocked: true } }))).toBe('ERR_56882466_1');
  });

  it('entitlementsAdmit and countryAllowed', () => {
    expect(entitlementsAdmit(['a', 'b'], ['b'])).toBe(true);
    expect(entitlementsAdmit(['a'], ['b'])).toBe(false);
    expect(countryAllowed(null, null)).toBe(true);
    expect(countryAllowed(null, ['GB'])).toBe(false);
    expect(countryAllowed('gb', ['GB'])).toBe(true);
  });
});

describe('an unknown country', () => {
  it('plays only unrestricted streams, and the refusal says the country is unknown', () => {
    const asset = { status: 'ready' as const, entitlements: ['?'] };
    expect(decideStreamAccess({ asset, account: null, country: null })).toBeNull();
    expect(decideStreamAccess({ asset: { ...asset, allowedCountries: ['GB'] }, account: null, country: null })).toBe('ERR_56882466_2');
    expect(decideStreamAccess({ asset, account: null, country: null, defaultAllowedCountries: ['GB'] })).toBe('ERR_56882466_2');
    expect(streamErrorText('ERR_56882466_2', { countryUnknown: true })).toEqual({ title: 'Country unknown', detail: STREAM_COUNTRY_UNKNOWN_DETAIL });
    expect(streamErrorText('ERR_56882466_2').detail).toBe('Sorry but users within this country are not allowed to play this stream');
  });
});
