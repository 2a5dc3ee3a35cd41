/**
 * Fictional squads (data/demo/players.json) with season statistics.
 *
 * First Team statistics come from simulating every real result from 2023/24 to the as-of instant
 * (line-ups and scorers that add up to the real scorelines). Under-21s, Under-18s and Women
 * statistics from 2025/26 on come from the demo results in data/demo/matches.json; earlier
 * seasons, for which the dataset has no matches, get modest seeded numbers.
 *
 *   node scripts/demo/generate-players.mjs   (after generate-matches.mjs)
 */
import { buildRoster, simulateMatch, playedMatchesByTeam } from './roster.mjs';
import { rng, writeJson, seasonSlugOf } from './lib.mjs';

const roster = buildRoster();
const matches = playedMatchesByTeam();
const SIM_SEASONS = {
  '': ['2023/24', '2024/25', '2025/26', '2026/27'],
  u21: ['2025/26', '2026/27'],
  u18: ['2025/26', '2026/27'],
  women: ['2025/26', '2026/27'],
};
const GOALS_PER_APP = { GK: 0, CB: 0.05, RB: 0.03, LB: 0.03, DM: 0.04, CM: 0.1, AM: 0.2, W: 0.22, ST: 0.38 };

const stats = new Map(); // slug -> season -> {appearances, goals}
const bump = (slug, season, key) => {
  if (!stats.has(slug)) stats.set(slug, {});
  const s = stats.get(slug);
  s[season] ??= { appearances: 0, goals: 0 };
  s[season][key]++;
};

for (const [teamSlug, list] of Object.entries(matches)) {
  const squad = roster.filter((p) => p.record.teamSlug === teamSlug);
  for (const m of list) {
    if (!SIM_SEASONS[teamSlug].includes(m.season)) continue;
    const sim = simulateMatch(m, squad);
    for (const p of sim.starters) bump(p.record.slug, m.season, 'appearances');
    for (const s of sim.subs) bump(s.on.record.slug, m.season, 'appearances');
    for (const g of sim.goals) if (g.side === 'stoke') bump(g.scorer.record.slug, m.season, 'goals');
  }
}

for (const p of roster) {
  const rec = p.record;
  const simulated = stats.get(rec.slug) ?? {};
  const out = [];
  for (const season of ['2023/24', '2024/25', '2025/26', '2026/27']) {
    const startYear = Number(season.slice(0, 4));
    if (SIM_SEASONS[rec.teamSlug].includes(season)) {
      if (simulated[season]) out.push({ season: seasonSlugOf(season), ...simulated[season] });
      continue;
    }
    // Seasons without match data (academy and women before 2025/26): plausible seeded numbers.
    const seasonStart = `${startYear}-08-01`;
    const age = startYear - Number(rec.dateOfBirth.slice(0, 4));
    if (rec.joined > seasonStart || age < 16) continue;
    const r = rng(`stats:${rec.slug}:${season}`);
    const appearances = Math.max(1, Math.round(r.int(6, 20) * (0.4 + p.weight / 12)));
    const goals = Math.round(appearances * GOALS_PER_APP[p.role] * (0.5 + r.next()));
    out.push({ season: seasonSlugOf(season), appearances: Math.min(appearances, 22), goals });
  }
  rec.stats = out;
}

const players = roster.map((p) => p.record);
writeJson('data/demo/players.json', players);
const by = (t) => players.filter((p) => p.teamSlug === t).length;
console.log(`players: ${players.length} (first team ${by('')}, u21 ${by('u21')}, u18 ${by('u18')}, women ${by('women')})`);
