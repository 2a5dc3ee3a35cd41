/**
 * Demo fixtures and results for the Under-21s, Under-18s and Women (data/demo/matches.json).
 *
 * Same record shape as data/real/stoke-matches.json, plus teamSlug, demo: true, a venue,
 * source 'demo' and competitionId (the id in data/club/competitions.json). Matches dated before TODAY (the dataset's
 * as-of date, data/club/dataset.json) are results (seeded scores), later ones fixtures. The Women's 2025/26 season
 * ends a week after the as-of date, so the dataset keeps one fixture with a countdown while the club is in pre-season.
 *
 *   node scripts/demo/generate-matches.mjs
 */
import { TODAY, rng, writeJson, displayClub, COMPETITION_IDS } from './lib.mjs';

const TEAMS = {
  u21: { name: 'Stoke City U21', home: 'Clayton Wood Training Ground', suffix: 'U21', time: '19:00' },
  u18: { name: 'Stoke City U18', home: 'Clayton Wood Training Ground', suffix: 'U18', time: '11:00' },
  women: { name: 'Stoke City Women', home: 'Clayton Wood Training Ground', suffix: 'Women', time: '14:00' },
};

// [date, time|null (team default), opponent club, 'H'|'A', competition, cup round|null, home venue override]
const SCHEDULE = {
  u21: [
    ['2025-08-11', null, 'Derby County', 'H', 'Premier League 2 Division 2'],
    ['2025-08-22', null, 'Middlesbrough', 'A', 'Premier League 2 Division 2'],
    ['2025-09-15', null, 'Norwich City', 'H', 'Premier League 2 Division 2'],
    ['2025-10-03', '13:00', 'Burnley', 'A', 'Premier League 2 Division 2'],
    ['2025-10-27', null, 'West Bromwich Albion', 'H', 'Premier League 2 Division 2', null, 'bet365 Stadium'],
    ['2025-11-17', null, 'Birmingham City', 'A', 'Premier League Cup', 'Group stage'],
    ['2026-01-12', '13:00', 'Sheffield United', 'H', 'Premier League 2 Division 2'],
    ['2026-02-16', null, 'Leeds United', 'A', 'Premier League 2 Division 2'],
    ['2026-03-23', null, 'Southampton', 'H', 'Premier League 2 Division 2'],
    ['2026-08-10', null, 'Coventry City', 'H', 'Premier League 2 Division 2'],
    ['2026-09-14', null, 'Blackburn Rovers', 'A', 'Premier League 2 Division 2'],
    ['2026-10-12', null, 'Wolverhampton Wanderers', 'H', 'Premier League 2 Division 2'],
    ['2026-11-09', '13:00', 'Fulham', 'A', 'Premier League 2 Division 2'],
    ['2026-11-30', null, 'Nottingham Forest', 'H', 'Premier League 2 Division 2'],
    ['2026-12-14', null, 'Derby County', 'A', 'Premier League Cup', 'Group stage'],
  ],
  u18: [
    ['2025-08-16', null, 'Barnsley', 'H', 'U18 Professional Development League'],
    ['2025-08-30', null, 'Sheffield Wednesday', 'A', 'U18 Professional Development League'],
    ['2025-09-20', null, 'Hull City', 'H', 'U18 Professional Development League'],
    ['2025-10-11', null, 'Crewe Alexandra', 'A', 'U18 Professional Development League'],
    ['2025-11-08', null, 'Coventry City', 'H', 'U18 Professional Development League'],
    ['2025-12-04', '19:00', 'Port Vale', 'H', 'FA Youth Cup', 'Round 3', 'bet365 Stadium'],
    ['2026-01-24', null, 'Preston North End', 'A', 'U18 Professional Development League'],
    ['2026-03-07', null, 'Sheffield United', 'H', 'U18 Professional Development League'],
    ['2026-08-22', null, 'Millwall', 'A', 'U18 Professional Development League'],
    ['2026-09-19', null, 'Huddersfield Town', 'H', 'U18 Professional Development League'],
    ['2026-10-17', null, 'Bristol City', 'A', 'U18 Professional Development League'],
    ['2026-11-14', null, 'Barnsley', 'A', 'U18 Professional Development League'],
    ['2026-11-28', null, 'Colchester United', 'H', 'U18 Professional Development League'],
    ['2026-12-12', null, 'Watford', 'H', 'U18 Professional Development League'],
  ],
  women: [
    ['2025-08-10', '15:00', 'Wolverhampton Wanderers', 'H', 'Friendly'],
    ['2025-09-07', null, 'Sheffield United', 'A', "Women's Championship"],
    ['2025-09-21', null, 'Nottingham Forest', 'H', "Women's Championship"],
    ['2025-10-05', '12:00', 'Sunderland', 'A', "Women's Championship"],
    ['2025-11-02', null, 'Bristol City', 'H', "Women's Championship"],
    ['2025-11-23', null, 'Newcastle United', 'A', "Women's League Cup", 'Group stage'],
    ['2026-01-18', null, 'Charlton Athletic', 'H', "Women's Championship"],
    ['2026-03-29', '17:30', 'Birmingham City', 'H', "Women's Championship", null, 'bet365 Stadium'],
    ['2026-05-30', null, 'Nottingham Forest', 'A', "Women's Championship"],
    ['2026-08-30', null, 'Durham', 'A', "Women's Championship"],
    ['2026-09-13', null, 'Southampton', 'H', "Women's Championship"],
    ['2026-10-04', '12:00', 'Portsmouth', 'A', "Women's Championship"],
    ['2026-11-01', null, 'Ipswich Town', 'H', "Women's Championship"],
    ['2026-11-15', null, 'Sheffield United', 'H', "Women's Championship"],
    ['2026-11-29', null, 'Nottingham Forest', 'A', "Women's Championship"],
    ['2026-12-13', null, 'Sunderland', 'H', "Women's Championship"],
  ],
};

function seasonOf(date) {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 7 ? y : y - 1;
  return `${start}/${String(start + 1).slice(2)}`;
}

/** A plausible scoreline: [ftStoke, ftOpp, htStoke, htOpp]. */
function scoreline(r) {
  const goals = (lambda) => {
    // Poisson sample
    const L = Math.exp(-lambda);
    let k = 0;
    let p = 1;
    do {
      k++;
      p *= r.next();
    } while (p > L);
    return k - 1;
  };
  const s = goals(1.55);
  const o = goals(1.3);
  const split = (n) => {
    let h = 0;
    for (let i = 0; i < n; i++) if (r.chance(0.42)) h++;
    return h;
  };
  return [s, o, split(s), split(o)];
}

const out = [];
for (const [teamSlug, rows] of Object.entries(SCHEDULE)) {
  const team = TEAMS[teamSlug];
  const matchday = {};
  for (const [date, time, club, ha, competition, round = null, venueOverride = null] of rows) {
    const season = seasonOf(date);
    const isLeague = !/Cup|Friendly/.test(competition);
    const key = `${season}|${competition}`;
    if (isLeague) matchday[key] = (matchday[key] ?? 0) + 1;
    const opponent = `${club} ${team.suffix}`;
    const stokeHome = ha === 'H';
    const played = date < TODAY;
    const r = rng(`demo-match:${teamSlug}:${date}:${club}`);
    let ft = [null, null, null, null];
    let pens = [null, null];
    let result = null;
    if (played) {
      ft = scoreline(r);
      if (ft[0] > ft[1]) result = 'W';
      else if (ft[0] < ft[1]) result = 'L';
      else result = 'D';
      // A drawn FA Youth Cup tie goes to penalties (no extra time in early rounds).
      if (competition === 'FA Youth Cup' && result === 'D') {
        const sp = r.chance(0.5) ? [5, 4] : [3, 4];
        pens = sp;
        result = sp[0] > sp[1] ? 'W' : 'L';
      }
    }
    const [fs, fo, hs, ho] = ft;
    const home = stokeHome ? team.name : opponent;
    const away = stokeHome ? opponent : team.name;
    out.push({
      season,
      competition,
      // Explicit id (the loader's optional competitionId): "Women's Championship" would otherwise
      // be slugified with the apostrophe as a hyphen.
      competitionId: COMPETITION_IDS[competition],
      stage: isLeague ? 'Regular season' : null,
      round: isLeague ? `Matchday ${matchday[key]}` : (round ?? (competition === 'Friendly' ? 'Pre-season' : null)),
      date,
      time: time ?? team.time,
      home,
      away,
      ftHome: stokeHome ? fs : fo,
      ftAway: stokeHome ? fo : fs,
      htHome: stokeHome ? hs : ho,
      htAway: stokeHome ? ho : hs,
      etHome: null,
      etAway: null,
      penHome: stokeHome ? pens[0] : pens[1],
      penAway: stokeHome ? pens[1] : pens[0],
      status: played ? 'played' : 'scheduled',
      venue: stokeHome ? (venueOverride ?? team.home) : `${displayClub(club)} Training Ground`,
      source: 'demo',
      stokeHome,
      opponent,
      result,
      teamSlug,
      demo: true,
    });
  }
}

out.sort((a, b) => (a.date + a.time + a.teamSlug).localeCompare(b.date + b.time + b.teamSlug));
writeJson('data/demo/matches.json', out);
const by = (t) => out.filter((m) => m.teamSlug === t).length;
console.log(`matches: ${out.length} (u21 ${by('u21')}, u18 ${by('u18')}, women ${by('women')}); results ${out.filter((m) => m.status === 'played').length}`);
