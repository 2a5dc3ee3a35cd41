/**
 * The ids of content entries that loaders make and queries look up (src/loaders/entryIds.ts).
 */
import { describe, expect, it } from 'vitest';
import { faqId, leagueTableId, SINGLE_ENTRY_ID, videoId } from '../../src/loaders/entryIds';

describe('entry ids', () => {
  it('a single-entity collection keeps its one entry as "default"', () => {
    expect(SINGLE_ENTRY_ID).toBe('default');
  });

  it('a league table is <competition>/<season>, and needs both', () => {
    expect(leagueTableId({ competition: 'championship', season: '2025-26' })).toBe('championship/2025-26');
    expect(() => leagueTableId({ competition: 'championship' })).toThrow('a league table needs its competition and season to be named');
    expect(() => leagueTableId({ competition: 7, season: '2025-26' })).toThrow();
  });

  it('an embedded FAQ is its group and place, a video its provider entry id', () => {
    expect(faqId({ group: 'tickets' }, 2)).toBe('tickets-3');
    expect(videoId({ mediaData: { entryId: '0_abc123' } })).toBe('0_abc123');
    expect(videoId({})).toBe('');
  });
});
