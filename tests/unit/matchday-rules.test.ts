import { describe, expect, it } from 'vitest';
import { formatGoals, scoreLine, scoreNote } from '../../src/lib/scoreLine';
import { SUBSCRIBE_PROMO_LOGGED_IN, SUBSCRIBE_PROMO_LOGGED_OUT, subscribePromoText } from '../../src/lib/subscribePromo';
import { countdownText, countdownTo } from '../../src/lib/kickOffCountdown';
import { fixtureCalendarPath, seasonCalendarPath, webcalUrl } from '../../src/lib/calendarUrls';

const none = { ftHome: null, ftAway: null, htHome: null, htAway: null, etHome: null, etAway: null, penHome: null, penAway: null };

describe('scoreLine', () => {
  it('reads Stoke 4-1 Rotherham with half time 3-0', () => {
    const line = scoreLine({ ...none, ftHome: 4, ftAway: 1, htHome: 3, htAway: 0 })!;
    expect([formatGoals(line.final), formatGoals(line.halfTime!), scoreNote(line)]).toEqual(['4–1', '3–0', null]);
  });
  it('shows the score after extra time and the shoot-out beside it (Stoke 3-3 Cardiff, 2-4 on penalties)', () => {
    const line = scoreLine({ ...none, ftHome: 3, ftAway: 3, htHome: 1, htAway: 2, etHome: 3, etAway: 3, penHome: 2, penAway: 4 })!;
    expect(formatGoals(line.final)).toBe('3–3');
    expect(scoreNote(line)).toBe('after extra time, 2–4 on penalties');
  });
  it('handles a shoot-out straight after 90 minutes (EFL Cup: Stoke 1-1 Fleetwood, 2-1 on penalties)', () => {
    expect(scoreNote(scoreLine({ ...none, ftHome: 1, ftAway: 1, htHome: 0, htAway: 0, penHome: 2, penAway: 1 })!)).toBe('2–1 on penalties');
  });
  it('has no half time when it is unknown, and no line for a fixture', () => {
    expect(scoreLine({ ...none, ftHome: 0, ftAway: 0 })!.halfTime).toBeNull();
    expect(scoreLine(none)).toBeNull();
  });
});

describe('subscribePromoText (spec §2 Other overlays)', () => {
  it('uses the spec texts by login state', () => {
    expect(subscribePromoText('/matches', false)).toBe('Create a MyStoke account to stream and listen to live matches');
    expect(subscribePromoText('/matches', true)).toBe('Watch and listen to the latest match');
    expect([SUBSCRIBE_PROMO_LOGGED_OUT, SUBSCRIBE_PROMO_LOGGED_IN]).toEqual([
      'Create a MyStoke account to stream and listen to live matches',
      'Watch and listen to the latest match',
    ]);
  });
  it('is hidden on the /matches pages of u18, u21, u23 and women', () => {
    for (const team of ['u18', 'u21', 'u23', 'women']) {
      expect(subscribePromoText(`/matches/${team}`, false)).toBeNull();
      expect(subscribePromoText(`/matches/${team}/2025-26/`, true)).toBeNull();
    }
  });
  it('shows elsewhere, including the first team’s matches and the other teams’ match centres', () => {
    expect(subscribePromoText('/matches/first-team/2025-26', false)).toBe(SUBSCRIBE_PROMO_LOGGED_OUT);
    expect(subscribePromoText('/match/u21/2025-26/2025-08-16-everton-u21', false)).toBe(SUBSCRIBE_PROMO_LOGGED_OUT);
    expect(subscribePromoText('/teams/u21', true)).toBe(SUBSCRIBE_PROMO_LOGGED_IN);
    expect(subscribePromoText('/matches/u21?x=1', false)).toBeNull();
  });
});

describe('countdownTo a kick-off', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(countdownTo('2026-11-28T15:00:00.000Z', now)).toMatchObject({ days: 7, hours: 3, minutes: 0, seconds: 0 });
    expect(countdownTo('2026-11-21T11:59:59Z', now)).toBeNull();
  });
  it('counts real hours across the clock change (25 hours on 25 October 2026)', () => {
    // Saturday 15:00 BST to Sunday 15:00 GMT is 25 hours.
    expect(countdownTo('2026-10-25T15:00:00.000Z', Date.parse('2026-10-24T14:00:00.000Z'))).toMatchObject({ days: 1, hours: 1 });
  });
  it('reads as text and rejects bad input', () => {
    expect(countdownText(countdownTo('2026-11-28T15:01:00Z', Date.parse('2026-11-21T12:00:00Z'))!)).toBe('7 days, 3 hours and 1 minute');
    expect(countdownText(countdownTo('2026-11-21T12:05:30Z', Date.parse('2026-11-21T12:00:00Z'))!)).toBe('5 minutes');
    expect(countdownText(countdownTo('2026-11-21T13:00:00Z', Date.parse('2026-11-21T12:00:00Z'))!)).toBe('1 hour and 0 minutes');
    expect(() => countdownTo('soon', 0)).toThrow(RangeError);
  });
});

describe('calendar feed addresses', () => {
  it('builds the season feed, the single-fixture file and the webcal: subscribe URL', () => {
    expect(seasonCalendarPath('first-team', '2026-27')).toBe('/matches/first-team/2026-27.ics');
    expect(fixtureCalendarPath('u21', '2026-27', '2026-12-05-fulham-u21')).toBe('/match/u21/2026-27/2026-12-05-fulham-u21.ics');
    expect(webcalUrl('https://www.stokecity.example/matches/first-team/2026-27.ics')).toBe('webcal://www.stokecity.example/matches/first-team/2026-27.ics');
    expect(webcalUrl('http://localhost:4321/x.ics')).toBe('webcal://localhost:4321/x.ics');
    expect(() => webcalUrl('ftp://x.example/a.ics')).toThrow(TypeError);
    expect(() => seasonCalendarPath('First Team', '2026-27')).toThrow();
  });
});
