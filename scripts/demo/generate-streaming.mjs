/**
 * Demo streaming catalogue: data/demo/videos.json, packages.json and faqs.json, titles from real
 * and demo results. Entitlements: '?' anyone, '*' any signed-in user, else 'subscription-video',
 * 'subscription-audio' or 'match-pass-<matchID>'. As of the dataset's as-of instant: no video
 * published after it; match passes for the club's next fixtures of that season.
 *   node scripts/demo/generate-streaming.mjs   (after generate-matches.mjs)
 */
import {
  readJson,
  writeJson,
  loadFirstTeamMatches,
  matchIdOf,
  displayClub,
  rng,
  hashString,
  addMinutes,
  isoLondon,
  longDate,
  kickOffText,
  publishedByAsOf,
  AS_OF,
  TODAY,
} from './lib.mjs';
import { buildRoster, simulateMatch } from './roster.mjs';

const first = loadFirstTeamMatches();
const demo = readJson('data/demo/matches.json').map((m) => ({ ...m, matchID: matchIdOf(m) }));
const findFirst = (date) => first.find((m) => m.date === date);
const findDemo = (team, date) => demo.find((m) => m.teamSlug === team && m.date === date);

const entryId = (seed) => `0_${hashString(seed).toString(36).padStart(7, '0')}`;
const score = (m) => `${displayClub(m.home)} ${m.ftHome}-${m.ftAway} ${displayClub(m.away)}`;
const pens = (m) => (m.penHome != null ? ` (${m.penHome}-${m.penAway} pens)` : m.etHome != null ? ` (${m.etHome}-${m.etAway} aet)` : '');

const videos = [];
function add({ title, seconds, ent, category, teamSlug = '', matchID, description, date, time }) {
  const id = entryId(`${category}:${title}`);
  const created = isoLondon(date, time);
  videos.push({
    metaData: { title, VideoDuration: seconds, SysEntryEntitlements: ent, description, category, teamSlug, ...(matchID ? { matchID } : {}) },
    mediaData: { entryId: id, thumbnailUrl: `videos/${id}.svg` },
    publicationData: { createdAt: created, releaseFrom: created },
    demo: true,
  });
}

// Highlights of real First Team matches (free or sign-in only)
const HIGHLIGHTS = [
  '2026-08-22',
  '2026-08-15',
  '2026-05-02',
  '2026-04-03',
  '2026-03-14',
  '2026-03-10',
  '2026-01-01',
  '2025-12-13',
  '2025-11-25',
  '2025-11-04',
  '2025-11-01',
  '2025-10-18',
  '2025-08-23',
  '2025-08-09',
  '2025-02-08',
  '2024-10-02',
  '2023-08-05',
];
for (const date of HIGHLIGHTS) {
  const m = findFirst(date);
  const r = rng(`hl:${date}`);
  const [d, t] = addMinutes(m.date, m.time, 180);
  add({
    title: `Highlights: ${score(m)}${pens(m)}`,
    seconds: r.int(150, 540),
    ent: date >= '2025-08-01' ? ['?'] : ['*'],
    category: 'highlights',
    matchID: m.matchID,
    description: `Extended highlights of ${score(m)}${pens(m)} in the ${m.competition}, ${longDate(m.date)}.`,
    date: d,
    time: t,
  });
}

// Full match replays (subscribers)
const REPLAYS = ['2026-08-22', '2026-08-15', '2026-05-02', '2026-04-03', '2026-03-14', '2026-03-10', '2026-01-01', '2025-11-01', '2025-08-09'];
for (const date of REPLAYS) {
  const m = findFirst(date);
  const r = rng(`fm:${date}`);
  const [d, t] = addMinutes(m.date, '09:00', 24 * 60);
  add({
    title: `Full match replay: ${score(m)}`,
    seconds: r.int(6300, 7200),
    ent: ['subscription-video'],
    category: 'full-match-replays',
    matchID: m.matchID,
    description: `Watch every minute of ${score(m)} (${m.competition}, ${longDate(m.date)}), including the build-up and post-match analysis.`,
    date: d,
    time: t,
  });
}

// Interviews and press conferences. The goal-of-the-month clip names the simulated scorer of
// the best-looking goal in the 5-1 win over Bristol City, so it agrees with the match report.
function goalOfTheMonth() {
  const m = findFirst('2025-11-01');
  const squad = buildRoster().filter((p) => p.record.teamSlug === '');
  const goals = simulateMatch(m, squad).goals.filter((g) => g.side === 'stoke');
  const g = goals.find((x) => ['long', 'curler', 'freekick'].includes(x.kind)) ?? goals[0];
  return `Goal of the month nominee: ${g.scorer.record.lastName} v Bristol City`;
}

const INTERVIEWS = [
  ['Reaction: the head coach on the 3-1 win over Watford', 214, ['?'], '2026-03-14', '17:40', 'interviews'],
  ['Reaction: Pemberton on a New Year’s Day win at Hull', 168, ['?'], '2026-01-01', '17:55', 'interviews'],
  ['In focus: Anders Lindqvist, the full interview', 1260, ['subscription-video'], '2026-01-20', '18:00', 'interviews'],
  [goalOfTheMonth(), 45, ['?'], '2025-11-28', '12:00', 'interviews'],
  ['Behind the scenes: pre-season training camp', 905, ['*'], '2025-07-24', '18:00', 'interviews'],
  ['Press conference: head coach previews Southampton', 1050, ['*'], '2026-08-20', '13:30', 'press-conferences'],
  ['Press conference: head coach previews Swansea City', 1190, ['*'], '2026-08-13', '13:30', 'press-conferences'],
  ['Press conference: head coach previews Bristol City', 1140, ['*'], '2026-04-30', '13:30', 'press-conferences'],
  ['Press conference: head coach previews Portsmouth', 980, ['*'], '2026-04-23', '13:30', 'press-conferences'],
  ['Press conference: head coach previews Millwall', 1320, ['*'], '2026-04-19', '13:30', 'press-conferences'],
];
for (const [title, seconds, ent, date, time, category] of INTERVIEWS) {
  add({ title, seconds, ent, category, description: title, date, time });
}

// Academy and Women highlights (demo results)
for (const [team, date, category] of [
  ['u21', '2025-10-27', 'academy'],
  ['u18', '2025-12-04', 'academy'],
  ['women', '2026-03-29', 'women'],
  ['women', '2026-01-18', 'women'],
]) {
  const m = findDemo(team, date);
  const label = { u21: 'Under-21s', u18: 'Under-18s', women: 'Women' }[team];
  const [d, t] = addMinutes(m.date, m.time, 24 * 60);
  add({
    title: `${label} highlights: ${score(m)}${pens(m)}`,
    seconds: rng(`demo-hl:${team}:${date}`).int(120, 420),
    ent: ['?'],
    category,
    teamSlug: team,
    matchID: m.matchID,
    description: `Highlights of ${score(m)} in the ${m.competition}.`,
    date: d,
    time: t,
  });
}
videos.sort((a, b) => b.publicationData.createdAt.localeCompare(a.publicationData.createdAt));
for (const v of videos) {
  if (!publishedByAsOf(v.publicationData.createdAt)) throw new Error(`video '${v.metaData.title}' is published after the as-of instant ${AS_OF}`);
}

// ---------------------------------------------------------------------------
// Packages
// ---------------------------------------------------------------------------

const success = '/videos/subscriptions?checkout=success';
const cancelled = '/videos/subscriptions?checkout=cancelled';
const packages = [
  {
    id: 'pkg-stoke-city-plus-monthly',
    mode: 'subscription',
    attributes: {
      title: 'Stoke City+ Monthly',
      description:
        '<p>Every First Team match live where broadcast rules allow, full match replays and live audio commentary.</p><ul><li>Cancel at any time</li><li>Watch on two devices at once</li></ul>',
      successfulPaymentPage: success,
      cancelledPaymentPage: cancelled,
      styleData: { displayType: 'icon-only', icon: 'play', customLabel: null, backgroundImageKey: null, styleMode: 'dark' },
      imageData: { landscape: { imageKey: 'packages/monthly-landscape.svg' } },
      priceData: [
        {
          id: 'price_monthly_999',
          type: 'recurring',
          priceDisplay: '£9.99 per month',
          offer: null,
          furtherInformation: 'Renews monthly until cancelled.',
          backsideText: 'Includes live video, full match replays, live audio commentary and exclusive interviews.',
          accessData: { entitlements: ['subscription-video', 'subscription-audio'] },
        },
      ],
    },
    demo: true,
  },
  {
    id: 'pkg-stoke-city-plus-season',
    mode: 'subscription',
    attributes: {
      title: 'Stoke City+ Season Pass 2026/27',
      description:
        '<p>The best-value way to follow the Potters all season: every First Team match live where broadcast rules allow, every replay and live commentary.</p><ul><li>Pay once or spread the cost</li><li>Includes the Audio Pass</li></ul>',
      successfulPaymentPage: success,
      cancelledPaymentPage: cancelled,
      styleData: {
        displayType: 'background-image',
        icon: null,
        customLabel: 'Best value',
        backgroundImageKey: 'packages/season-background.svg',
        styleMode: 'light',
      },
      imageData: { landscape: { imageKey: 'packages/season-landscape.svg' } },
      priceData: [
        {
          id: 'price_season_7999',
          type: 'recurring',
          priceDisplay: '£79.99 per season',
          offer: 'Save over 30% against monthly',
          furtherInformation: 'Renews each season until cancelled.',
          backsideText: 'Covers every First Team match of the 2026/27 season, including cup ties where rights allow.',
          accessData: { entitlements: ['subscription-video', 'subscription-audio'] },
        },
        {
          id: 'price_season_10x899',
          type: 'recurring',
          priceDisplay: '£8.99 per month for 10 months',
          offer: null,
          furtherInformation: 'Ten monthly payments; minimum term 10 months.',
          backsideText: 'The same season-long access, spread across ten monthly payments.',
          accessData: { entitlements: ['subscription-video', 'subscription-audio'] },
        },
      ],
    },
    demo: true,
  },
  {
    id: 'pkg-stoke-city-plus-audio',
    mode: 'subscription',
    attributes: {
      title: 'Stoke City+ Audio Pass',
      description:
        '<p>Live audio commentary of every First Team match, wherever you are in the world.</p><ul><li>Every league and cup match</li><li>Cancel at any time</li></ul>',
      successfulPaymentPage: success,
      cancelledPaymentPage: cancelled,
      styleData: { displayType: 'icon-only', icon: 'headphones', customLabel: null, backgroundImageKey: null, styleMode: 'dark' },
      imageData: { landscape: { imageKey: 'packages/audio-landscape.svg' } },
      priceData: [
        {
          id: 'price_audio_399',
          type: 'recurring',
          priceDisplay: '£3.99 per month',
          offer: null,
          furtherInformation: 'Renews monthly until cancelled.',
          backsideText: 'Live commentary only. Video is not included.',
          accessData: { entitlements: ['subscription-audio'] },
        },
      ],
    },
    demo: true,
  },
];
// Match passes: the club's next two fixtures of the as-of instant's season, First Team first.
const seasonOfDate = (date) => {
  const y = Number(date.slice(0, 4));
  const start = Number(date.slice(5, 7)) >= 7 ? y : y - 1;
  return `${start}/${String(start + 1).slice(2)}`;
};
const upcoming = (list) => list.filter((m) => m.season === seasonOfDate(TODAY) && m.date > TODAY);
const passFixtures = [...upcoming(first), ...upcoming(demo)].slice(0, 2);
for (const m of passFixtures) {
  const opp = displayClub(m.opponent);
  packages.push({
    id: `pkg-match-pass-${m.matchID}`,
    mode: 'match-pass',
    attributes: {
      title: `Match Pass: ${displayClub(m.home)} v ${displayClub(m.away)}`,
      description: `<p>Watch ${displayClub(m.home)} v ${displayClub(m.away)} live on ${longDate(m.date)} (kick-off ${kickOffText(m.time)}), where broadcast rules allow, plus the full replay for 7 days.</p>`,
      successfulPaymentPage: success,
      cancelledPaymentPage: cancelled,
      styleData: { displayType: 'icon-only', icon: 'ticket', customLabel: 'Single match', backgroundImageKey: null, styleMode: 'light' },
      imageData: { landscape: { imageKey: `packages/match-pass-${m.matchID}.svg` } },
      priceData: [
        {
          id: `price_match_pass_${m.date.replaceAll('-', '')}`,
          type: 'one-off',
          priceDisplay: '£10.00',
          offer: null,
          furtherInformation: `One-off payment for the ${opp} match only.`,
          backsideText: 'If the match is not shown live in your country, your pass is refunded automatically.',
          accessData: { entitlements: [`match-pass-${m.matchID}`] },
        },
      ],
    },
    demo: true,
  });
}

// ---------------------------------------------------------------------------
// FAQs (written for Stoke City+; not the seed's other-club text)
// ---------------------------------------------------------------------------

const FAQS = [
  [
    'What is Stoke City+?',
    'Stoke City+ is the club’s official streaming service. Subscribers can watch First Team matches live where broadcast rules allow, catch up with full match replays, listen to live audio commentary of every First Team match and enjoy exclusive interviews and features. Highlights, press conferences and many interviews are free for everyone.',
  ],
  [
    'Which matches can I watch live?',
    'Live video depends on the broadcast rights for each match and on the country you are watching from. The fixture card for every match on Stoke City+ shows whether it will be available live where you are, and we confirm this at least 48 hours before kick-off. Live audio commentary is available for every First Team match in every country.',
  ],
  [
    'When are full match replays available?',
    'Full match replays are published from 9am on the morning after the match and stay available for the rest of the season. Extended highlights are usually available within three hours of the final whistle.',
  ],
  [
    'What is the difference between a subscription and a match pass?',
    'A subscription (monthly or season) gives access to every match and the full replay library for as long as it is active. A match pass is a one-off payment for a single match, including the live stream where available and the replay for seven days afterwards.',
  ],
  [
    'Which devices can I watch on?',
    'You can watch in the latest versions of Chrome, Edge, Firefox and Safari on computers, phones and tablets, and cast to a compatible TV. You can be signed in on several devices, but you can stream on up to two devices at the same time.',
  ],
  [
    'How do I redeem a voucher?',
    'Sign in with your MyStoke account, go to the Stoke City+ page and choose Redeem a voucher. Enter your code exactly as shown. The pass is added to your account immediately. Voucher codes can be used once and cannot be exchanged for cash.',
  ],
  [
    'How do I cancel or change my subscription?',
    'Go to your account and choose View Subscriptions. You can cancel at any time and keep access until the end of the period you have paid for. To switch from monthly to a season pass, cancel your monthly subscription and buy the season pass; we will credit any unused days.',
  ],
  [
    'The stream will not play. What should I do?',
    'Check that you are signed in and that your subscription or match pass is active. Refresh the page, close other tabs that are streaming, and make sure your browser is up to date. A connection of at least 5 Mbps is recommended for HD. If the problem continues, contact support@stokecity.example with your device, browser and the match you were watching.',
  ],
];
const faqs = FAQS.map(([title, body], i) => ({ group: 'live-streaming', order: i + 1, title, body, demo: true }));

writeJson('data/demo/videos.json', videos);
writeJson('data/demo/packages.json', packages);
writeJson('data/demo/faqs.json', faqs);
const byCat = {};
for (const v of videos) byCat[v.metaData.category] = (byCat[v.metaData.category] ?? 0) + 1;
console.log(`streaming: videos ${videos.length} ${JSON.stringify(byCat)}, packages ${packages.length}, faqs ${faqs.length}`);
