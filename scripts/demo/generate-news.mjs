/**
 * Demo news articles: data/demo/news/<slug>.md (YAML front matter + Markdown). First Team reports
 * and previews come from the real results (data/real) with the fictional squad, Academy and Women
 * reports from the demo results, reviews and squad numbers are computed, the rest is hand-written
 * (content/news-editorial.mjs). Only what is published by the dataset's as-of instant is written.
 *   node scripts/demo/generate-news.mjs   (after generate-matches.mjs and generate-players.mjs)
 */
import { buildRoster, simulateMatch, stokeScores } from './roster.mjs';
import {
  writeReport,
  writePreview,
  reportSlug,
  previewSlug,
  reportPublished,
  previewPublished,
  oppFull,
  TEAM_CTX,
  competitionPhrase,
} from './match-writer.mjs';
import { EDITORIAL } from './content/news-editorial.mjs';
import { newsScene, SCENE_ALT } from './art.mjs';
import {
  readJson,
  loadFirstTeamMatches,
  matchIdOf,
  cleanDir,
  writeText,
  markdownDoc,
  isoLondon,
  wordCount,
  longDate,
  kickOffText,
  TODAY,
  monthName,
  publishedByAsOf,
} from './lib.mjs';

const roster = buildRoster();
const squadOf = (t) => roster.filter((p) => p.record.teamSlug === t);
const firstTeam = loadFirstTeamMatches();
const demoMatches = readJson('data/demo/matches.json').map((m) => ({ ...m, matchID: matchIdOf(m) }));
const matchesOf = (t) => (t === '' ? firstTeam : demoMatches.filter((m) => m.teamSlug === t));
const find = (t, date) => {
  const m = matchesOf(t).find((x) => x.date === date);
  if (!m) throw new Error(`no ${t || 'first-team'} match on ${date}`);
  return m;
};

const REPORTS = {
  '': [
    '2023-08-05',
    '2023-08-08',
    '2023-08-29',
    '2023-09-30',
    '2023-10-25',
    '2023-12-26',
    '2024-01-06',
    '2024-02-03',
    '2024-04-20',
    '2024-05-04',
    '2024-08-10',
    '2024-08-27',
    '2024-09-17',
    '2024-10-02',
    '2024-10-29',
    '2025-01-11',
    '2025-02-08',
    '2025-03-29',
    '2025-04-21',
    '2025-05-03',
    '2025-08-09',
    '2025-08-23',
    '2025-10-18',
    '2025-11-01',
    '2025-11-04',
    '2025-11-25',
    '2025-12-06',
    '2026-01-01',
    '2026-03-10',
    '2026-03-14',
    '2026-04-03',
    '2026-05-02',
    '2026-08-15',
    '2026-08-22',
  ],
  u21: ['2025-10-27', '2026-08-10', '2026-10-12', '2026-11-09'],
  u18: ['2025-12-04', '2026-08-22', '2026-11-14'],
  women: ['2026-01-18', '2026-03-29', '2026-11-15'],
};
const PREVIEWS = [
  '2023-08-05',
  '2023-10-25',
  '2024-01-06',
  '2024-08-10',
  '2025-01-11',
  '2025-08-09',
  '2025-11-01',
  '2026-03-10',
  '2026-08-15',
  '2026-08-22',
  '2026-08-29',
  '2026-09-19',
  '2026-10-24',
  '2026-11-07',
  '2026-11-21',
];

const articles = [];
const add = (a) => articles.push(a);

for (const [team, dates] of Object.entries(REPORTS)) {
  for (const date of dates) {
    const m = find(team, date);
    if (m.status !== 'played') continue; // not played by the as-of instant: no report yet
    const rep = writeReport(m, squadOf(team), matchesOf(team));
    const slug = reportSlug(m);
    add({
      slug,
      title: rep.title,
      summary: rep.summary,
      published_date: reportPublished(m),
      categories: ['match-reports', TEAM_CTX[team].category],
      teamSlugs: [team],
      imageData: { key: `news/${slug}.svg` },
      author: team === '' ? 'Club Media Team' : team === 'women' ? 'Club Media Team' : 'Academy Media',
      matchID: m.matchID,
      body: rep.body,
    });
  }
}

for (const date of PREVIEWS) {
  const m = find('', date);
  const pv = writePreview(m, squadOf(''), firstTeam);
  const slug = previewSlug(m);
  add({
    slug,
    title: pv.title,
    summary: pv.summary,
    published_date: previewPublished(m),
    categories: ['match-previews', 'first-team'],
    teamSlugs: [''],
    imageData: { key: `news/${slug}.svg` },
    author: 'Club Media Team',
    matchID: m.matchID,
    body: pv.body,
  });
}

// ---------------------------------------------------------------------------
// Computed club stories
// ---------------------------------------------------------------------------

const POS_LABEL = { Goalkeeper: 'Goalkeepers', Defender: 'Defenders', Midfielder: 'Midfielders', Forward: 'Forwards' };

function squadNumbersArticle() {
  const cutoff = '2023-08-01';
  const squad = squadOf('')
    .filter((p) => p.record.joined <= cutoff)
    .map((p) => p.record)
    .sort((a, b) => a.shirtNumber - b.shirtNumber);
  const groups = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'].map((pos) => {
    const list = squad.filter((p) => p.position === pos).map((p) => `- **${p.shirtNumber}** ${p.firstName} ${p.lastName}`);
    return `## ${POS_LABEL[pos]}\n\n${list.join('\n')}`;
  });
  const newcomers = squad.filter((p) => p.joined === '2023-07-01' && !roster.find((x) => x.record === p)?.academy);
  const body = [
    `Stoke City have confirmed squad numbers for the 2023/24 Championship season, which begins with the visit of Rotherham United to the bet365 Stadium on Saturday 5 August.`,
    `Summer signings ${newcomers
      .slice(0, -1)
      .map((p) => `${p.firstName} ${p.lastName}`)
      .join(
        ', ',
      )} and ${newcomers.at(-1).firstName} ${newcomers.at(-1).lastName} have been allocated their numbers, and Academy graduates Harvey Pennington and Frankie Holloway have been given squad numbers for the first time after impressing during pre-season.`,
    `Club captain Rhys Pemberton keeps the number 16 shirt he has worn since arriving in 2021, while goalkeeper Callum Ashworth continues in the number 1 jersey for a second season.`,
    ...groups,
    `## Printing`,
    `Name and number printing for every member of the squad is available now in the club shop at the bet365 Stadium and online. In-store printing takes around 20 minutes on non-matchdays; please allow extra time on matchdays, when the shop opens three hours before kick-off. Members receive 10% off printing as part of their membership benefits.`,
    `Further numbers will be confirmed if the squad is strengthened before the transfer window closes. The full squad list, with player profiles and statistics, is available in the Teams section of the website.`,
  ].join('\n\n');
  return {
    slug: 'squad-numbers-confirmed-for-2023-24',
    title: 'Squad numbers confirmed for 2023/24',
    summary: 'The Potters’ squad numbers for the 2023/24 Championship season, including numbers for the summer signings and two Academy graduates.',
    published_date: isoLondon('2023-08-01', '12:00'),
    categories: ['club-news', 'first-team'],
    teamSlugs: [''],
    imageData: { key: 'news/squad-numbers-confirmed-for-2023-24.svg' },
    author: 'Club Media Team',
    body,
  };
}

function leagueTable(season) {
  const all = readJson('data/real/championship-matches.json').filter((m) => m.season === season && m.stage === 'Regular season' && m.status === 'played');
  const t = new Map();
  const row = (c) => t.get(c) ?? (t.set(c, { club: c, p: 0, pts: 0, gf: 0, ga: 0 }), t.get(c));
  for (const m of all) {
    const h = row(m.home);
    const a = row(m.away);
    h.p++;
    a.p++;
    h.gf += m.ftHome;
    h.ga += m.ftAway;
    a.gf += m.ftAway;
    a.ga += m.ftHome;
    if (m.ftHome > m.ftAway) h.pts += 3;
    else if (m.ftHome < m.ftAway) a.pts += 3;
    else {
      h.pts++;
      a.pts++;
    }
  }
  return [...t.values()].sort((x, y) => y.pts - x.pts || y.gf - y.ga - (x.gf - x.ga) || y.gf - x.gf);
}

const WORDS = ['none', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const ORD = (n) => n + (['th', 'st', 'nd', 'rd'][((n % 100) - 20) % 10] || ['th', 'st', 'nd', 'rd'][n % 100] || 'th');

function seasonReview(season, pubDate, showPosition) {
  const played = firstTeam.filter((m) => m.season === season && m.status === 'played');
  const league = played.filter((m) => m.competition === 'Championship');
  const rec = (list) => ({
    w: list.filter((m) => m.result === 'W').length,
    d: list.filter((m) => m.result === 'D').length,
    l: list.filter((m) => m.result === 'L').length,
  });
  const all = rec(league);
  const home = rec(league.filter((m) => m.stokeHome));
  const away = rec(league.filter((m) => !m.stokeHome));
  let gf = 0;
  let ga = 0;
  for (const m of league) {
    const [s, o] = stokeScores(m);
    gf += s;
    ga += o;
  }
  const pts = all.w * 3 + all.d;
  const table = leagueTable(season);
  const pos = table.findIndex((r) => r.club === 'Stoke City FC') + 1;
  const best = played
    .filter((m) => m.result === 'W')
    .map((m) => ({ m, s: stokeScores(m) }))
    .sort((a, b) => b.s[0] - b.s[1] - (a.s[0] - a.s[1]) || b.s[0] - a.s[0])[0];
  let run = 0;
  let bestRun = 0;
  let runEnd = null;
  for (const m of league) {
    run = m.result === 'L' ? 0 : run + 1;
    if (run > bestRun) {
      bestRun = run;
      runEnd = m;
    }
  }
  // Simulated season figures for the fictional squad
  const squad = squadOf('');
  const goals = new Map();
  const apps = new Map();
  for (const m of played) {
    const sim = simulateMatch(m, squad);
    for (const p of [...sim.starters, ...sim.subs.map((x) => x.on)]) apps.set(p, (apps.get(p) ?? 0) + 1);
    for (const g of sim.goals) if (g.side === 'stoke') goals.set(g.scorer, (goals.get(g.scorer) ?? 0) + 1);
  }
  const [top, topN] = [...goals.entries()].sort((a, b) => b[1] - a[1])[0];
  const [ever, everN] = [...apps.entries()].sort((a, b) => b[1] - a[1])[0];
  const cups = played.filter((m) => m.competition !== 'Championship');
  const cupText = cups.length
    ? (() => {
        const byComp = {};
        for (const m of cups) (byComp[m.competition] ??= []).push(m);
        return Object.entries(byComp)
          .map(([c, list]) => {
            const last = list.at(-1);
            const exit =
              last.result === 'L'
                ? `went out in the ${competitionPhrase(last).replace(`${c} `, '')} against ${oppFull(last)}`
                : `reached the ${competitionPhrase(last).replace(`${c} `, '')}`;
            const wins = list.filter((m) => m.result === 'W').length;
            return `In the ${c}, the Potters won ${WORDS[wins]} of ${WORDS[list.length]} ${list.length === 1 ? 'tie' : 'ties'} and ${exit}.`;
          })
          .join(' ');
      })()
    : 'The openfootball dataset used for this site does not include cup results for this season, so this review covers the league campaign.';
  const last = league.at(-1);
  const lastS = stokeScores(last);
  const bestS = best.s;
  const body = [
    `The ${season} Championship season is over, and it is time to look back on a campaign in which the Potters ${showPosition ? `finished ${ORD(pos)} with ${pts} points` : `collected ${pts} points from their 46 league matches`}.`,
    `## The numbers`,
    `- **League record:** won ${all.w}, drawn ${all.d}, lost ${all.l}\n- **Goals:** ${gf} scored, ${ga} conceded\n- **Home:** won ${home.w}, drawn ${home.d}, lost ${home.l}\n- **Away:** won ${away.w}, drawn ${away.d}, lost ${away.l}\n- **Points:** ${pts}`,
    `## Highlights`,
    `The biggest win of the season was the ${bestS[0]}-${bestS[1]} ${best.m.stokeHome ? 'home' : 'away'} victory over ${oppFull(best.m)} on ${longDate(best.m.date)}${competitionPhrase(best.m) === 'Championship' ? '' : ` in the ${competitionPhrase(best.m)}`}. The longest unbeaten league run stretched to ${WORDS[bestRun] ?? bestRun} matches, ending with the ${runEnd.stokeHome ? 'home' : 'away'} game against ${oppFull(runEnd)} in ${monthName(runEnd.date)}.`,
    cupText,
    `## Players of the season`,
    `${top.record.firstName} ${top.record.lastName} finished as top scorer with ${topN} goals in all competitions, while ${ever.record.firstName} ${ever.record.lastName} made the most appearances, featuring ${everN} times. ${ever === top ? 'A remarkable season of consistency and goals.' : `Both were recognised at the club’s end-of-season awards, where supporters’ votes decided the Player of the Season.`}`,
    `## The final day`,
    `The campaign ended ${last.stokeHome ? 'at the bet365 Stadium' : 'away from home'} against ${oppFull(last)} on ${longDate(last.date)}, ${last.result === 'W' ? `a ${lastS[0]}-${lastS[1]} win sending supporters into the summer in good spirits` : last.result === 'D' ? `a ${lastS[0]}-${lastS[1]} draw bringing the season to a close` : `a ${lastS[1]}-${lastS[0]} defeat bringing the season to a disappointing close`}.`,
    `## Looking ahead`,
    `${'The head coach'} thanked supporters for their backing home and away and said planning for next season was already well under way. “There are positives we can build on and areas where we know we must be better,” he said. “The summer is important, and we’ll be working hard to give the supporters a team they can be proud of.” Retained list details and pre-season fixtures will be confirmed in the coming weeks.`,
  ].join('\n\n');
  const slug = `season-review-${season.replace('/', '-')}`;
  return {
    slug,
    title: `Season review: ${season} in numbers`,
    summary: `Results, records, top scorers and the key moments of the Potters’ ${season} season, from the opening day to the final whistle.`,
    published_date: isoLondon(pubDate, '10:00'),
    categories: ['first-team', 'club-news'],
    teamSlugs: [''],
    imageData: { key: `news/${slug}.svg` },
    author: 'Club Media Team',
    body,
  };
}

function fixturesRelease(season, pubDate) {
  const list = firstTeam.filter((m) => m.season === season && m.competition === 'Championship');
  const first = list[0];
  const aug = list.filter((m) => m.date.slice(5, 7) === '08');
  const line = (m) => `- **${longDate(m.date)}:** ${m.stokeHome ? `${oppFull(m)} (H)` : `${oppFull(m)} (A)`}, ${kickOffText(m.time)}`;
  const boxing = list.find((m) => m.date.slice(5) === '12-26');
  const ny = list.find((m) => m.date.slice(5) === '01-01');
  const last = list.at(-1);
  const festive = [
    boxing && `On Boxing Day the Potters ${boxing.stokeHome ? `host ${oppFull(boxing)}` : `travel to ${oppFull(boxing)}`}`,
    ny && `and on New Year’s Day they ${ny.stokeHome ? `welcome ${oppFull(ny)}` : `visit ${oppFull(ny)}`}`,
  ]
    .filter(Boolean)
    .join(' ');
  const body = [
    `The ${season} Championship fixtures have been released, and the Potters will begin the campaign ${first.stokeHome ? `at home to ${oppFull(first)}` : `away at ${oppFull(first)}`} on ${longDate(first.date)}.`,
    `## Opening month`,
    aug.map(line).join('\n'),
    `## Festive fixtures`,
    `${festive}.`,
    `## The final day`,
    `The regular season ends on ${longDate(last.date)}, when Stoke ${last.stokeHome ? `host ${oppFull(last)} at the bet365 Stadium` : `travel to ${oppFull(last)}`}.`,
    `## Midweek matches`,
    `The schedule includes ${list.filter((m) => ['Tuesday', 'Wednesday'].includes(new Date(`${m.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }))).length} midweek league fixtures, with ${list.filter((m) => m.stokeHome).length} matches at the bet365 Stadium and ${list.filter((m) => !m.stokeHome).length} on the road. Supporters travelling to evening away games are reminded that official coaches can be booked through the Ticket Office once tickets go on sale.`,
    `## Subject to change`,
    `All fixtures are subject to change for television coverage, cup commitments and police advice. Kick-off times for matches selected for live broadcast will be confirmed in batches during the season, and any changes will be published on the Matches page and in the club app. Supporters are advised not to book non-refundable travel until fixtures have been confirmed.`,
    `## Tickets and Stoke City+`,
    `Season tickets and memberships for ${season} are on sale now through your MyStoke account, by phone or at the Ticket Office. Supporters who cannot get to games can follow every match on Stoke City+, with live video where broadcast rules allow, full match replays and live audio commentary.`,
    `The full fixture list is available on the Matches page, where you can also add fixtures to your calendar.`,
  ].join('\n\n');
  const slug = `${season.replace('/', '-')}-fixtures-released`;
  return {
    slug,
    title: `${season} fixtures released: ${oppFull(first)} first up`,
    summary: `The Potters open the ${season} Championship season ${first.stokeHome ? 'at home to' : 'away at'} ${oppFull(first)} on ${longDate(first.date, { weekday: false })}. See the opening fixtures, the festive programme and the final day.`,
    published_date: isoLondon(pubDate, '09:00'),
    categories: ['first-team', 'club-news'],
    teamSlugs: [''],
    imageData: { key: `news/${slug}.svg` },
    author: 'Club Media Team',
    body,
  };
}

add(squadNumbersArticle());
add(seasonReview('2023/24', '2024-05-06', true));
add(seasonReview('2024/25', '2025-05-06', true));
add(seasonReview('2025/26', '2026-05-05', false));
add(fixturesRelease('2024/25', '2024-06-26'));
add(fixturesRelease('2025/26', '2025-06-24'));
add(fixturesRelease('2026/27', '2026-06-24'));

for (const e of EDITORIAL) {
  add({
    slug: e.slug,
    title: e.title,
    summary: e.summary,
    published_date: isoLondon(e.date, e.time),
    categories: e.categories,
    teamSlugs: e.teamSlugs,
    imageData: { key: `news/${e.slug}.svg` },
    author: e.author,
    locked: e.locked,
    body: e.body,
  });
}

// ---------------------------------------------------------------------------
// Write: what is published by the as-of instant
// ---------------------------------------------------------------------------

const heldBack = articles.filter((a) => !publishedByAsOf(a.published_date));
articles.splice(0, articles.length, ...articles.filter((a) => publishedByAsOf(a.published_date)));
articles.sort((a, b) => a.published_date.localeCompare(b.published_date));
const slugs = new Set();
const problems = [];
cleanDir('data/demo/news');
for (const a of articles) {
  if (slugs.has(a.slug)) throw new Error(`duplicate news slug ${a.slug}`);
  slugs.add(a.slug);
  if (!publishedByAsOf(a.published_date)) problems.push(`${a.slug}: published after the as-of instant`);
  const words = wordCount(a.body);
  if (words < 250 || words > 600) problems.push(`${a.slug}: ${words} words`);
  const fm = {
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    published_date: a.published_date,
    categories: a.categories,
    teamSlugs: a.teamSlugs,
    // The image is a text-free scene chosen by category (art.mjs); its alt text says what it shows.
    imageData: { key: a.imageData.key, alt: SCENE_ALT[newsScene(a.imageData.key, a.categories[0])] },
    author: a.author,
    matchID: a.matchID,
    locked: a.locked,
    demo: true,
  };
  writeText(`data/demo/news/${a.slug}.md`, markdownDoc(fm, a.body));
}
const count = (c) => articles.filter((a) => a.categories.includes(c)).length;
console.log(
  `news: ${articles.length} articles published by ${TODAY}, ${heldBack.length} dated later held back (reports ${count('match-reports')}, previews ${count('match-previews')}, academy ${count('academy')}, women ${count('women')}, foundation ${count('community')}, tickets ${count('tickets')}, commercial ${count('commercial')}, interviews ${count('interviews')}, jobs ${count('job-vacancies')})`,
);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
