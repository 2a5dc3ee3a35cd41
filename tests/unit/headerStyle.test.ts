import { describe, expect, it } from 'vitest';
import { DEFAULT_HEADER_STYLE, headerStyleFor, isCurrentSection, sameCurrentSections, type PageKind } from '../../src/lib/headerStyle';
import { ARTICLE_HEADER_PATH, articleChrome } from '../../src/queries/fragments';

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

describe('articleChrome: whether an article includes the chrome fragments', () => {
  const menu = ['/', '/news', '/matches/first-team', '/videos', '/tickets'];
  const included = { header: '/_fragments/chrome/article-header/', footer: '/_fragments/chrome/footer/' };

  it('includes them for any article under a menu that links to sections', () => {
    for (const path of ['/news/some-slug/', '/news/2025/', '/news/a-b-c']) expect(articleChrome(path, menu), path).toEqual(included);
    expect(sameCurrentSections(menu, '/news/some-slug/', ARTICLE_HEADER_PATH)).toBe(true);
  });

  it('renders its own for the article a menu links to itself', () => {
    const linked = [...menu, '/news/season-tickets-on-sale'];
    expect(articleChrome('/news/season-tickets-on-sale/', linked)).toBeUndefined();
    expect(articleChrome('/news/another-story/', linked)).toEqual(included);
  });
});
