import { describe, expect, it } from 'vitest';
import { jsonLdText, personJsonLd, sportsEventJsonLd, sportsTeamJsonLd } from '../../src/lib/structuredData';

describe('schema.org JSON-LD', () => {
  it('describes a match as a SportsEvent with both teams and the venue', () => {
    const data = sportsEventJsonLd({
      home: 'Stoke City',
      away: 'Rotherham United',
      kickOff: '2023-08-05T14:00:00.000Z',
      status: 'played',
      venue: 'bet365 Stadium',
      competition: 'Championship 2023/24',
      url: 'https://x.example/match/first-team/2023-24/2023-08-05-rotherham-united',
      description: 'Stoke City 4–1 Rotherham United',
    });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'Stoke City v Rotherham United',
      startDate: '2023-08-05T14:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      homeTeam: { '@type': 'SportsTeam', name: 'Stoke City' },
      location: { '@type': 'Place', name: 'bet365 Stadium' },
    });
    const away = sportsEventJsonLd({
      home: 'Leeds United',
      away: 'Stoke City',
      kickOff: '2025-04-21T14:00:00.000Z',
      status: 'cancelled',
      venue: null,
      competition: 'Championship',
      url: 'https://x.example/',
      description: '',
    });
    expect(away).not.toHaveProperty('location');
    expect(away.eventStatus).toBe('https://schema.org/EventCancelled');
  });

  it('describes a squad and a player', () => {
    expect(
      sportsTeamJsonLd({
        name: 'Stoke City First Team',
        url: 'https://x.example/teams/first-team',
        players: [{ name: 'Callum Ashworth', url: 'https://x.example/players/first-team/callum-ashworth' }],
      }),
    ).toMatchObject({ '@type': 'SportsTeam', athlete: [{ '@type': 'Person', name: 'Callum Ashworth' }] });
    const person = personJsonLd({
      name: 'Callum Ashworth',
      url: 'https://x.example/p',
      birthDate: '1995-10-28',
      nationality: 'England',
      heightCm: 191,
      jobTitle: 'Goalkeeper',
      image: 'https://x.example/i.svg',
      team: 'Stoke City First Team',
    });
    expect(person).toMatchObject({
      '@type': 'Person',
      birthDate: '1995-10-28',
      height: { value: 191, unitCode: 'CMT' },
      memberOf: { name: 'Stoke City First Team' },
    });
  });

  it('writes JSON that cannot close its script element', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
