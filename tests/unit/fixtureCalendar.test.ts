import { readFileSync } from 'node:fs';
import path from 'node:path';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { MATCH_DURATION_MINUTES, calendarSummary, fixtureCalendar, type CalendarMatch } from '../../src/lib/fixtureCalendar';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';

const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
type Entity = Omit<CalendarMatch, 'uid' | 'competitionName' | 'url'> & { matchID: string; competition: string; season: string };
const read = (file: string) =>
  (JSON.parse(readFileSync(path.resolve('data/real', file), 'utf8')) as MatchRecord[]).map((r) => toMatchEntity(r, club) as unknown as Entity);
const names: Record<string, string> = { championship: 'Championship', 'fa-cup': 'FA Cup', 'efl-cup': 'EFL Cup' };
const toCalendar = (m: Entity): CalendarMatch => ({
  ...m,
  uid: `first-team/${m.matchID}@stokecity.example`,
  competitionName: names[m.competition] ?? m.competition,
  url: `https://stokecity.example/match/first-team/${m.season}/${m.matchID}`,
});
const options = {
  name: 'Stoke City First Team fixtures',
  description: 'Every fixture',
  url: 'https://stokecity.example/matches',
  generatedAt: '2026-11-21T12:00:00.000Z',
  company: 'Stoke City',
  product: 'Terrace',
};

function events(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

describe('fixtureCalendar, parsed by node-ical (an independent iCalendar parser)', () => {
  const fixtures = read('stoke-fixtures-2026-27.json').map(toCalendar);
  const text = fixtureCalendar(options, fixtures);
  const parsed = events(text);

  it('has one event per fixture of the 2026/27 season, with unique ids', () => {
    expect(fixtures).toHaveLength(46);
    expect(parsed).toHaveLength(46);
    expect(new Set(parsed.map((e) => e.uid)).size).toBe(46);
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });

  it('puts kick-offs at the right instant across the October 2026 clock change', () => {
    const at = (id: string) => parsed.find((e) => e.uid === `first-team/${id}@stokecity.example`)!;
    // London wall-clock time of a fixture, moved by the UTC offset: BST is an hour ahead, GMT none.
    const utcOf = (id: string, offsetHours: number) => {
      const m = fixtures.find((f) => f.uid === `first-team/${id}@stokecity.example`)!;
      const [h, min] = m.kickOffLocal!.split(':').map(Number) as [number, number];
      return `${m.date}T${String(h - offsetHours).padStart(2, '0')}:${String(min).padStart(2, '0')}:00.000Z`;
    };
    const bst = at('2026-10-24-bristol-city');
    const gmt = at('2026-10-31-preston-north-end');
    expect(bst.start.toISOString()).toBe(utcOf('2026-10-24-bristol-city', 1));
    expect(gmt.start.toISOString()).toBe(utcOf('2026-10-31-preston-north-end', 0));
    expect(bst.end!.getTime() - bst.start.getTime()).toBe(MATCH_DURATION_MINUTES * 60_000);
    expect(text).toContain(`DTSTART:${utcOf('2026-10-24-bristol-city', 1).replaceAll(/[-:]/g, '').slice(0, 15)}Z`);
  });

  it('names opponent, competition and venue', () => {
    const home = fixtures.find((f) => f.status === 'scheduled' && f.home === 'Stoke City')!;
    const event = parsed.find((e) => e.uid === home.uid)!;
    expect(event.summary).toBe(`Stoke City v ${home.away}`);
    expect(event.location).toBe('bet365 Stadium');
    expect(event.description).toContain(`Championship, ${home.round}`);
    expect(JSON.stringify(event.url)).toContain(home.url);
    expect(event.categories).toEqual(['Championship']);
  });

  it('carries the 2026/27 results already played', () => {
    const played = fixtures.filter((f) => f.status === 'played');
    expect(played.length).toBeGreaterThan(0);
    for (const m of played) expect(parsed.find((e) => e.uid === m.uid)!.summary).toMatch(/^.+ \d+–\d+ .+$/);
  });

  it('makes a kick-off whose time is to be confirmed an all-day event on its date, never a made-up time', () => {
    const dateOnly = fixtures.filter((f) => f.kickOffLocal === null);
    expect(dateOnly.length).toBeGreaterThan(0);
    for (const m of dateOnly) {
      const event = parsed.find((e) => e.uid === m.uid)!;
      expect(event.datetype).toBe('date');
      expect(event.start.toISOString().slice(0, 10)).toBe(m.date);
      expect(text).toContain(`DTSTART;VALUE=DATE:${m.date.replaceAll('-', '')}\r\n`);
    }
    const timed = fixtures.find((f) => f.kickOffLocal !== null && f.status === 'scheduled')!;
    expect(parsed.find((e) => e.uid === timed.uid)!.datetype).toBe('date-time');
  });

  it('carries the result once played, with extra time and penalties', () => {
    const results = read('stoke-matches.json').map(toCalendar);
    const parsedResults = events(fixtureCalendar(options, results));
    expect(parsedResults).toHaveLength(results.length);
    const rotherham = parsedResults.find((e) => e.uid === 'first-team/2023-08-05-rotherham-united@stokecity.example')!;
    expect(rotherham.summary).toBe('Stoke City 4–1 Rotherham United');
    expect(rotherham.description).toContain('Result: Stoke City 4–1 Rotherham United, half time 3–0');
    const cardiff = parsedResults.find((e) => e.uid === 'first-team/2025-02-08-cardiff-city@stokecity.example')!;
    expect(cardiff.description).toContain('(after extra time, 2–4 on penalties)');
  });

  it('marks cancelled matches and rejects bad instants', () => {
    const one = fixtures[0]!;
    expect(events(fixtureCalendar(options, [{ ...one, status: 'cancelled' }]))[0]!.status).toBe('CANCELLED');
    expect(calendarSummary({ ...one, status: 'postponed' })).toBe('Stoke City v Swansea City');
    expect(() => fixtureCalendar(options, [{ ...one, kickOff: 'later' }])).toThrow(RangeError);
    expect(() => fixtureCalendar({ ...options, generatedAt: 'now' }, [])).toThrow(RangeError);
  });
});
