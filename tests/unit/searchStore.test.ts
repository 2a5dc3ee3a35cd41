import { beforeEach, describe, expect, it } from 'vitest';
import {
  goToSearchPage,
  newsResults,
  nextSearchPage,
  previousSearchPage,
  searchPage,
  searchTerm,
  showMoreVideos,
  submitSearch,
  videosShown,
} from '../../src/stores/search';

describe('search store (spec §4 Search)', () => {
  beforeEach(() => {
    searchTerm.set('');
    searchPage.set(0);
    videosShown.set(12);
    newsResults.set({ status: 'done', total: 200, hits: [] });
  });

  it('a new term resets the page to 0 and the videos to one page', () => {
    searchPage.set(7);
    showMoreVideos();
    submitSearch('  Stoke   City ');
    expect(searchTerm.get()).toBe('Stoke City');
    expect(searchPage.get()).toBe(0);
    expect(videosShown.get()).toBe(12);
  });

  it('previous and next are clamped between 0 and the last page', () => {
    previousSearchPage();
    expect(searchPage.get()).toBe(0);
    nextSearchPage();
    expect(searchPage.get()).toBe(1);
    goToSearchPage(24);
    nextSearchPage();
    expect(searchPage.get()).toBe(24);
    goToSearchPage(99);
    expect(searchPage.get()).toBe(24);
    newsResults.set({ status: 'done', total: 9, hits: [] });
    goToSearchPage(5);
    expect(searchPage.get()).toBe(1);
    newsResults.set({ status: 'done', total: 0, hits: [] });
    nextSearchPage();
    expect(searchPage.get()).toBe(0);
  });

  it('shows 12 more videos at a time', () => {
    showMoreVideos();
    expect(videosShown.get()).toBe(24);
  });
});
