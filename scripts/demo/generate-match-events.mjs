/**
 * Writes data/demo/match-events.json: demo line-ups and minute-by-minute events for a few real
 * First Team matches (match centre), marked `demo: true`. Scores are real (openfootball); line-ups,
 * substitutions and Stoke City's scorers come from the seeded simulator the match reports use
 * (roster.mjs simulateMatch), so report and match centre agree. Opponents' players are not named.
 * Line-ups are player slugs of data/demo/players.json; minutes 0–120; side 'home', 'away' or null.
 * Run: node scripts/demo/generate-match-events.mjs (deterministic; no clock, no network).
 */
import { buildRoster, simulateMatch } from './roster.mjs';
import { HOME_GROUND, displayClub, loadFirstTeamMatches, rng, writeJson } from './lib.mjs';

/** The real matches given a demo match centre: each has a match report in data/demo/news. */
const MATCH_IDS = [
  '2023-08-05-rotherham-united',
  '2023-10-25-leeds-united',
  '2024-09-17-fleetwood-town',
  '2025-02-08-cardiff-city',
  '2025-10-18-wrexham',
  '2025-11-01-bristol-city',
  '2025-12-06-sheffield-united',
  '2026-05-02-bristol-city',
];

const HOW = {
  penalty: 'from the penalty spot',
  header: 'with a header',
  setpiece: 'from a set-piece',
  close: 'from close range',
  finish: 'with a composed finish',
  counter: 'on the counter-attack',
  long: 'from distance',
  curler: 'with a curling effort',
  freekick: 'from a direct free-kick',
  deflected: 'with a deflected effort',
};

const roster = buildRoster();
const squad = roster.filter((p) => p.record.teamSlug === '');
const surname = (p) => p.record.lastName;
const matches = loadFirstTeamMatches();

const out = MATCH_IDS.map((id) => {
  const m = matches.find((x) => x.matchID === id);
  if (!m || m.status !== 'played') throw new Error(`generate-match-events: no played first-team match ${id}`);
  const sim = simulateMatch(m, squad);
  const r = rng(`events:${id}`);
  const stokeSide = m.stokeHome ? 'home' : 'away';
  const oppSide = m.stokeHome ? 'away' : 'home';
  const home = displayClub(m.home);
  const away = displayClub(m.away);
  const opponent = displayClub(m.opponent);
  const events = [];
  let h = 0;
  let a = 0;
  const scoreText = () => `${home} ${h}-${a} ${away}`;

  events.push({ minute: 0, type: 'comment', side: null, text: `Kick-off${m.stokeHome ? ` at the ${HOME_GROUND}` : ''}.` });
  for (const g of sim.goals) {
    const toHome = (g.side === 'stoke') === m.stokeHome;
    if (toHome) h += 1;
    else a += 1;
    if (g.side === 'stoke') {
      const assist = g.assist ? ` Assisted by ${surname(g.assist)}.` : '';
      events.push({
        minute: g.minute,
        type: 'goal',
        side: stokeSide,
        text: `Goal! ${surname(g.scorer)} scores ${HOW[g.kind] ?? ''}.${assist} ${scoreText()}.`.replace(' .', '.'),
      });
    } else {
      events.push({ minute: g.minute, type: 'goal', side: oppSide, text: `Goal for ${opponent}, ${HOW[g.kind] ?? 'finished off'}. ${scoreText()}.` });
    }
  }
  for (const s of sim.subs) {
    events.push({ minute: s.minute, type: 'sub', side: stokeSide, text: `Substitution, Stoke City: ${surname(s.on)} replaces ${surname(s.off)}.` });
  }
  // Seeded bookings: one to three for Stoke players on the pitch, up to two for the opponents.
  const used = new Set(events.map((e) => e.minute));
  const freeMinute = (lo, hi) => {
    let minute;
    do minute = r.int(lo, hi);
    while (used.has(minute));
    used.add(minute);
    return minute;
  };
  const booked = new Set();
  for (let i = r.int(1, 3); i > 0; i--) {
    const minute = freeMinute(12, 88);
    const onPitch = sim.starters
      .filter((p) => !sim.subs.some((s) => s.off === p && s.minute < minute))
      .concat(sim.subs.filter((s) => s.minute < minute).map((s) => s.on));
    const p = r.pick(onPitch.filter((x) => !booked.has(x)));
    if (!p) continue;
    booked.add(p);
    events.push({ minute, type: 'yellow', side: stokeSide, text: `Yellow card: ${surname(p)} (Stoke City).` });
  }
  for (let i = r.int(0, 2); i > 0; i--) {
    events.push({ minute: freeMinute(20, 89), type: 'yellow', side: oppSide, text: `Yellow card for a ${opponent} player.` });
  }
  // Half time, full time, extra time and the shoot-out, with the real scores.
  const ht = m.htHome === null ? null : `${home} ${m.htHome}-${m.htAway} ${away}`;
  events.push({ minute: 45, type: 'comment', side: null, text: ht ? `Half time: ${ht}.` : 'Half time.' });
  events.push({ minute: 90, type: 'comment', side: null, text: `Full time after 90 minutes: ${home} ${m.ftHome}-${m.ftAway} ${away}.` });
  if (m.etHome !== null) {
    events.push({ minute: 120, type: 'comment', side: null, text: `End of extra time: ${home} ${m.etHome}-${m.etAway} ${away}.` });
  }
  if (m.penHome !== null) {
    const winner = m.penHome > m.penAway ? home : away;
    events.push({
      minute: m.etHome !== null ? 120 : 90,
      type: 'comment',
      side: null,
      text: `${winner} win ${Math.max(m.penHome, m.penAway)}-${Math.min(m.penHome, m.penAway)} on penalties.`,
    });
  }
  // In minute order; within a minute, period markers (half time, full time) come last.
  const ORDER = { goal: 0, yellow: 1, red: 2, sub: 3, comment: 4 };
  events.sort((x, y) => x.minute - y.minute || ORDER[x.type] - ORDER[y.type]);

  const xi = sim.starters.map((p) => p.record.slug);
  return {
    matchID: id,
    lineups: { home: m.stokeHome ? xi : [], away: m.stokeHome ? [] : xi },
    events,
    demo: true,
  };
});

writeJson('data/demo/match-events.json', out);
console.log(`data/demo/match-events.json: ${out.length} matches`);
