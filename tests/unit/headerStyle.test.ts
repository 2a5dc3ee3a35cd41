import { describe, expect, it } from 'vitest';
import { DEFAULT_HEADER_STYLE, headerStyleFor, type PageKind } from '../../src/lib/headerStyle';

describe('headerStyleFor (spec §2 Header styles)', () => {
  it.each<PageKind>(['home', 'matchCentre', 'playerProfile', 'contentPageWithImage', 'contentPageWithoutImage', 'singleNews', 'videoListing', 'videoCategory'])(
    '%s is transparent-dark',
    (kind) => {
      expect(headerStyleFor(kind)).toBe('transparent-dark');
    },
  );

  it.each<PageKind>(['error', 'matches', 'team', 'teams', 'category', 'newsListing', 'legacyNews', 'login'])(
    '%s is solid (the team listing /teams is a team page)',
    (kind) => {
      expect(headerStyleFor(kind)).toBe('solid');
    },
  );

  it('defaults to transparent-dark for kinds the spec does not list', () => {
    expect(DEFAULT_HEADER_STYLE).toBe('transparent-dark');
    for (const kind of ['players', 'appNews', 'streamer', 'siteLock', 'somethingNew', ''] as const) {
      expect(headerStyleFor(kind)).toBe('transparent-dark');
    }
  });
});
