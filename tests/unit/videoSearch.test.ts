/** Spec §7 video search builders (StreamAMG, uzStreamline), our static provider, and §9 page size 12. */
import { describe, expect, it } from 'vitest';
import { escapeQueryValue, parseVideoSearchCriteria, streamAmgSearchUrl, uzStreamlineSearchUrl } from '../../src/lib/videoSearch';
import { staticVideoMatches, staticVideoSearch } from '../../src/lib/videoSearchStatic';
import type { VideoSearchItem } from '../../src/lib/searchRules';

const BASE = 'https://cm.example/api/v1/user/key/en/';
const params = (url: string) => new URL(url).searchParams;

describe('criteria', () => {
  it('defaults to page 0 of 12 (spec §9) without legacy videos', () => {
    expect(parseVideoSearchCriteria({})).toEqual({ includeLegacy: false, pageIndex: 0, pageSize: 12 });
  });
  it('refuses negative durations, a minimum above the maximum and bad pages', () => {
    expect(() => parseVideoSearchCriteria({ minDuration: -1 })).toThrow();
    expect(() => parseVideoSearchCriteria({ minDuration: 600, maxDuration: 60 })).toThrow();
    expect(() => parseVideoSearchCriteria({ pageIndex: -1 })).toThrow();
    expect(() => parseVideoSearchCriteria({ pageSize: 0 })).toThrow();
  });
});

describe('StreamAMG search URL', () => {
  it('ANDs category, team, season, duration range and fuzzy title words; release date descending; page size 12', () => {
    const url = streamAmgSearchUrl(BASE, { category: 'highlights', team: 'u21', season: '2025-26', minDuration: 60, maxDuration: 600, title: ' Stoke  Hull ' });
    expect(url.startsWith('https://cm.example/api/v1/user/key/en/search?')).toBe(true);
    const p = params(url);
    expect(p.get('query')).toBe(
      'mediaData.MediaType:(OnDemand) AND metaData.category:("highlights") AND metaData.team:("u21") AND metaData.season:("2025-26") AND metaData.VideoDuration:[60 TO 600] AND metaData.title:(Stoke~ AND Hull~)',
    );
    expect(p.get('sortBy')).toBe('publicationData.releaseFrom');
    expect(p.get('sortOrder')).toBe('desc');
    expect(p.get('pageIndex')).toBe('0');
    expect(p.get('pageSize')).toBe('12');
  });
  it('leaves unset filters out and opens a one-sided duration range', () => {
    expect(params(streamAmgSearchUrl(BASE, { minDuration: 3600 })).get('query')).toBe('mediaData.MediaType:(OnDemand) AND metaData.VideoDuration:[3600 TO *]');
    expect(params(streamAmgSearchUrl(BASE, { maxDuration: 90, pageIndex: 2, pageSize: 24 })).toString()).toContain('pageIndex=2&pageSize=24');
    expect(params(streamAmgSearchUrl(BASE, { title: '   ' })).get('query')).toBe('mediaData.MediaType:(OnDemand)');
  });
  it('escapes a title so it cannot change the query', () => {
    const q = params(streamAmgSearchUrl(BASE, { title: 'a) OR (b:"c"' })).get('query');
    expect(q).toBe('mediaData.MediaType:(OnDemand) AND metaData.title:(a\\)~ AND OR~ AND \\(b\\:\\"c\\"~)');
    expect(params(streamAmgSearchUrl(BASE, { category: 'x") OR ("y' })).get('query')).toBe(
      'mediaData.MediaType:(OnDemand) AND metaData.category:("x\\") OR (\\"y")',
    );
  });
  it('escapes every reserved character', () => {
    expect(escapeQueryValue('+-=&|!(){}[]^"~*?:\\/<>')).toBe('\\+\\-\\=\\&\\|\\!\\(\\)\\{\\}\\[\\]\\^\\"\\~\\*\\?\\:\\\\\\/');
  });
});

describe('uzStreamline search URL', () => {
  it('asks /search with page[size] 12, categories, teams, seasons, duration range, no legacy, title or tags; publication start descending', () => {
    const url = uzStreamlineSearchUrl('https://uz.example/api', {
      category: 'highlights',
      team: 'women',
      season: '2025-26',
      minDuration: 0,
      maxDuration: 300,
      title: 'derby',
    });
    expect(url.startsWith('https://uz.example/api/search?page%5Bsize%5D=12&page%5Bnumber%5D=1&')).toBe(true);
    const p = params(url);
    expect(p.get('page[size]')).toBe('12');
    expect(p.get('query')).toBe(
      'categories:("highlights") AND teams:("women") AND seasons:("2025-26") AND duration:[0 TO 300] AND legacy:(false) AND (title:(derby~) OR tags:(derby~))',
    );
    expect(p.get('sort')).toBe('-publicationData.publicationStart');
  });
  it('includes legacy videos when asked and counts pages from 1', () => {
    const p = params(uzStreamlineSearchUrl('https://uz.example/api/', { includeLegacy: true, pageIndex: 3 }));
    expect(p.get('query')).toBeNull();
    expect(p.get('page[number]')).toBe('4');
  });
});

const item = (id: string, over: Partial<VideoSearchItem>): VideoSearchItem => ({
  id,
  title: `Video ${id}`,
  date: '',
  duration: '',
  thumbnail: '',
  entitlements: ['?'],
  href: '/videos',
  category: 'highlights',
  team: '',
  season: '2025-26',
  seconds: 120,
  releaseFrom: '2026-01-01T12:00:00Z',
  ...over,
});

describe('static provider', () => {
  const list = [
    item('a', { title: 'Highlights: Stoke City 2-0 Hull City', releaseFrom: '2026-01-01T12:00:00Z' }),
    item('b', { title: 'Full match replay: Stoke City v Hull City', category: 'full-match-replays', seconds: 7000, releaseFrom: '2026-01-02T12:00:00+01:00' }),
    item('c', { title: 'Women: Stoke City 1-1 Derby', team: 'women', season: '2024-25', seconds: 3600, releaseFrom: '2025-05-01T12:00:00Z' }),
  ];
  it('filters like the hosted providers and sorts newest release first (by instant, not text)', () => {
    expect(staticVideoMatches(list, { title: 'stoke hull' }).map((v) => v.id)).toEqual(['b', 'a']);
    expect(staticVideoMatches(list, { category: 'highlights' }).map((v) => v.id)).toEqual(['a', 'c']);
    expect(staticVideoMatches(list, { team: 'women' }).map((v) => v.id)).toEqual(['c']);
    expect(staticVideoMatches(list, { season: '2025-26' }).map((v) => v.id)).toEqual(['b', 'a']);
    expect(staticVideoMatches(list, { minDuration: 3600 }).map((v) => v.id)).toEqual(['b', 'c']);
    expect(staticVideoMatches(list, { minDuration: 120, maxDuration: 3600 }).map((v) => v.id)).toEqual(['a', 'c']);
  });
  it('pages 12 at a time with the total', () => {
    const many = Array.from({ length: 30 }, (_, i) => item(String(i), { releaseFrom: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }));
    const first = staticVideoSearch(many, {});
    expect(first.total).toBe(30);
    expect(first.items.map((v) => v.id)).toEqual(Array.from({ length: 12 }, (_, i) => String(29 - i)));
    expect(staticVideoSearch(many, { pageIndex: 2 }).items).toHaveLength(6);
  });
});
