import { describe, expect, it } from 'vitest';
import { advertEvent, screensize, type EventContext, type LoggedAdvert } from '../../src/lib/events';
import { randomId } from '../../src/lib/randomId';

const ADVERT: LoggedAdvert = {
  advertID: 'fa-home-kit',
  advertName: 'Club Shop – 2026/27 home kit',
  advertRef: 'ADV-2026-001',
  campaignRef: 'CMP-RETAIL-2026',
  url: 'https://shop.stokecity.example/kits',
};

const context = (overrides: Partial<EventContext> = {}): EventContext => ({
  sessionID: 424242,
  ssoID: 'user-123',
  userAllowTracking: true,
  now: new Date('2026-11-21T14:03:36.000Z'),
  domain: 'www.stokecity.example',
  viewport: { width: 1280, height: 720 },
  ssoVendor: 'cognito',
  userAgent: 'Mozilla/5.0 Test',
  logID: 1_000_000,
  ...overrides,
});

describe('logged advert event (spec §3 Logged event)', () => {
  it('carries the spec fields and the ones added to each event', () => {
    expect(advertEvent('advertImpression', ADVERT, context())).toEqual({
      action: 'advertImpression',
      advertID: 'fa-home-kit',
      advertName: 'Club Shop – 2026/27 home kit',
      advertRef: 'ADV-2026-001',
      campaignRef: 'CMP-RETAIL-2026',
      sessionID: '424242',
      ssoID: 'user-123',
      timestamp: '2026-11-21T14:03:36.000Z',
      url: 'https://shop.stokecity.example/kits',
      userAllowTracking: true,
      channel: 'web',
      domain: 'www.stokecity.example',
      logID: 1_000_000,
      screensize: '1280x720',
      ssoVendor: 'cognito',
      userAgent: 'Mozilla/5.0 Test',
    });
  });

  it("replaces the tracking ids with 'no tracking' when tracking is not allowed (spec §6)", () => {
    const event = advertEvent('advertClick', ADVERT, context({ userAllowTracking: false }));
    expect(event.action).toBe('advertClick');
    expect(event.sessionID).toBe('no tracking');
    expect(event.ssoID).toBe('no tracking');
    expect(event.userAllowTracking).toBe(false);
    expect(event.advertID).toBe('fa-home-kit');
  });

  it('keeps an empty ssoID for a signed-out visitor who allows tracking', () => {
    expect(advertEvent('advertImpression', ADVERT, context({ ssoID: '' })).ssoID).toBe('');
  });

  it('uses log ids from 1 to 1,000,000 (spec §9)', () => {
    expect(randomId(() => 0)).toBe(1);
    expect(randomId(() => 0.9999999)).toBe(1_000_000);
  });

  it('formats the screen size as WIDTHxHEIGHT in whole pixels', () => {
    expect(screensize(390, 844)).toBe('390x844');
    expect(screensize(1280.4, 719.6)).toBe('1280x720');
  });
});
