/**
 * Writes match reports and previews from match data. Scores, half-time scores, venues, dates,
 * competitions and rounds come from the data (real openfootball results for the First Team,
 * demo results for the other teams); scorers and line-ups come from the simulator in
 * roster.mjs and use only the fictional squads. Opponents' players are never named.
 */
import {
  rng,
  displayClub,
  shortClub,
  longDate,
  weekdayOf,
  monthName,
  kickOffText,
  cupRoundText,
  slugify,
  HOME_GROUND,
  isoLondon,
  addMinutes,
  addDays,
} from './lib.mjs';
import { simulateMatch, stokeScores, injuredOn } from './roster.mjs';

export const TEAM_CTX = {
  '': {
    name: 'Stoke City',
    nick: 'the Potters',
    short: 'Stoke',
    coach: 'the head coach',
    coachTitle: 'Head coach',
    squadLabel: 'Stoke City',
    category: 'first-team',
    teamWord: 'side',
  },
  u21: {
    name: 'Stoke City Under-21s',
    nick: 'the young Potters',
    short: 'Stoke',
    coach: 'the Under-21s lead coach',
    coachTitle: 'Under-21s lead coach',
    squadLabel: 'Stoke City U21',
    category: 'academy',
    teamWord: 'Under-21s',
  },
  u18: {
    name: 'Stoke City Under-18s',
    nick: 'the young Potters',
    short: 'Stoke',
    coach: 'the Under-18s lead coach',
    coachTitle: 'Under-18s lead coach',
    squadLabel: 'Stoke City U18',
    category: 'academy',
    teamWord: 'Under-18s',
  },
  women: {
    name: 'Stoke City Women',
    nick: 'the Potters',
    short: 'Stoke',
    coach: 'the Women’s head coach',
    coachTitle: 'Women’s head coach',
    squadLabel: 'Stoke City Women',
    category: 'women',
    teamWord: 'side',
  },
};

/** Club part of an opponent ('Derby County U21' → 'Derby County'). */
export function oppBase(m) {
  return displayClub(m.opponent).replace(/ (U21|U18|Women)$/, '');
}
export function oppFull(m) {
  const base = oppBase(m);
  if (m.teamSlug === 'u21') return `${base} Under-21s`;
  if (m.teamSlug === 'u18') return `${base} Under-18s`;
  if (m.teamSlug === 'women') return `${base} Women`;
  return base;
}
const oppShort = (m) => shortClub(oppBase(m));

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const surname = (p) => p.record.lastName;
const listJoin = (arr) => (arr.length <= 1 ? arr.join('') : `${arr.slice(0, -1).join(', ')} and ${arr[arr.length - 1]}`);
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** 'Championship', 'EFL Cup first round', 'FA Cup third round'. */
export function competitionPhrase(m) {
  if (m.competition === 'Friendly') return 'pre-season friendly';
  if (m.stage === 'Regular season' || !m.round || m.round.startsWith('Matchday')) return m.competition;
  if (m.round === 'Group stage') return `${m.competition} group stage`;
  return `${m.competition} ${cupRoundText(m.competition, m.round)}`;
}

function venueOf(m) {
  if (m.venue) return m.venue;
  return m.stokeHome ? HOME_GROUND : null;
}

function whenPhrase(m) {
  const md = m.date.slice(5);
  if (md === '12-26') return 'on Boxing Day';
  if (md === '01-01') return 'on New Year’s Day';
  const day = weekdayOf(m.date);
  const [h] = m.time.split(':').map(Number);
  return `on ${day} ${h >= 18 ? 'night' : h >= 12 && h < 13 ? 'lunchtime' : h < 12 ? 'morning' : 'afternoon'}`;
}

export function scoreText(m) {
  return `${displayClub(m.home)} ${m.ftHome}-${m.ftAway} ${displayClub(m.away)}`;
}

/** Publication time of a report: 2h30 after kick-off (3h for extra time). */
export function reportPublished(m) {
  const extra = m.etHome != null || m.penHome != null ? 190 : 150;
  const [d, t] = addMinutes(m.date, m.time, extra);
  return isoLondon(d, t);
}
export function previewPublished(m) {
  return isoLondon(addDays(m.date, -2), '12:00');
}

// ---------------------------------------------------------------------------
// Goal narration
// ---------------------------------------------------------------------------

/**
 * A per-report picker that avoids repeating a phrase: candidates are [key, text] pairs and a key
 * is used at most once per report while unused ones remain.
 */
function freshPicker(r) {
  const used = new Set();
  const fresh = (cands, fallback) => {
    const open = cands.filter(([k]) => !used.has(k));
    if (!open.length && fallback) return fresh(fallback);
    const [k, text] = r.pick(open.length ? open : cands);
    used.add(k);
    return text;
  };
  return fresh;
}

function minuteLead(fresh, minute) {
  if (minute > 90)
    return fresh([
      ['et-ord', `In the ${ordinal(minute)} minute`],
      ['et-into', `${cap(NUMBER_WORDS[minute - 90] ?? String(minute - 90))} minutes into extra time`],
      ['on', `On ${minute} minutes`],
    ]);
  if (minute >= 40 && minute <= 45)
    return fresh([
      ['break', 'Just before the break'],
      ['on', `On ${minute} minutes`],
      ['ht', 'Moments before half-time'],
    ]);
  if (minute >= 47 && minute <= 52)
    return fresh([
      ['restart', 'Shortly after the restart'],
      ['within', `Within ${NUMBER_WORDS[minute - 45]} minutes of the restart`],
      ['on', `On ${minute} minutes`],
    ]);
  if (minute >= 75) {
    const left = 90 - minute;
    const remaining =
      left === 0 ? 'With the clock ticking down' : left === 1 ? 'With a minute remaining' : `With ${NUMBER_WORDS[left] ?? left} minutes remaining`;
    return fresh([
      ['left', remaining],
      ['on', `On ${minute} minutes`],
      ['ord', `In the ${ordinal(minute)} minute`],
    ]);
  }
  if (minute <= 10)
    return fresh([
      ['only', `Only ${minute} minutes had gone when`],
      ['after-just', `After just ${minute} minutes,`],
      ['on', `On ${minute} minutes`],
    ]);
  return fresh(
    [
      ['on', `On ${minute} minutes`],
      ['ord', `In the ${ordinal(minute)} minute`],
      ['after', `After ${minute} minutes,`],
      ['mid', minute < 45 ? `Midway through the first half,` : `Midway through the second half,`],
    ].filter(([k]) => k !== 'mid' || (minute >= 20 && minute <= 28) || (minute >= 64 && minute <= 72)),
  );
}

function ordinal(n) {
  const s = ['th', 'st', 'nd', 'rd'];
  const v = n % 100;
  return n + (s[(v - 20) % 10] || s[v] || s[0]);
}

function stokeFinishes(g, fouled) {
  const S = surname(g.scorer);
  const A = g.assist ? surname(g.assist) : null;
  const by = {
    header: A
      ? [
          [`h1`, `${S} rose highest to head home ${A}’s cross`],
          ['h2', `${S} met ${A}’s corner with a powerful header`],
          ['h3', `${S} glanced ${A}’s delivery into the far corner`],
        ]
      : [
          ['h4', `${S} headed in from a set-piece`],
          ['h5', `${S} nodded home at the back post`],
        ],
    setpiece: A
      ? [['sp1', `${S} bundled the ball home after ${A}’s free-kick caused chaos in the box`]]
      : [['sp2', `${S} forced the ball over the line from a corner`]],
    close: A
      ? [
          ['c1', `${S} reacted first to turn in from six yards after ${A}’s shot was parried`],
          ['c2', `${S} tapped in at the far post from ${A}’s low centre`],
        ]
      : [
          ['c3', `${S} pounced on a loose ball to finish from close range`],
          ['c4', `${S} turned home from inside the six-yard box`],
        ],
    finish: A
      ? [
          ['f1', `${S} ran on to ${A}’s through ball and finished coolly`],
          ['f2', `${S} collected ${A}’s pass, turned and fired low into the bottom corner`],
        ]
      : [
          ['f3', `${S} fired low into the bottom corner`],
          ['f4', `${S} drilled a shot inside the near post`],
        ],
    counter: A
      ? [['k1', `${S} finished off a rapid counter-attack, sweeping home ${A}’s cut-back`]]
      : [['k2', `${S} broke clear on the counter and slotted home`]],
    long: A
      ? [['l1', `${A} laid the ball back for ${S}, who let fly from 25 yards and found the top corner`]]
      : [['l2', `${S} let fly from distance and found the top corner`]],
    curler: [
      [
        'cu',
        A
          ? `${S} took ${A}’s pass, cut inside and curled a superb effort beyond the goalkeeper`
          : `${S} cut inside and curled a superb effort beyond the goalkeeper`,
      ],
    ],
    freekick: [
      ['fk1', `${S} curled a free-kick over the wall and into the net`],
      ['fk2', `${S} whipped a free-kick into the top corner from 22 yards`],
    ],
    penalty: [
      ['p1', `${S} converted from the penalty spot after ${fouled} was brought down`],
      ['p2', `${S} sent the goalkeeper the wrong way from the spot after ${fouled} was fouled`],
    ],
  };
  // Same kind first; if all its phrasings are used, any open-play phrasing that fits.
  const fallback = [
    ['fb1', `${S} found the net with a composed finish`],
    ['fb2', `${S} ${A ? `converted ${A}’s low cross` : 'kept a cool head to score'}`],
    ['fb3', `${S} struck a crisp shot past the goalkeeper`],
  ];
  return [by[g.kind] ?? [], fallback];
}

function stokeSuffix(fresh, s, o, ctx, m) {
  if (s - 1 === o) {
    if (s === 1)
      return fresh([
        ['lead', ` to give ${ctx.nick} the lead`],
        ['open', ' to open the scoring'],
        ['front', ` to put ${ctx.short} in front`],
      ]);
    return fresh([
      ['back', ` to put ${ctx.short} back in front`],
      ['edge', ` to edge ${ctx.nick} ahead at ${s}-${o}`],
    ]);
  }
  if (s === o)
    return fresh([
      ['level', ` to draw ${ctx.short} level`],
      ['parity', ' to restore parity'],
      ['terms', ` to bring ${ctx.nick} back on terms at ${s}-${o}`],
    ]);
  if (s > o) {
    if (s - o >= 3)
      return fresh([
        [`make${s}`, ` to make it ${s}-${o}`],
        ['beyond', ` to put the game beyond ${oppShort(m)}`],
        [`ord${s}`, ` for ${ctx.short}’s ${ORD_WORDS[s] ?? ordinal(s)}`],
      ]);
    if (s === 2 && o === 0)
      return fresh([
        ['double', ' to double the lead'],
        ['make20', ' to make it 2-0'],
      ]);
    return fresh(
      [
        [`make${s}`, ` to make it ${s}-${o}`],
        [`cush${s}`, ` to restore the two-goal cushion`],
      ].filter(([k]) => !k.startsWith('cush') || s - o === 2),
    );
  }
  return fresh([
    ['deficit', ' to reduce the deficit'],
    ['hope', ` to give ${ctx.nick} hope at ${s}-${o}`],
    ['back', ' to pull one back'],
  ]);
}

const ORD_WORDS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh'];

function oppGoal(fresh, g, s, o, m, gkName, defName) {
  const O = oppShort(m);
  let action;
  if (o - 1 === s)
    action =
      o === 1
        ? fresh([
            ['ahead', 'went ahead'],
            ['lead', 'took the lead'],
          ])
        : fresh([
            ['back-front', 'went back in front'],
            ['regain', 'regained the lead'],
          ]);
  else if (o === s)
    action = fresh([
      ['lev', 'levelled'],
      ['drew', 'drew level'],
      ['terms', 'were back on terms'],
    ]);
  else if (o > s)
    action = fresh([
      [`add${o}`, `added a ${ORD_WORDS[o] ?? ordinal(o)}`],
      [`made${o}`, `made it ${o}-${s}`],
      ['extend', 'extended their advantage'],
      ['again', 'struck again'],
    ]);
  else
    action = fresh([
      ['pull', 'pulled one back'],
      ['arrears', 'reduced the arrears'],
      ['another', 'pulled another goal back'],
    ]);
  const hows = {
    header: 'when a corner was headed in at the back post',
    long: `with a fierce strike from distance that gave ${gkName} no chance`,
    close: 'when the ball was scrambled home from close range',
    penalty: 'from the penalty spot after a challenge in the area was penalised',
    deflected: `with a shot that took a wicked deflection off ${defName} and looped beyond ${gkName}`,
    counter: 'on the break, their striker finishing low past the keeper',
    cross: 'when a low cross was turned in at the near post',
    volley: 'with a volley from the edge of the box',
  };
  const how = fresh(
    [[`how-${g.kind}`, hows[g.kind]]],
    Object.entries(hows).map(([k, v]) => [`how-${k}`, v]),
  );
  return `${O} ${action} ${how}`;
}

function nearMiss(fresh, r, attackers, m, gkName) {
  const P = surname(r.pick(attackers));
  const O = oppShort(m);
  return fresh([
    ['wide', `${P} went close with a header that flashed just wide.`],
    ['save', `${P} forced a smart save from the ${O} goalkeeper.`],
    ['post', `${P} rattled the post with a low drive.`],
    ['over', `${P} saw a curling effort tipped over the bar.`],
    ['gk', `At the other end, ${gkName} was equal to a stinging effort from distance.`],
    ['claim', `${O} threatened from a set-piece, but ${gkName} claimed confidently.`],
    ['block', `${P} had a goal-bound shot blocked on the line.`],
    ['gk2', `${gkName} produced a fine one-handed save to deny ${O}.`],
  ]);
}

// ---------------------------------------------------------------------------
// Match report
// ---------------------------------------------------------------------------

/**
 * Report for a played match. `teamMatches` are all matches of the team (for the next fixture);
 * `squad` the roster entries of the team.
 */
export function writeReport(m, squad, teamMatches) {
  const ctx = TEAM_CTX[m.teamSlug];
  const r = rng(`report:${m.teamSlug}:${m.date}`);
  const fresh = freshPicker(r);
  const sim = simulateMatch(m, squad);
  const [S, O, hS, hO, eS, eO, pS, pO] = stokeScores(m);
  const finalS = eS ?? S;
  const finalO = eO ?? O;
  const oppName = oppFull(m);
  const O_ = oppShort(m);
  const home = m.stokeHome;
  const venue = venueOf(m);
  const comp = competitionPhrase(m);
  const result = m.result;
  const margin = finalS - finalO;
  const gk = sim.starters[0];
  const gkName = surname(gk);
  const defenders = sim.starters.filter((p) => ['RB', 'LB', 'CB'].includes(p.role));
  const attackers = sim.starters.filter((p) => ['AM', 'W', 'ST', 'CM'].includes(p.role));
  const stokeGoals = sim.goals.filter((g) => g.side === 'stoke');
  const scorerCounts = new Map();
  for (const g of stokeGoals) scorerCounts.set(g.scorer, (scorerCounts.get(g.scorer) ?? 0) + 1);
  const brace = [...scorerCounts.entries()].find(([, n]) => n >= 2);
  const matchday = m.round?.startsWith('Matchday') ? Number(m.round.split(' ')[1]) : null;
  const opener = matchday === 1;
  const finale = matchday === 46;

  // Headline
  const topScorer = brace ? brace[0] : stokeGoals.length === 1 ? stokeGoals[0].scorer : null;
  const atOrV = home ? 'against' : 'at';
  let title;
  if (pS != null) title = result === 'W' ? `${ctx.short} edge past ${O_} on penalties` : `${ctx.short} beaten on penalties by ${O_}`;
  else if (result === 'W') {
    if (brace) title = brace[1] >= 3 ? `${surname(brace[0])} hat-trick sinks ${O_}` : `${surname(brace[0])} double ${home ? 'downs' : 'earns win at'} ${O_}`;
    else if (margin >= 3) title = `${cap(ctx.nick)} run riot ${atOrV} ${O_}`;
    else if (finalS === 1 && topScorer) title = `${surname(topScorer)} strike ${home ? 'settles it against' : 'earns victory at'} ${O_}`;
    else title = r.pick([`${cap(ctx.nick)} see off ${O_}`, `${ctx.short} ${home ? 'beat' : 'win at'} ${O_}`, `Victory ${atOrV} ${O_}`]);
  } else if (result === 'D') {
    if (finalS === 0) title = r.pick([`Stalemate ${atOrV} ${O_}`, `${ctx.short} held ${home ? 'by' : 'at'} ${O_}`, `Honours even with ${O_}`]);
    else if (topScorer) title = `${surname(topScorer)} ${brace ? 'double ' : ''}earns point ${atOrV} ${O_}`;
    else title = `${ctx.short} share the spoils with ${O_}`;
  } else {
    title =
      margin <= -3
        ? r.pick([`Heavy defeat ${atOrV} ${O_}`, `${ctx.short} well beaten ${home ? 'by' : 'at'} ${O_}`])
        : r.pick([`${ctx.short} beaten ${home ? 'by' : 'at'} ${O_}`, `Defeat ${atOrV} ${O_}`, `${cap(ctx.nick)} fall to ${O_} defeat`]);
  }
  if (opener) title += ' on opening day';
  else if (finale) title += ' on the final day';
  title = `${title}`.replace(/\s+/g, ' ');
  title = `Report: ${cap(title)}`;

  // Lede
  const scoreWords = `${finalS}-${finalO}`;
  const place = venue ? `at ${venue === HOME_GROUND ? 'the bet365 Stadium' : venue}` : `away at ${oppName}`;
  const homeAt = `at ${venue && venue !== HOME_GROUND ? venue : 'the bet365 Stadium'}`;
  const where = home ? place : r.pick(['on the road', 'away from home']);
  let lede;
  const when = whenPhrase(m);
  const compIn = comp === 'Championship' ? 'in the Championship' : comp === 'pre-season friendly' ? 'in a pre-season friendly' : `in the ${comp}`;
  if (pS != null) {
    lede =
      result === 'W'
        ? `${ctx.name} are through after beating ${oppName} ${pS}-${pO} on penalties ${compIn}, the tie having finished ${finalS}-${finalO} ${home ? homeAt : `away from home`} ${when}.`
        : `${ctx.name} exited the ${m.competition} after a ${pO}-${pS} penalty shoot-out defeat to ${oppName} ${when}, following a ${finalS}-${finalO} draw ${eS != null ? 'after extra time ' : ''}${home ? homeAt : 'on the road'}.`;
  } else if (result === 'W') {
    const verb =
      margin >= 3
        ? r.pick(['swept aside', 'produced a commanding display to beat', 'ran out emphatic winners against'])
        : margin === 1
          ? r.pick(['edged past', 'claimed a hard-fought victory over', 'saw off'])
          : r.pick(['beat', 'secured a deserved win over', 'got the better of']);
    lede = `${opener ? `${ctx.name} made a winning start to the ${m.season} season as they ` : `${ctx.name} `}${verb} ${oppName} ${scoreWords}${eS != null ? ' after extra time' : ''} ${where} ${compIn} ${when}.`;
  } else if (result === 'D') {
    lede = `${ctx.name} ${finalS === 0 ? 'were held to a goalless draw by' : `shared a ${scoreWords} draw with`} ${oppName} ${where} ${compIn} ${when}.`;
  } else {
    lede = `${ctx.name} ${margin <= -3 ? 'suffered a chastening' : 'fell to a'} ${finalO}-${finalS} defeat ${home ? `to ${oppName} ${homeAt}` : `away at ${oppName}`} ${compIn} ${when}.`;
  }
  lede = lede.replace(/\s+/g, ' ');

  const scorerNames = [...scorerCounts.entries()].map(([p, n]) =>
    n >= 3 ? `a hat-trick from ${surname(p)}` : n === 2 ? `a brace from ${surname(p)}` : surname(p),
  );
  let second = '';
  if (stokeGoals.length) {
    second =
      stokeGoals.length === 1
        ? `${surname(stokeGoals[0].scorer)} scored ${ctx.short}’s goal`
        : `${cap(listJoin(scorerNames))} ${scorerNames.length === 1 ? 'did the damage' : 'were on target'}`;
    if (hS != null) {
      const ht =
        hS > hO
          ? `${ctx.nick} led ${hS}-${hO} at the break`
          : hS < hO
            ? `${ctx.nick} trailed ${hO}-${hS} at the interval`
            : hS === 0
              ? 'the sides were level and goalless at half-time'
              : `it was ${hS}-${hO} at half-time`;
      second += `, and ${ht}.`;
    } else second += '.';
  } else if (result === 'L') {
    second =
      margin <= -3
        ? r.pick([
            `${cap(ctx.nick)} were second best for long spells and will want to put this one behind them quickly.`,
            `It was a difficult afternoon from start to finish for ${ctx.nick}.`,
          ])
        : r.pick([
            `${cap(ctx.nick)} were unable to find a way through ${O_}’s well-organised defence.`,
            `${cap(ctx.nick)} created chances but could not find the finishing touch.`,
          ]);
  } else {
    second = r.pick([
      `Both defences were on top for long spells in a tight contest.`,
      `${gkName} kept a clean sheet, but clear-cut chances were at a premium at both ends.`,
    ]);
  }

  // Halves
  let s = 0;
  let o = 0;
  const halfText = (lo, hi) => {
    const parts = [];
    const goals = sim.goals.filter((g) => g.minute >= lo && g.minute <= hi);
    if (!goals.length) {
      parts.push(
        r.pick(
          lo === 1
            ? [
                'A cagey opening half offered few clear-cut chances.',
                `${cap(ctx.nick)} enjoyed plenty of possession in the opening period without finding a way through.`,
                `${O_} started brightly, but neither side could make the breakthrough before the interval.`,
              ]
            : lo === 46
              ? [
                  'The second half followed a similar pattern, with neither side able to find a decisive opening.',
                  'Both sides pressed for a goal after the break, but the defences held firm.',
                ]
              : ['Extra time brought few clear openings as legs tired on both sides.'],
        ),
      );
      parts.push(nearMiss(fresh, r, attackers, m, gkName));
      if (lo === 1) parts.push(nearMiss(fresh, r, attackers, m, gkName));
    }
    const subsHere = lo === 46 ? sim.subs.slice(0, 2) : [];
    const items = [...goals.map((g) => ({ minute: g.minute, g })), ...subsHere.map((x, i) => ({ minute: x.minute + 0.5, sub: x, i }))].sort(
      (a, b) => a.minute - b.minute,
    );
    for (const it of items) {
      if (it.sub) {
        const x = it.sub;
        parts.push(
          it.i === 0
            ? r.pick([
                `${cap(ctx.coach)} made a change on ${x.minute} minutes, sending on ${surname(x.on)} for ${surname(x.off)}.`,
                `${surname(x.on)} replaced ${surname(x.off)} on ${x.minute} minutes.`,
              ])
            : `${surname(x.on)} was introduced for ${surname(x.off)} on ${x.minute} minutes.`,
        );
        continue;
      }
      const g = it.g;
      if (g.side === 'stoke') {
        s++;
        const lead = minuteLead(fresh, g.minute);
        const others = sim.starters.filter((p) => p !== g.scorer && p.role !== 'GK');
        const fouled = others.length ? surname(r.pick(others)) : 'a team-mate';
        const [own, fallback] = stokeFinishes(g, fouled);
        const finish = fresh(own.length ? own : fallback, fallback);
        parts.push(`${lead}${lead.endsWith(',') || lead.endsWith('when') ? ' ' : ', '}${finish}${stokeSuffix(fresh, s, o, ctx, m)}.`);
      } else {
        o++;
        const lead = minuteLead(fresh, g.minute);
        const def = defenders.length ? surname(r.pick(defenders)) : 'a defender';
        parts.push(`${lead}${lead.endsWith(',') || lead.endsWith('when') ? ' ' : ', '}${oppGoal(fresh, g, s, o, m, gkName, def)}.`);
      }
      if (r.chance(0.3)) parts.push(nearMiss(fresh, r, attackers, m, gkName));
    }
    return parts
      .map((p) =>
        cap(
          p
            .replace(/when, /, 'when ')
            .replace(/\s+/g, ' ')
            .replace(/ ,/g, ','),
        ),
      )
      .join(' ');
  };
  const firstHalf = halfText(1, 45);
  let secondHalf = halfText(46, 90);
  // The closing passage
  if (eS == null && pS == null) {
    if (result === 'W')
      secondHalf += ` ${r.pick([`${O_} pushed for a way back, but ${gkName} and the back line stood firm to see out the win.`, `${cap(ctx.nick)} managed the closing stages well to secure the points.`, 'The final whistle was greeted by a warm ovation from the Stoke supporters.'])}`;
    else if (result === 'D')
      secondHalf += ` ${r.pick(['Both sides pushed for a winner in a lively finale, but neither could find one.', `${cap(ctx.nick)} finished strongly but had to settle for a point.`])}`;
    else
      secondHalf += ` ${r.pick([`Despite late pressure, ${ctx.short} could not find a way back into the game.`, `${O_} saw the game out comfortably in the closing stages.`])}`;
  }
  let extraSection = '';
  if (eS != null || pS != null) {
    const parts = [];
    if (eS != null) {
      if (finalS === S && finalO === O)
        parts.push(`With the scores level at ${S}-${O} after 90 minutes, the tie went to extra time, but neither side could find a winner.`);
      else parts.push(`With the scores level at ${S}-${O} after 90 minutes, the tie went to extra time. ${halfText(91, 120)}`);
    } else parts.push(`With the scores level at ${S}-${O} after 90 minutes, the tie went straight to penalties.`);
    if (pS != null) {
      parts.push(
        result === 'W'
          ? `${gkName} proved the hero in the shoot-out, saving ${pO < 3 ? 'twice' : 'a crucial kick'} as ${ctx.short} won ${pS}-${pO} on penalties.`
          : `There was heartbreak in the shoot-out, ${O_} converting their kicks to win ${pO}-${pS} on penalties.`,
      );
    }
    extraSection = parts.join(' ');
  }

  // Reaction quote
  const star = topScorer ?? r.pick(sim.starters.filter((p) => p.role !== 'GK'));
  const q = (() => {
    if (result === 'W') {
      if (margin >= 3)
        return r.pick([
          `That’s as complete a performance as we’ve produced. We were aggressive without the ball, ruthless with it, and ${surname(star)} was outstanding. The challenge now is to back it up.`,
          `I’m delighted. From the first whistle we played with real intensity and quality, and the goals were the reward for that. The supporters were brilliant too.`,
        ]);
      const cup = /Cup/.test(m.competition);
      return r.pick([
        `It wasn’t always pretty, but we showed real character to get over the line. ${surname(star)} made the difference and the back line defended their box superbly.`,
        `A really pleasing win. We knew ${O_} would make it difficult, and the players stuck to the plan. There are things to improve, but ${cup ? 'being in the hat for the next round' : 'three points'} is what matters.`,
        `Winning ${home ? 'in front of our own supporters' : 'away from home'} is never easy${cup ? ' in the cup' : ' in this division'}, so credit to the group. We managed the key moments well.`,
      ]);
    }
    if (result === 'D') {
      if (finalS === 0)
        return r.pick([
          `A clean sheet is pleasing, but we wanted more in the final third. We had the better of the chances and needed to be more clinical.`,
          `It was a tight game with few chances. We’ll take the point, keep the clean sheet, and move on to the next one.`,
        ]);
      return r.pick([
        `Mixed feelings. There were good spells, and we showed resilience, but we need to be better at seeing games out.`,
        `I thought we deserved something from the game and the players kept going right to the end. It’s a point we’ll build on.`,
      ]);
    }
    if (margin <= -3)
      return r.pick([
        `That wasn’t acceptable and I take responsibility. We didn’t do the basics well enough and we were punished. We owe the supporters a reaction.`,
        `A painful afternoon. We were second best in too many areas and we have to look at ourselves. The response has to come quickly.`,
      ]);
    return r.pick([
      `We’re disappointed with the result. There were spells when we were on top, but we weren’t clinical enough and we gave away a goal we should have defended better.`,
      `Fine margins decided it. The effort was there, but we need more quality in both boxes. We’ll regroup and go again.`,
    ]);
  })();
  const reaction = `Speaking after the match, ${ctx.coach} said: “${q}”`;

  // Next fixture
  const next = teamMatches.find((x) => x.date > m.date);
  let nextText = '';
  if (next) {
    const nv = next.stokeHome
      ? `${oppFull(next)} ${next.venue && next.venue !== HOME_GROUND ? `at ${next.venue}` : `at the bet365 Stadium`}`
      : `${oppFull(next)} away`;
    const gap = Math.round((Date.parse(next.date) - Date.parse(m.date)) / 86400000);
    const nComp = competitionPhrase(next);
    nextText =
      gap > 45
        ? `${cap(ctx.nick)}’ next competitive fixture is against ${nv} ${nComp === 'Championship' ? 'in the Championship' : `in the ${nComp}`} on ${longDate(next.date)}, kick-off ${kickOffText(next.time)}.`
        : `${m.teamSlug === '' ? ctx.short : cap(ctx.nick)} are back in action on ${longDate(next.date, { year: false })}, facing ${nv} ${nComp === 'Championship' ? 'in the Championship' : nComp === 'pre-season friendly' ? 'in a friendly' : `in the ${nComp}`} (${kickOffText(next.time)} kick-off).`;
    if (m.teamSlug === '') nextText += ' Subscribers can watch full match replays and extended highlights on Stoke City+.';
  }

  // Line-up
  const subsOf = (p) => sim.subs.find((x) => x.off === p);
  const nm = (p) => {
    const sub = subsOf(p);
    return sub ? `${surname(p)} (${surname(sub.on)} ${sub.minute})` : surname(p);
  };
  const st = sim.starters;
  const lineup =
    m.teamSlug === '' || st.length === 11
      ? `${nm(st[0])}; ${st.slice(1, 5).map(nm).join(', ')}; ${st.slice(5, 7).map(nm).join(', ')}; ${[st[8], st[7], st[9]].map(nm).join(', ')}; ${nm(st[10])}`
      : st.map(nm).join(', ');
  const unused = sim.unused.map(surname).join(', ');

  // Colour for low-event matches, so every report has some texture.
  if (sim.goals.length <= 2) {
    const colour = home
      ? r.pick([
          `A lively home crowd roared ${ctx.nick} on, and the atmosphere lifted every time they pushed forward.`,
          `The home supporters did their best to lift the side, and the noise levels rose whenever ${ctx.short} won a corner.`,
        ])
      : r.pick([
          `The travelling supporters made themselves heard throughout, and their backing never wavered.`,
          `The away end was in good voice from start to finish, encouraging ${ctx.nick} through every phase of the game.`,
        ]);
    secondHalf += ` ${colour}`;
  }
  const sections = [`${lede} ${second}`, '## First half', firstHalf, '## Second half', secondHalf];
  if (extraSection) sections.push(eS != null ? '## Extra time and penalties' : '## Penalties', extraSection);
  sections.push('## Reaction', reaction);
  if (nextText) sections.push('## Up next', nextText);
  const facts = [
    `- **Competition:** ${m.competition}${m.round ? `, ${m.round}` : ''}`,
    `- **Venue:** ${venue ?? `${oppName} (away)`}`,
    `- **Kick-off:** ${kickOffText(m.time)}, ${longDate(m.date)}`,
  ];
  if (m.htHome != null) facts.push(`- **Half-time:** ${displayClub(m.home)} ${m.htHome}-${m.htAway} ${displayClub(m.away)}`);
  facts.push(
    `- **Full-time:** ${scoreText(m)}${m.etHome != null ? ` (${m.etHome}-${m.etAway} after extra time)` : ''}${m.penHome != null ? `, ${m.penHome}-${m.penAway} on penalties` : ''}`,
  );
  sections.push('## Match facts', facts.join('\n'));
  sections.push('## Line-up', `**${ctx.squadLabel}:** ${lineup}.${unused ? `\n\n**Subs not used:** ${unused}.` : ''}`);

  const body = sections.join('\n\n').replace(/ ,/g, ',').replace(/\.\./g, '.');
  const summary = (() => {
    const res =
      pS != null
        ? result === 'W'
          ? `won ${pS}-${pO} on penalties against ${oppName}`
          : `lost ${pO}-${pS} on penalties to ${oppName}`
        : result === 'W'
          ? `beat ${oppName} ${finalS}-${finalO}`
          : result === 'D'
            ? `drew ${finalS}-${finalO} with ${oppName}`
            : `lost ${finalO}-${finalS} to ${oppName}`;
    return `Report and reaction as ${ctx.name} ${res} ${home ? 'at home' : 'away'} ${compIn}${hS != null && pS == null ? ` (half-time ${hS}-${hO})` : ''}.`;
  })();
  return { title, summary, body, sim };
}

// ---------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------

function resultLine(x, { withOpponent = false } = {}) {
  const [s, o, , , es, eo, ps, po] = stokeScores(x);
  const fs = es ?? s;
  const fo = eo ?? o;
  const opp = oppFull(x);
  const pens = ps != null ? ` (${ps}-${po} on penalties)` : '';
  const w = x.result === 'W' ? `a ${fs}-${fo} win` : x.result === 'D' ? `a ${fs}-${fo} draw` : `a ${fo}-${fs} defeat`;
  let where;
  if (withOpponent) {
    where = x.stokeHome
      ? `${x.result === 'W' ? 'over' : x.result === 'D' ? 'with' : 'to'} ${opp} at the bet365 Stadium`
      : `${x.result === 'D' ? 'at' : x.result === 'W' ? 'at' : 'at'} ${opp}`;
    return `${w}${pens} ${where} on ${longDate(x.date, { year: false })}`;
  }
  where = x.stokeHome ? 'at the bet365 Stadium' : 'away from home';
  return `${w}${pens} ${where} in ${monthName(x.date)} ${x.date.slice(0, 4)}${x.competition !== 'Championship' ? ` (${competitionPhrase(x)})` : ''}`;
}

const NUM = (n) => (n <= 10 ? NUMBER_WORDS[n] : String(n));

export function writePreview(m, squad, teamMatches) {
  const ctx = TEAM_CTX[m.teamSlug];
  const r = rng(`preview:${m.teamSlug}:${m.date}`);
  const oppName = oppFull(m);
  const O_ = oppShort(m);
  const home = m.stokeHome;
  const comp = competitionPhrase(m);
  const matchday = m.round?.startsWith('Matchday') ? Number(m.round.split(' ')[1]) : null;
  const title = `Preview: ${home ? `${ctx.name} v ${oppName}` : `${oppName} v ${ctx.name}`}`;
  const compIn = comp === 'Championship' ? 'Championship' : comp;
  const intro = `${cap(ctx.nick)} ${home ? `welcome ${oppName} to the bet365 Stadium` : `travel to ${oppName}`} on ${longDate(m.date)} ${matchday === 1 ? 'to open their Championship campaign' : matchday === 46 ? 'on the final day of the Championship season' : `in the ${compIn}`}, with kick-off at ${kickOffText(m.time)}.`;
  const sections = [];
  const played = teamMatches.filter((x) => x.status === 'played' && x.date < m.date);
  const seasonPlayed = played.filter((x) => x.season === m.season);
  const lead = r.pick([
    `It promises to be an important afternoon for both sides.`,
    `${O_} arrive with a reputation as one of the division’s most organised sides.`,
    `Both clubs will be looking to build momentum.`,
  ]);
  sections.push(`${intro} ${home ? lead : lead.replace('arrive with', 'have')}`);

  // Form
  sections.push('## Form guide');
  if (seasonPlayed.length) {
    const last5 = seasonPlayed.slice(-5);
    const last = last5[last5.length - 1];
    const leagueGames = seasonPlayed.filter((x) => x.competition === 'Championship');
    const pts = leagueGames.reduce((acc, x) => acc + (x.result === 'W' ? 3 : x.result === 'D' ? 1 : 0), 0);
    sections.push(
      `${ctx.short} go into the game on the back of ${resultLine(last, { withOpponent: true })}. Their record in their last ${NUM(last5.length)} ${last5.length === 1 ? 'match' : 'matches'} reads ${last5.map((x) => x.result).join('-')}${leagueGames.length ? `, and they have collected ${pts} point${pts === 1 ? '' : 's'} from ${leagueGames.length} Championship game${leagueGames.length === 1 ? '' : 's'} so far this season` : ''}.`,
    );
  } else if (matchday && matchday > 1) {
    const after = teamMatches.find((x) => x.date > m.date);
    const afterText = after
      ? ` It is the first of ${after.stokeHome === home ? `two ${home ? 'home' : 'away'} matches` : 'two matches'} in ${NUM(Math.round((Date.parse(after.date) - Date.parse(m.date)) / 86400000) + 1)} days, with ${oppFull(after)} ${after.stokeHome ? 'visiting the bet365 Stadium' : 'away'} on ${weekdayOf(after.date)}.`
      : '';
    sections.push(
      `This is ${ctx.short}’s ${ordinal(matchday)} ${m.competition} fixture of the ${m.season} campaign, and the full run of results is on the Fixtures & Results page.${afterText} ${r.pick(['Consistency at home and away has been the focus on the training ground this week.', 'The squad has had a full week on the training ground to prepare.'])}`,
    );
  } else {
    sections.push(
      `This is ${ctx.short}’s first competitive match of the ${m.season} season after a pre-season programme that ${r.pick(['combined a training camp with a run of friendlies against varied opposition', 'built up minutes steadily and gave the new signings time to settle'])}.`,
    );
  }

  // Team news from the squad
  sections.push('## Team news');
  const season = m.season;
  const avail = squad.filter((p) => p.record.joined <= m.date);
  const out = avail.filter((p) => injuredOn(p, season, m.date)).slice(0, 2);
  const back = avail.filter((p) => !injuredOn(p, season, m.date) && injuredOn(p, season, addDays(m.date, -14))).slice(0, 1);
  const key = r.pick(avail.filter((p) => ['ST', 'AM', 'W'].includes(p.role) && !out.includes(p)));
  const tn = [];
  if (out.length) tn.push(`${listJoin(out.map((p) => `${p.record.firstName} ${p.record.lastName}`))} ${out.length === 1 ? 'remains' : 'remain'} sidelined.`);
  else tn.push(`${cap(ctx.coach)} reports a clean bill of health, with the whole squad available for selection.`);
  if (back.length) tn.push(`${back[0].record.firstName} ${back[0].record.lastName} is back in contention after returning to full training this week.`);
  if (key)
    tn.push(
      `${key.record.firstName} ${key.record.lastName}, ${r.pick(['in fine form in training', 'who has impressed in recent weeks', 'a constant threat in the final third'])}, is expected to ${key.role === 'ST' ? r.pick(['lead the line', 'start up front']) : r.pick(['feature again', 'be a key figure', 'start in the attacking midfield positions'])}.`,
    );
  sections.push(tn.join(' '));

  // Head-to-head
  const meetings = played.filter((x) => oppBase(x) === oppBase(m));
  sections.push(`## ${home ? 'The visitors' : 'The opposition'}`);
  if (meetings.length) {
    const lastMeet = meetings.slice(-3).reverse();
    sections.push(
      `The sides have met ${meetings.length === 1 ? 'once' : meetings.length === 2 ? 'twice' : `${NUM(meetings.length)} times`} since the start of the 2023/24 season. ${lastMeet.length === 1 ? 'That meeting' : `The last ${NUM(lastMeet.length)} meetings`}:\n\n${lastMeet.map((x) => `- **${monthName(x.date)} ${x.date.slice(0, 4)}:** ${scoreText(x)}${x.etHome != null ? ` (${x.etHome}-${x.etAway} after extra time)` : ''}${x.penHome != null ? `, ${x.penHome}-${x.penAway} on penalties` : ''} (${competitionPhrase(x)})`).join('\n')}`,
    );
    sections.push(
      r.pick([
        `${O_} will be well aware of the threat ${ctx.short} pose at set-pieces, and ${ctx.coach} expects another close contest.`,
        `${cap(ctx.coach)} has stressed the need to start quickly and keep the ball well against a side who like to counter-attack.`,
        `Recent meetings have been tight affairs, and fine margins are likely to decide this one too.`,
      ]),
    );
  } else {
    sections.push(
      `${r.pick([`${O_} like to press high and play with tempo,`, `${O_} are well drilled out of possession and dangerous on the break,`, `${O_} are a physical side who carry a real threat from set-pieces,`])} so ${ctx.coach} has stressed the importance of a strong start and a disciplined performance without the ball. ${r.pick(['Video analysis sessions this week have focused on their build-up play and movement in the final third.', 'The squad worked on defending set-pieces and quick transitions on the training ground this week.'])}`,
    );
  }

  // Ones to watch: season figures from the simulated results so far
  const seasonSims = seasonPlayed.map((x) => simulateMatch(x, squad));
  const tally = new Map();
  for (const sm of seasonSims) for (const g of sm.goals) if (g.side === 'stoke') tally.set(g.scorer, (tally.get(g.scorer) ?? 0) + 1);
  const topScorers = [...tally.entries()].sort((a, b) => b[1] - a[1]);
  sections.push('## One to watch');
  if (topScorers.length && topScorers[0][1] >= 2) {
    const [p, n] = topScorers[0];
    const apps = seasonSims.filter((sm) => sm.starters.includes(p) || sm.subs.some((x) => x.on === p)).length;
    sections.push(
      `${p.record.firstName} ${p.record.lastName} has been ${ctx.short}’s chief source of goals this season, with ${NUM(n)} in ${NUM(apps)} appearance${apps === 1 ? '' : 's'}. ${r.pick([`${p.record.lastName.replace(/^./, (c) => c.toUpperCase())}’s movement in the box will be key against a defence that likes to hold a high line.`, `If ${ctx.short} can supply the service, ${p.record.lastName} will fancy adding to that tally.`])}`,
    );
  } else {
    const p = key ?? squad[0];
    sections.push(
      `${p.record.firstName} ${p.record.lastName} ${r.pick(['has been in sparkling form on the training ground and looks ready to make an impact.', 'brings pace and directness that could trouble the opposition back line.'])} ${r.pick([`${cap(ctx.coach)} has praised the ${p.women ? 'player’s' : 'player’s'} work rate and attitude since the start of pre-season.`, 'Supporters will be hoping to see plenty of the ball at their feet in the final third.'])}`,
    );
  }

  // Tickets and how to follow
  sections.push('## Tickets and how to follow');
  if (m.teamSlug === '') {
    const [, gates] = addMinutes(m.date, m.time, -90);
    const [, coaches] = addMinutes(m.date, m.time, -240);
    sections.push(
      home
        ? `Turnstiles open at ${kickOffText(gates)}, 90 minutes before kick-off, and supporters are encouraged to arrive early to avoid queues. Shuttle buses run from Stoke-on-Trent railway station and the city centre, and the fan zone on the stadium concourse opens two hours before kick-off.`
        : `Official supporters’ coaches depart the bet365 Stadium at ${kickOffText(coaches)} on matchday and must be booked in advance through the Ticket Office. Please remember that away tickets are non-transferable without notifying the club.`,
    );
    sections.push(
      home
        ? `Tickets are available online, by phone and from the Ticket Office at the bet365 Stadium, which is open from 9am on matchday. Members and season ticket holders should remember to bring their digital or card tickets to the turnstiles. Supporters unable to attend can watch live on Stoke City+ where broadcast rules allow, or follow every kick with full commentary on the Audio Pass.`
        : `Tickets for the away section are sold to members first, with any remaining tickets released to general sale. Please check the away supporters’ guide before travelling. Supporters unable to make the trip can follow the match on Stoke City+, with live video where broadcast rules allow and full commentary on the Audio Pass.`,
    );
  } else {
    sections.push(`Admission details are on the club website and supporters are welcome. Highlights will be available on Stoke City+ after the final whistle.`);
  }
  const summary = `Team news, form and how to follow ${ctx.name}’s ${compIn} ${home ? 'home match against' : 'trip to'} ${oppName} on ${longDate(m.date, { year: false })}.`;
  return { title, summary, body: sections.join('\n\n') };
}

export function reportSlug(m) {
  return slugify(`report ${displayClub(m.home)} ${m.ftHome} ${m.ftAway} ${displayClub(m.away)} ${m.date.slice(0, 7)}`);
}
export function previewSlug(m) {
  return slugify(`preview ${displayClub(m.home)} v ${displayClub(m.away)} ${m.date.slice(0, 7)}`);
}
