/**
 * Fictional squads as full player records, plus a deterministic match simulator that gives
 * every played match (real first-team results and demo results) a line-up and goal events
 * consistent with the real scoreline and half-time score. The simulator is a pure function of
 * the match and the squad, so generate-players.mjs (season statistics) and generate-news.mjs
 * (match reports) agree on who played and who scored.
 */
import { SQUADS, FICTIONAL_CLUBS, ROLE_POSITION, ROLE_TEXT } from './squads.mjs';
import { rng, slugify, readJson, loadFirstTeamMatches, monthName, addDays, TODAY } from './lib.mjs';

const DEMONYM = {
  England: 'English',
  Scotland: 'Scottish',
  Wales: 'Welsh',
  'Republic of Ireland': 'Irish',
  'Northern Ireland': 'Northern Irish',
  Norway: 'Norwegian',
  Denmark: 'Danish',
  Sweden: 'Swedish',
  Netherlands: 'Dutch',
  Portugal: 'Portuguese',
  Spain: 'Spanish',
  France: 'French',
  Brazil: 'Brazilian',
  Ghana: 'Ghanaian',
  Nigeria: 'Nigerian',
  Japan: 'Japanese',
  Canada: 'Canadian',
  Jamaica: 'Jamaican',
  Belgium: 'Belgian',
  Australia: 'Australian',
  Hungary: 'Hungarian',
  Poland: 'Polish',
  Italy: 'Italian',
};

const HEIGHT = {
  men: { GK: [186, 197], CB: [184, 195], RB: [174, 184], LB: [172, 182], DM: [178, 188], CM: [174, 185], AM: [170, 182], W: [168, 180], ST: [180, 193] },
  women: { GK: [172, 182], CB: [166, 178], RB: [160, 171], LB: [158, 170], DM: [163, 174], CM: [160, 172], AM: [158, 170], W: [157, 168], ST: [163, 176] },
};

const TRAITS = {
  GK: [
    'commanding in the air and calm with the ball at {pos} feet',
    'a sharp shot-stopper who organises the defence in front of {obj}',
    'quick off {pos} line and confident playing out from the back',
  ],
  RB: [
    'energetic up and down the right flank',
    'a dependable defender who likes to overlap and deliver from wide',
    'quick, tenacious and comfortable stepping into midfield',
  ],
  LB: ['an attacking left-back with a dangerous delivery', 'tidy in possession and tireless down the left', 'strong in the tackle and composed under pressure'],
  CB: [
    'dominant in both boxes and a threat from set-pieces',
    'a composed ball-playing centre-back',
    'an aggressive, front-footed defender who reads the game well',
  ],
  DM: [
    'the team’s metronome at the base of midfield',
    'a ball-winner who screens the back four',
    'a disciplined holding midfielder with an excellent passing range',
  ],
  CM: [
    'a box-to-box midfielder with a relentless engine',
    'comfortable receiving under pressure and quick to turn play forward',
    'a technically gifted midfielder who arrives late in the box',
  ],
  AM: [
    'a creative playmaker who thrives between the lines',
    'an inventive number ten with an eye for a killer pass',
    'a goal-threat from midfield with a fine first touch',
  ],
  W: [
    'a direct winger who loves to take on defenders',
    'quick and two-footed, equally happy cutting inside or going outside',
    'a pacy wide player with an eye for goal',
  ],
  ST: [
    'a penalty-box striker with a predatory instinct',
    'a hard-working centre-forward who leads the line and links play',
    'strong in the air and clinical with either foot',
  ],
};

function pad2(n) {
  return String(n).padStart(2, '0');
}

/** Build every player of every squad (records without stats, plus simulation metadata). */
export function buildRoster() {
  const roster = [];
  const seen = new Set();
  for (const [teamSlug, rows] of Object.entries(SQUADS)) {
    const women = teamSlug === 'women';
    for (const [shirtNumber, firstName, lastName, role, nationality, birthYear, joinedYm, weight, opts = {}] of rows) {
      const slug = slugify(`${firstName} ${lastName}`);
      if (seen.has(slug)) throw new Error(`duplicate player slug ${slug}`);
      seen.add(slug);
      const r = rng(`player:${slug}`);
      // Birth dates: academy age-groups run 1 September to 31 August.
      let month = r.int(1, 12);
      if (teamSlug === 'u18' || teamSlug === 'u21') month = r.int(1, 8);
      const dateOfBirth = `${birthYear}-${pad2(month)}-${pad2(r.int(1, 28))}`;
      const [hmin, hmax] = HEIGHT[women ? 'women' : 'men'][role];
      const heightCm = r.int(hmin, hmax) - (teamSlug === 'u18' ? r.int(0, 3) : 0);
      const joined = `${joinedYm}-01`;
      const position = opts.pos ?? ROLE_POSITION[role];
      let previousClubs = [];
      if (!opts.academy) {
        const pool = FICTIONAL_CLUBS[nationality] ?? FICTIONAL_CLUBS.England;
        const n = teamSlug === '' ? r.int(1, 2) : 1;
        const picks = r.shuffle(pool).slice(0, n);
        previousClubs = picks.map((c) => (women ? `${c} Women` : teamSlug === 'u21' || teamSlug === 'u18' ? `${c} Academy` : c));
      } else if (teamSlug === '' && r.chance(0.7)) {
        previousClubs = [`${r.pick(FICTIONAL_CLUBS.England)} (loan)`];
      }
      roster.push({
        record: {
          slug,
          teamSlug,
          firstName,
          lastName,
          shirtNumber,
          position,
          nationality,
          dateOfBirth,
          heightCm,
          biography: '',
          imageKey: `players/${slug}.svg`,
          joined,
          previousClubs,
          stats: [],
          demo: true,
        },
        role,
        weight,
        academy: !!opts.academy,
        captain: !!opts.captain,
        women,
      });
    }
  }
  for (const p of roster) p.record.biography = biography(p);
  return roster;
}

function biography(p) {
  const { record: rec, role, academy, captain, women } = p;
  const r = rng(`bio:${rec.slug}`);
  const subj = women ? 'She' : 'He';
  const pos = women ? 'her' : 'his';
  const obj = women ? 'her' : 'him';
  const trait = r.pick(TRAITS[role]).replaceAll('{pos}', pos).replaceAll('{obj}', obj);
  const joinedText = `${monthName(rec.joined)} ${rec.joined.slice(0, 4)}`;
  const teamName = { '': 'the First Team', u21: 'the Under-21s', u18: 'the Under-18s', women: 'Stoke City Women' }[rec.teamSlug];
  const demonym = DEMONYM[rec.nationality] ?? rec.nationality;
  const s = [];
  if (academy) {
    const age = r.pick([8, 9, 11, 12, 14]);
    s.push(
      `${rec.firstName} ${rec.lastName} is a product of the Stoke City Academy, having joined the club at Under-${age} level and progressed through the age groups.`,
    );
    s.push(`${subj} is ${trait}, and ${rec.teamSlug === '' ? `made the step up to ${teamName} in ${joinedText}` : `is a key member of ${teamName}`}.`);
  } else {
    const from = rec.previousClubs[0]?.replace(/ \(loan\)$/, '');
    s.push(
      `${demonym} ${ROLE_TEXT[role]} ${rec.firstName} ${rec.lastName} joined ${rec.teamSlug === '' || rec.teamSlug === 'women' ? 'Stoke City' : 'the Academy'}${from ? ` from ${from}` : ''} in ${joinedText}.`,
    );
    s.push(`${subj} is ${trait}.`);
  }
  if (captain) s.push(`${subj} captains ${teamName} and is a leading voice in the dressing room.`);
  else if (r.chance(0.5) && rec.teamSlug !== 'u18') {
    const extra =
      rec.teamSlug === '' || rec.teamSlug === 'women'
        ? r.pick([
            `${subj} has represented ${rec.nationality} at youth international level.`,
            `${subj} quickly became a popular figure with supporters at the bet365 Stadium.`,
            `${subj} is known for ${pos} professionalism and consistency in training.`,
          ])
        : r.pick([
            `${subj} has already trained regularly with the First Team.`,
            `${subj} has represented ${rec.nationality} at youth level.`,
            `${subj} combines ${pos} football with studies at Clayton Wood.`,
          ]);
    s.push(extra);
  }
  return s.join(' ');
}

// ---------------------------------------------------------------------------
// Match simulation
// ---------------------------------------------------------------------------

const GROUP = { GK: 'GK', RB: 'DEF', LB: 'DEF', CB: 'DEF', DM: 'MID', CM: 'MID', AM: 'MID', W: 'ATT', ST: 'ATT' };
const SLOTS = ['GK', 'RB', 'CB', 'CB', 'LB', 'CM', 'CM', 'AM', 'W', 'W', 'ST'];
const SLOT_ROLES = { GK: ['GK'], RB: ['RB'], LB: ['LB'], CB: ['CB'], CM: ['DM', 'CM'], AM: ['AM'], W: ['W'], ST: ['ST'] };
const GOAL_FACTOR = { GK: 0, CB: 0.35, RB: 0.2, LB: 0.2, DM: 0.3, CM: 0.6, AM: 1.1, W: 1.1, ST: 1.9 };
const ASSIST_FACTOR = { GK: 0.05, CB: 0.4, RB: 1, LB: 1, DM: 0.8, CM: 1.3, AM: 2, W: 1.8, ST: 1 };

function ageAt(dob, date) {
  const a = Number(date.slice(0, 4)) - Number(dob.slice(0, 4));
  return date.slice(5) < dob.slice(5) ? a - 1 : a;
}

/** Seeded injury spells: each player has up to two absences a season (two to nine weeks). */
export function injuredOn(p, season, date) {
  const r = rng(`injury:${p.record.slug}:${season}`);
  const start = `${season.slice(0, 4)}-08-01`;
  for (let i = 0; i < 2; i++) {
    if (!r.chance(p.role === 'GK' ? 0.25 : 0.45)) continue;
    const from = addDays(start, r.int(0, 270));
    const to = addDays(from, r.int(14, 63));
    if (date >= from && date <= to) return true;
  }
  return false;
}

/** Stoke's scores from a match record: [ftS, ftO, htS, htO, etS, etO, penS, penO]. */
export function stokeScores(m) {
  const h = m.stokeHome;
  const pick = (a, b) => (h ? [m[a], m[b]] : [m[b], m[a]]);
  return [...pick('ftHome', 'ftAway'), ...pick('htHome', 'htAway'), ...pick('etHome', 'etAway'), ...pick('penHome', 'penAway')];
}

/**
 * Simulate one played match for a squad. Returns starters, used substitutes (with minute and the
 * player replaced), unused substitutes and chronological goal events.
 */
export function simulateMatch(match, squad) {
  const r = rng(`sim:${match.teamSlug}:${match.date}:${match.opponent}`);
  const registered = squad.filter((p) => p.record.joined <= match.date && ageAt(p.record.dateOfBirth, match.date) >= 15);
  const fit = registered.filter((p) => !injuredOn(p, match.season, match.date));
  const eligible = fit.length >= 16 || fit.length >= registered.length - 1 ? fit : registered;
  const available = new Set(eligible);
  const starters = [];
  // Cup ties see more rotation: a flatter weighting gives squad players their chance.
  const exponent = /Cup/.test(match.competition) ? 0.6 : 1.8;
  const take = (cands) => {
    const c = cands.filter((p) => available.has(p));
    if (!c.length) return null;
    const p = r.weighted(c, (x) => x.weight ** exponent);
    available.delete(p);
    return p;
  };
  for (const slot of SLOTS) {
    let p = take(eligible.filter((x) => SLOT_ROLES[slot].includes(x.role)));
    if (!p && slot !== 'GK') p = take(eligible.filter((x) => GROUP[x.role] === GROUP[SLOT_ROLES[slot][0]]));
    if (!p && slot !== 'GK') p = take(eligible.filter((x) => x.role !== 'GK'));
    if (p) starters.push({ p, slot });
  }
  const benchSize = match.teamSlug === '' ? 9 : 5;
  const bench = [];
  // one reserve goalkeeper if available, then outfielders
  const gk = take(eligible.filter((x) => x.role === 'GK'));
  if (gk) bench.push(gk);
  while (bench.length < benchSize) {
    const p = take(eligible.filter((x) => x.role !== 'GK'));
    if (!p) break;
    bench.push(p);
  }
  const outfieldBench = bench.filter((p) => p.role !== 'GK');
  const nSubs = Math.min(outfieldBench.length, r.int(3, 5));
  const subsOn = r
    .shuffle(outfieldBench)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, nSubs);
  const replaceable = starters.filter((s) => s.p.role !== 'GK');
  const subs = [];
  const usedOff = new Set();
  const minutes = new Set();
  for (const on of subsOn) {
    const sameGroup = replaceable.filter((s) => !usedOff.has(s.p) && GROUP[s.p.role] === GROUP[on.role]);
    const pool = sameGroup.length ? sameGroup : replaceable.filter((s) => !usedOff.has(s.p));
    if (!pool.length) break;
    const off = r.pick(pool).p;
    usedOff.add(off);
    let minute;
    do minute = r.int(52, 88);
    while (minutes.has(minute));
    minutes.add(minute);
    subs.push({ on, off, minute });
  }
  subs.sort((a, b) => a.minute - b.minute);
  const unused = bench.filter((p) => !subs.some((s) => s.on === p));

  // Goals
  const [ftS, ftO, htS0, htO0, etS, etO] = stokeScores(match);
  const htS = htS0 ?? 0;
  const htO = htO0 ?? 0;
  const plan = [
    [htS, htO, 2, 45],
    [ftS - htS, ftO - htO, 47, 90],
    [etS == null ? 0 : etS - ftS, etO == null ? 0 : etO - ftO, 93, 120],
  ];
  const goals = [];
  const used = new Set();
  for (const [s, o, lo, hi] of plan) {
    const sides = r.shuffle([...Array(s).fill('stoke'), ...Array(o).fill('opp')]);
    const mins = [];
    while (mins.length < sides.length) {
      const m = r.int(lo, hi);
      if (!used.has(m)) {
        used.add(m);
        mins.push(m);
      }
    }
    mins.sort((a, b) => a - b);
    sides.forEach((side, i) => goals.push({ minute: mins[i], side }));
  }
  const onPitch = (minute) => {
    const on = starters.map((s) => s.p).filter((p) => !subs.some((s) => s.off === p && s.minute < minute));
    for (const s of subs) if (s.minute < minute) on.push(s.on);
    return on;
  };
  for (const g of goals) {
    if (g.side === 'stoke') {
      const on = onPitch(g.minute);
      const penalty = r.chance(0.1);
      const scorer = penalty
        ? on.slice().sort((a, b) => GOAL_FACTOR[b.role] * b.weight - GOAL_FACTOR[a.role] * a.weight)[0]
        : r.weighted(on, (p) => GOAL_FACTOR[p.role] * (0.5 + p.weight / 10));
      const others = on.filter((p) => p !== scorer);
      const assist = !penalty && r.chance(0.68) ? r.weighted(others, (p) => ASSIST_FACTOR[p.role] * (0.5 + p.weight / 10)) : null;
      let kind;
      if (penalty) kind = 'penalty';
      else if (scorer.role === 'CB') kind = r.pick(['header', 'header', 'setpiece']);
      else if (scorer.role === 'ST') kind = r.pick(['header', 'close', 'finish', 'counter', 'finish']);
      else kind = r.pick(['long', 'curler', 'finish', 'counter', 'close', 'freekick']);
      Object.assign(g, { scorer, assist: kind === 'freekick' ? null : assist, kind });
    } else {
      g.kind = r.pick(['header', 'long', 'close', 'penalty', 'deflected', 'counter', 'close', 'header']);
    }
  }
  return { starters: starters.map((s) => s.p), subs, unused, goals };
}

/** Played matches for each team, in date order: real for the first team, demo for the others. */
export function playedMatchesByTeam() {
  const real = loadFirstTeamMatches().filter((m) => m.status === 'played');
  const demo = readJson('data/demo/matches.json').filter((m) => m.status === 'played' && m.date < TODAY);
  return {
    '': real,
    u21: demo.filter((m) => m.teamSlug === 'u21'),
    u18: demo.filter((m) => m.teamSlug === 'u18'),
    women: demo.filter((m) => m.teamSlug === 'women'),
  };
}
