import { describe, expect, it } from 'vitest';
import { DEFAULT_HEADER_STYLE, headerStyleFor, isCurrentSection, sameCurrentSections, type PageKind } from '../../src/lib/headerStyle';
import { ARTICLE_HEADER_PATH } from '../../src/queries/fragments';

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

describe('isCurrentSection (spec §2 Navigation: the current section is marked)', () => {
  it('marks a link on its own page and on every page under it, never the home link', () => {
    expect(isCurrentSection('/news', '/news')).toBe(true);
    expect(isCurrentSection('/news', '/news/some-slug/')).toBe(true);
    expect(isCurrentSection('/news', '/newsletter/')).toBe(false);
    expect(isCurrentSection('/videos', '/news/')).toBe(false);
    expect(isCurrentSection('/', '/')).toBe(false);
  });
});

describe('sameCurrentSections: whether an article may include the article header fragment', () => {
  const menu = ['/', '/news', '/matches/first-team', '/videos', '/tickets'];

  it('holds for any article under a menu that links to sections', () => {
    for (const path of ['/news/some-slug/', '/news/2025/', '/news/a-b-c']) expect(sameCurrentSections(menu, path, ARTICLE_HEADER_PATH), path).toBe(true);
  });

  it('fails for the article a menu links to itself, which then renders its own header', () => {
    const linked = [...menu, '/news/season-tickets-on-sale'];
    expect(sameCurrentSections(linked, '/news/season-tickets-on-sale/', ARTICLE_HEADER_PATH)).toBe(false);
    expect(sameCurrentSections(linked, '/news/another-story/', ARTICLE_HEADER_PATH)).toBe(true);
  });
});
