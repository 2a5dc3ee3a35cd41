/**
 * Club configuration: data/club/*.json (site and platform settings, teams, competitions,
 * menus, news and video categories, streamer page). Static content, no randomness.
 *
 *   node scripts/demo/generate-club.mjs
 */
import { writeJson } from './lib.mjs';

const SHOP = 'https://shop.stokecity.example';
const TICKETS = 'https://tickets.stokecity.example';
const EVENTS = 'https://events.stokecity.example';

// ---------------------------------------------------------------------------
// Site settings
// ---------------------------------------------------------------------------

const siteSettings = {
  socialLinks: {
    facebook: 'https://www.facebook.com/stokecity',
    x: 'https://x.com/stokecity',
    instagram: 'https://www.instagram.com/stokecity',
    youtube: 'https://www.youtube.com/@stokecity',
    tiktok: 'https://www.tiktok.com/@stokecity',
    linkedin: 'https://www.linkedin.com/company/stoke-city-football-club',
  },
  kitImages: {
    home: 'kit/home.svg',
    away: 'kit/away.svg',
    third: 'kit/third.svg',
    goalkeeper: 'kit/goalkeeper.svg',
  },
  placeholderImages: {
    default: 'placeholder.svg',
    news: 'placeholders/news.svg',
    player: 'placeholders/player.svg',
    video: 'placeholders/video.svg',
  },
  pageTitles: {
    home: 'Stoke City FC | Official Website of the Potters',
    news: 'Latest News',
    category: 'News',
    matches: 'Fixtures & Results',
    matchCentre: 'Match Centre',
    teams: 'Teams',
    players: 'Players',
    videos: 'Stoke City+',
    videosSubscriptions: 'Stoke City+ Subscriptions',
    login: 'Sign In',
    search: 'Search',
    error: 'Page not found',
  },
  pageDescriptions: {
    home: 'The official website of Stoke City Football Club: news, fixtures, results, tickets, teams and live streaming on Stoke City+.',
    news: 'The latest news from the bet365 Stadium: match reports, previews, interviews, Academy and Women’s team news.',
    matches: 'Stoke City fixtures and results for the First Team, Under-21s, Under-18s and Women, with kick-off times and competition details.',
    teams: 'Meet the squads: First Team, Under-21s, Under-18s and Women.',
    videos: 'Watch every Stoke City game live or on demand with Stoke City+, plus free highlights, interviews and press conferences.',
    login: 'Sign in to your MyStoke account to stream and listen to live matches.',
  },
  headings: {
    latestNews: 'Latest News',
    relatedNews: 'Related News',
    fixtures: 'Fixtures',
    results: 'Results',
    table: 'League Table',
    squad: 'Squad',
    nextMatch: 'Next Match',
    lastMatch: 'Last Match',
    partners: 'Our Partners',
    videos: 'Latest Videos',
    quickLinks: 'Quick Links',
    followUs: 'Follow the Potters',
    subscriptions: 'Choose a subscription',
  },
  cookieNotice: {
    title: 'We use cookies',
    body: 'We use essential cookies to make this site work, and optional cookies to understand how it is used, to personalise content and to show relevant adverts. You can accept all cookies or keep to the essential ones only.',
    findOutMore: 'Find Out more',
    acceptAll: 'Accept all cookies',
    onlyEssential: 'Only Essential',
    policyUrl: '/privacypolicy',
  },
  signIn: {
    heading: 'Sign in to MyStoke',
    body: 'Use your MyStoke account to watch and listen to matches on Stoke City+, manage your subscriptions and keep up with the Potters.',
  },
  register: {
    heading: 'New to MyStoke?',
    body: 'Create a free MyStoke account to stream and listen to live matches, buy match passes and receive club news first.',
    buttonText: 'Create an account',
  },
  upgradeNotice: {
    heading: 'Upgrade to watch',
    body: 'To stream live games you must be subscribed to a TV package',
    buttonText: 'Subscribe now',
  },
  portalUrls: {
    account: '/account/profile',
    register: '/account/register',
    forgotPassword: '/account/forgot-password',
    profile: '/account/profile',
    login: '/account/login',
  },
  dateFormats: { default: 'D MMM YYYY', match: 'ddd D MMM' },
  shareToggles: { facebook: true, x: true, whatsapp: true, email: true, copyLink: true },
  defaultAuthor: 'Club Media Team',
  headerType: 'core-1',
  copyrightNotice: '© Stoke City Football Club (demo site). All rights reserved.',
  builtOn: { text: 'Built on Terrace', url: 'https://terrace.example/' },
  dataCredit: { text: 'Fixtures, results and tables: openfootball (CC0)', url: 'https://github.com/openfootball' },
};

// ---------------------------------------------------------------------------
// Platform settings
// ---------------------------------------------------------------------------

const platformSettings = {
  clubName: 'Stoke City',
  clubShortName: 'Stoke',
  sport: 'football',
  // The season in progress at the dataset's as-of instant (data/club/dataset.json).
  currentSeason: 2026,
  currentSeasonAltLabel: '2026/27',
  currentSeasonSlug: '2026-27',
  firstTeamSlug: 'first-team',
  ssoProvider: 'cognito',
  videoProvider: 'terrace',
  videoBrandName: 'Stoke City+',
  streamingBrandName: 'Stoke City+',
  signInText: 'Sign In',
  homeGround: 'bet365 Stadium',
  timezone: 'Europe/London',
  matchCentreMinuteByMinute: true,
  preseason: { display: false, seasonSlug: '2026-27', message: 'Fixtures for the 2026/27 season are coming soon.' },
  externalLinks: {
    shop: `${SHOP}/`,
    tickets: `${TICKETS}/`,
    events: `${EVENTS}/`,
    kit: `${SHOP}/kits`,
  },
};

// ---------------------------------------------------------------------------
// Teams (spec §3: exactly four)
// ---------------------------------------------------------------------------

const teams = [
  {
    name: 'First Team',
    slug: '',
    id: 't110',
    showOnMatches: true,
    showOnTeams: true,
    externalTeamPage: null,
    externalMatchPage: null,
    isSingleGroup: false,
    displayPositionOnCard: true,
    isMiniCard: false,
    showTeamOverview: false,
    childFriendly: true,
    order: 1,
    shortName: 'First Team',
    overview:
      'Stoke City’s First Team compete in the Championship and play their home matches at the bet365 Stadium. Founded in 1863, the Potters are one of the oldest professional clubs in the world, and the squad combines experienced professionals with graduates of the club’s own Academy.',
    imageKey: 'teams/first-team.svg',
  },
  {
    name: 'Under-21s',
    slug: 'u21',
    id: 't12935',
    showOnMatches: true,
    showOnTeams: true,
    externalTeamPage: null,
    externalMatchPage: null,
    isSingleGroup: true,
    displayPositionOnCard: true,
    isMiniCard: true,
    showTeamOverview: true,
    childFriendly: true,
    order: 2,
    shortName: 'U21s',
    overview:
      'The Under-21s are the final step of the Academy pathway. They compete in Premier League 2 Division 2 and the Premier League Cup, train alongside the First Team at Clayton Wood and give the club’s most promising young professionals regular, competitive senior-style football.',
    imageKey: 'teams/u21.svg',
  },
  {
    name: 'Under-18s',
    slug: 'u18',
    id: 't6747',
    showOnMatches: true,
    showOnTeams: true,
    externalTeamPage: null,
    externalMatchPage: null,
    isSingleGroup: false,
    displayPositionOnCard: true,
    isMiniCard: true,
    showTeamOverview: true,
    childFriendly: true,
    order: 3,
    shortName: 'U18s',
    overview:
      'The Under-18s are made up of first- and second-year scholars in the club’s Category One Academy. They play in the U18 Professional Development League and the FA Youth Cup, combining a full-time football programme with education at Clayton Wood.',
    imageKey: 'teams/u18.svg',
  },
  {
    name: 'Women',
    slug: 'women',
    id: 't9173',
    showOnMatches: true,
    showOnTeams: true,
    externalTeamPage: null,
    externalMatchPage: null,
    isSingleGroup: false,
    displayPositionOnCard: true,
    isMiniCard: false,
    showTeamOverview: true,
    childFriendly: true,
    order: 4,
    shortName: 'Women',
    overview:
      'Stoke City Women represent the club in the Women’s Championship. Backed by a growing full-time staff and a thriving girls’ Regional Talent Club, the team plays its home matches in Stoke-on-Trent and stages a showcase fixture at the bet365 Stadium every season.',
    imageKey: 'teams/women.svg',
  },
];

// ---------------------------------------------------------------------------
// Competitions
// ---------------------------------------------------------------------------

const competitions = [
  { id: 'championship', name: 'Championship', shortName: 'Championship', type: 'league', crest: { type: 'crest', iconStyle: 'light' } },
  { id: 'fa-cup', name: 'FA Cup', shortName: 'FA Cup', type: 'cup', crest: { type: 'crest', iconStyle: 'light' } },
  { id: 'efl-cup', name: 'EFL Cup', shortName: 'EFL Cup', type: 'cup', crest: { type: 'pill', iconStyle: 'dark' } },
  {
    id: 'premier-league-2-division-2',
    name: 'Premier League 2 Division 2',
    shortName: 'PL2 Div 2',
    type: 'league',
    crest: { type: 'pill', iconStyle: 'light' },
  },
  { id: 'premier-league-cup', name: 'Premier League Cup', shortName: 'PL Cup', type: 'cup', crest: { type: 'pill', iconStyle: 'light' } },
  {
    id: 'u18-professional-development-league',
    name: 'U18 Professional Development League',
    shortName: 'U18 PDL',
    type: 'league',
    crest: { type: 'pill', iconStyle: 'light' },
  },
  { id: 'fa-youth-cup', name: 'FA Youth Cup', shortName: 'Youth Cup', type: 'cup', crest: { type: 'pill', iconStyle: 'dark' } },
  { id: 'womens-championship', name: "Women's Championship", shortName: "Women's Champ", type: 'league', crest: { type: 'pill', iconStyle: 'light' } },
  { id: 'womens-league-cup', name: "Women's League Cup", shortName: 'League Cup', type: 'cup', crest: { type: 'pill', iconStyle: 'dark' } },
  { id: 'friendly', name: 'Friendly', shortName: 'Friendly', type: 'friendly', crest: { type: 'pill', iconStyle: 'dark' } },
];

// ---------------------------------------------------------------------------
// Menus
// ---------------------------------------------------------------------------

const ext = (label, href) => ({ label, href, external: true, newTab: true });
const int = (label, href) => ({ label, href, external: false, newTab: false });

const menus = [
  { name: 'primary', items: [int('News', '/news'), int('Matches', '/matches'), int('Teams', '/teams')] },
  {
    name: 'secondary',
    items: [int('Stoke City+', '/videos'), ext('Shop', `${SHOP}/`), ext('Buy Tickets', `${TICKETS}/`), ext('Events', `${EVENTS}/`)],
  },
  { name: 'sticky', items: [ext('Buy Tickets', `${TICKETS}/`), ext('Shop', `${SHOP}/`), ext('Events', `${EVENTS}/`)] },
  {
    name: 'main',
    items: [
      int('News', '/news'),
      int('Matches', '/matches'),
      int('Teams', '/teams'),
      int('Stoke City+', '/videos'),
      ext('Buy Kit', `${SHOP}/kits`),
      ext('Buy Tickets', `${TICKETS}/`),
    ],
  },
  {
    name: 'featured',
    items: [
      { ...int('Tickets', '/tickets'), imageKey: 'menu/tickets.svg', description: 'Matchday tickets, memberships and away travel' },
      { ...ext('Store', `${SHOP}/`), imageKey: 'menu/store.svg', description: 'The 2026/27 kits and official club merchandise' },
    ],
  },
  {
    name: 'footer',
    items: [
      int('Privacy Policy', '/privacy-policy'),
      int('Terms of Use', '/terms-of-use'),
      int('Accessibility', '/accessibility'),
      int('Company Details', '/company-details'),
      int('Contact', '/contact'),
    ],
  },
  {
    name: 'quickLinks',
    items: [
      int('Homepage', '/'),
      int('News', '/news'),
      int('Matches', '/matches'),
      int('Teams', '/teams'),
      int('Stoke City+', '/videos'),
      ext('Buy Kit', `${SHOP}/kits`),
      ext('Buy Tickets', `${TICKETS}/`),
    ],
  },
  {
    name: 'streamerPolicies',
    items: [
      int('Accessibility', '/accessibility'),
      int('Terms of Use', '/terms-of-use'),
      int('Privacy Notice', '/privacy-policy'),
      int('Cookie Policy', '/club/club-information/cookie-policy'),
    ],
  },
];

// ---------------------------------------------------------------------------
// News categories
// ---------------------------------------------------------------------------

const newsCategories = [
  { slug: 'first-team', name: 'First Team', description: 'News, features and updates from the First Team.' },
  { slug: 'match-previews', name: 'Match Previews', description: 'Team news, form and everything you need to know before kick-off.' },
  { slug: 'match-reports', name: 'Match Reports', description: 'Reports and reaction from every Stoke City match.' },
  { slug: 'club-news', name: 'Club News', description: 'Announcements and updates from around the club.' },
  { slug: 'academy', name: 'Academy', description: 'Under-21s, Under-18s and the Academy pathway.' },
  { slug: 'women', name: 'Women', description: 'News and match coverage from Stoke City Women.' },
  { slug: 'community', name: 'Foundation', description: 'The work of Stoke City Foundation across Stoke-on-Trent and Staffordshire.' },
  { slug: 'tickets', name: 'Tickets', description: 'Ticket news for home and away matches, memberships and events.' },
  { slug: 'commercial', name: 'Commercial', description: 'Partners, hospitality, retail and Stoke City+.' },
  { slug: 'job-vacancies', name: 'Job Vacancies', description: 'Current opportunities to work for Stoke City and Stoke City Foundation.' },
  { slug: 'interviews', name: 'Interviews', description: 'Interviews and long reads with players and staff.' },
].map((c, i) => ({ ...c, order: i + 1 }));

// ---------------------------------------------------------------------------
// Video categories and the streamer page
// ---------------------------------------------------------------------------

const videoCategories = [
  ['highlights', 'Highlights', 'Extended highlights of every First Team match.'],
  ['interviews', 'Interviews', 'Post-match reaction and exclusive interviews with players and staff.'],
  ['press-conferences', 'Press Conferences', 'The head coach’s pre- and post-match press conferences in full.'],
  ['full-match-replays', 'Full Match Replays', 'Every First Team match in full, available to Stoke City+ subscribers.'],
  ['academy', 'Academy', 'Under-21s and Under-18s highlights and features.'],
  ['women', 'Women', 'Highlights and interviews from Stoke City Women.'],
].map(([slug, title, description], i) => ({
  slug,
  attributes: { title, description, orderPosition: i + 1, imageKey: `video-categories/${slug}.svg` },
  demo: true,
}));

const streamer = {
  title: 'Stoke City+',
  intro: 'Watch and listen to the Potters live, catch up on full match replays and never miss a moment, wherever you are.',
  // The packages widget's data (spec §3 Widget data).
  widget: {
    style: 'dark',
    title: 'Packages',
    footerStyle: 'dark',
    cta1Text: 'Got a voucher code?',
    cta1ButtonCta: 'Redeem a voucher',
    cta2Text: 'Questions about watching?',
    cta2ButtonCta: 'Read the streaming FAQs',
    cta2ButtonLink: '/live-streaming/faqs',
    noSubscriptionsText: null,
    noMatchPassesText: null,
    voucherTitle: 'Redeem a voucher',
    voucherText:
      'Received a Stoke City+ voucher code as a gift or with your membership? Enter it here, then choose your package: the voucher is applied when you pay.',
    voucherButton: 'Redeem',
  },
  faqGroup: 'live-streaming',
  playlist: {
    title: 'Full Match Replays',
    description: 'Relive every minute of the Potters’ recent matches in full.',
    amount: 10,
    category: 'full-match-replays',
  },
  demo: true,
};

writeJson('data/club/site-settings.json', siteSettings);
writeJson('data/club/platform-settings.json', platformSettings);
writeJson('data/club/teams.json', teams);
writeJson('data/club/competitions.json', competitions);
writeJson('data/club/menus.json', menus);
writeJson('data/club/news-categories.json', newsCategories);
writeJson('data/club/video-categories.json', videoCategories);
writeJson('data/club/streamer.json', streamer);
console.log(
  'club: site-settings, platform-settings, teams(4), competitions(%d), menus(%d), news-categories(%d), video-categories(%d), streamer',
  competitions.length,
  menus.length,
  newsCategories.length,
  videoCategories.length,
);
