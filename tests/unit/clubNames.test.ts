import { describe, expect, it } from 'vitest';
import { clubInitials, displayClubName, matchIdFor, slugify } from '../../src/lib/clubNames';

describe('club names', () => {
  it('drops the FC/AFC suffix of the league files', () => {
    expect(displayClubName('Stoke City FC')).toBe('Stoke City');
    expect(displayClubName('Sunderland AFC')).toBe('Sunderland');
    expect(displayClubName('Stoke City')).toBe('Stoke City');
    expect(displayClubName('AFC Wimbledon')).toBe('AFC Wimbledon');
  });
  it('slugifies names', () => {
    expect(slugify('Brighton & Hove Albion')).toBe('brighton-hove-albion');
    expect(slugify('  Queens Park Rangers FC ')).toBe('queens-park-rangers-fc');
    expect(slugify('Málaga CF')).toBe('malaga-cf');
  });
  it('builds the canonical match id from date and opponent', () => {
    expect(matchIdFor('2023-08-05', 'Rotherham United FC')).toBe('2023-08-05-rotherham-united');
  });
  it('gives initials for badges', () => {
    expect(clubInitials('Rotherham United FC')).toBe('RU');
    expect(clubInitials('West Bromwich Albion')).toBe('WBA');
  });
});
