import { describe, expect, it } from 'vitest';
import {
  isSearchFilter,
  isSearchSort,
  normaliseTerm,
  searchQuery,
  SEARCH_FILTER_LABELS,
  SEARCH_SORT_LABELS,
  videoResultsText,
  videoTitleMatches,
} from '../../src/lib/searchRules';

describe('search query (spec §5 exact match)', () => {
  it('wraps the term in quotes for Exact Matches', () => {
    expect(searchQuery('Lewis Baker', 'exact')).toBe('"Lewis Baker"');
    expect(searchQuery('  Lewis   Baker ', 'exact')).toBe('"Lewis Baker"');
    expect(searchQuery('"Lewis" Baker', 'exact')).toBe('"Lewis Baker"');
  });
  it('sends the term as typed for All results', () => {
    expect(searchQuery('Lewis Baker', 'all')).toBe('Lewis Baker');
    expect(searchQuery('  Lewis   Baker ', 'all')).toBe('Lewis Baker');
  });
  it('keeps an empty term empty', () => {
    expect(searchQuery('   ', 'exact')).toBe('');
    expect(searchQuery('""', 'exact')).toBe('');
    expect(normaliseTerm(' \t ')).toBe('');
  });
  it('labels the dropdowns as the spec does', () => {
    expect(Object.values(SEARCH_FILTER_LABELS)).toEqual(['All results', 'Exact Matches']);
    expect(Object.values(SEARCH_SORT_LABELS)).toEqual(['Date Added', 'Relevance']);
    expect([isSearchFilter('exact'), isSearchFilter('x'), isSearchSort('relevance'), isSearchSort('score')]).toEqual([true, false, true, false]);
  });
});

describe('video search (spec §2, §7)', () => {
  it('matches titles containing every word, ignoring case and accents', () => {
    expect(videoTitleMatches('Highlights: Stoke City 2-0 Wolves', 'stoke wolves')).toBe(true);
    expect(videoTitleMatches('Highlights: Stoke City 2-0 Wolves', 'stoke derby')).toBe(false);
    expect(videoTitleMatches('Interview: José Núñez', 'jose nunez')).toBe(true);
    expect(videoTitleMatches('Anything', '')).toBe(true);
  });
  it("reads 'No results', 'Showing 1 result' or 'Showing x of N results'", () => {
    expect(videoResultsText(0, 0)).toBe('No results');
    expect(videoResultsText(1, 1)).toBe('Showing 1 result');
    expect(videoResultsText(12, 30)).toBe('Showing 12 of 30 results');
    expect(videoResultsText(5, 5)).toBe('Showing 5 of 5 results');
    expect(() => videoResultsText(6, 5)).toThrow(RangeError);
  });
});
