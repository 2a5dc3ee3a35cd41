/**
 * Checks the committed demo dataset: every file against the zod schemas in src/schemas, and
 * referential integrity across files (images, matchIDs, categories, teams, page tree, slugs).
 *
 *   node scripts/demo/check.mjs        exit code 1 on any error
 *
 * The schemas are TypeScript; they are bundled on the fly with the esbuild that Astro already
 * installs (no extra dependency). Front matter is parsed with js-yaml when it is installed (as it
 * is, through Astro), else with the strict subset parser the generators write.
 */
import { readFileSync, statSync, writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { ROOT, TODAY, AS_OF, publishedByAsOf, readJson, listFiles, parseFrontMatterSubset, matchIdOf, wordCount, seasonSlugOf } from './lib.mjs';

const errors = [];
const warnings = [];
const err = (where, msg) => errors.push(`${where}: ${msg}`);
const counts = {};

// ---------------------------------------------------------------------------
// Schemas (bundled from src/schemas/*.ts)
// ---------------------------------------------------------------------------

async function loadSchemas() {
  let esbuild;
  try {
    esbuild = await import(pathToFileURL(join(ROOT, 'node_modules/esbuild/lib/main.js')).href);
  } catch {
    warnings.push('esbuild not found: schema validation skipped (run npm install)');
    return null;
  }
  const files = listFiles('src/schemas', '.ts').filter((f) => !f.endsWith('.d.ts'));
  const contents = files.map((f) => `export * from './${f}';`).join('\n');
  const out = await esbuild.build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const dir = mkdtempSync(join(tmpdir(), 'terrace-check-'));
  const file = join(dir, 'schemas.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  return import(pathToFileURL(file).href);
}

const S = await loadSchemas();

function validate(where, schemaName, value) {
  if (!S) return value;
  const schema = S[schemaName];
  if (!schema) {
    err(where, `schema ${schemaName} not found in src/schemas`);
    return value;
  }
  const res = schema.safeParse(value);
  if (!res.success) {
    for (const issue of res.error.issues.slice(0, 5)) err(where, `${schemaName}: ${issue.path.join('.') || '(root)'} ${issue.message}`);
    return value;
  }
  return res.data;
}

function validateList(file, schemaName, list) {
  if (!Array.isArray(list)) return err(file, 'expected an array');
  list.forEach((item, i) => validate(`${file}[${i}]`, schemaName, item));
}

// ---------------------------------------------------------------------------
// Front matter
// ---------------------------------------------------------------------------

let yamlLoad = null;
try {
  const mod = await import(pathToFileURL(join(ROOT, 'node_modules/js-yaml/dist/js-yaml.mjs')).href);
  yamlLoad = mod.load;
} catch {
  warnings.push('js-yaml not found: front matter parsed with the subset parser');
}

function readMarkdown(file) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (yamlLoad) {
    const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
    if (!m) throw new Error('no front matter');
    return { data: yamlLoad(m[1]), body: m[2] };
  }
  return parseFrontMatterSubset(text);
}

// ---------------------------------------------------------------------------
// Load everything
// ---------------------------------------------------------------------------

const club = {
  siteSettings: readJson('data/club/site-settings.json'),
  platform: readJson('data/club/platform-settings.json'),
  teams: readJson('data/club/teams.json'),
  competitions: readJson('data/club/competitions.json'),
  menus: readJson('data/club/menus.json'),
  newsCategories: readJson('data/club/news-categories.json'),
  videoCategories: readJson('data/club/video-categories.json'),
  streamer: readJson('data/club/streamer.json'),
};
const demo = {
  players: readJson('data/demo/players.json'),
  matches: readJson('data/demo/matches.json'),
  sponsorRows: readJson('data/demo/sponsor-rows.json'),
  advertSlots: readJson('data/demo/advert-slots.json'),
  footerAdverts: readJson('data/demo/footer-adverts.json'),
  promos: readJson('data/demo/promo-overlays.json'),
  videos: readJson('data/demo/videos.json'),
  packages: readJson('data/demo/packages.json'),
  faqs: readJson('data/demo/faqs.json'),
};
const real = {
  matches: readJson('data/real/stoke-matches.json'),
  fixtures: readJson('data/real/stoke-fixtures-2026-27.json'),
};
const newsFiles = listFiles('data/demo/news', '.md');
const pageFiles = listFiles('data/demo/pages', '.md');
const news = newsFiles.map((f) => ({ file: f, ...readMarkdown(f) }));
const pages = pageFiles.map((f) => ({ file: f, ...readMarkdown(f) }));

// ---------------------------------------------------------------------------
// Schema validation
// ---------------------------------------------------------------------------

validate('data/club/site-settings.json', 'siteSettingsSchema', club.siteSettings);
validate('data/club/platform-settings.json', 'platformSettingsSchema', club.platform);
validateList('data/club/teams.json', 'teamSchema', club.teams);
validateList('data/club/competitions.json', 'competitionSchema', club.competitions);
validateList('data/club/menus.json', 'navigationMenuSchema', club.menus);
validateList('data/club/news-categories.json', 'newsCategorySchema', club.newsCategories);
validateList('data/club/video-categories.json', 'videoCategorySchema', club.videoCategories);
validate('data/club/streamer.json', 'streamerConfigSchema', club.streamer);
validateList('data/demo/players.json', 'playerSchema', demo.players);
validateList('data/demo/sponsor-rows.json', 'sponsorRowSchema', demo.sponsorRows);
validateList('data/demo/advert-slots.json', 'advertSlotSchema', demo.advertSlots);
validateList('data/demo/footer-adverts.json', 'footerAdvertSchema', demo.footerAdverts);
validateList('data/demo/promo-overlays.json', 'promoOverlaySchema', demo.promos);
validateList('data/demo/videos.json', 'videoItemSchema', demo.videos);
validateList('data/demo/packages.json', 'packageSchema', demo.packages);
validateList('data/demo/faqs.json', 'faqSchema', demo.faqs);
for (const n of news) validate(n.file, 'newsArticleSchema', n.data);
for (const p of pages) validate(p.file, 'menuPageSchema', p.data);

// Matches: demo records in the real record shape, and both converted to matchSchema.
const teamSlugs = new Set(club.teams.map((t) => t.slug));
const competitionNames = new Map(club.competitions.map((c) => [c.name, c.id]));
const loaderSlug = (text) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
function toMatchSchema(m, teamSlug) {
  const offset = (() => {
    const y = Number(m.date.slice(0, 4));
    const last = (mo) => {
      const d = new Date(Date.UTC(y, mo, 0));
      d.setUTCDate(d.getUTCDate() - d.getUTCDay());
      return d.toISOString().slice(0, 10);
    };
    return m.date >= last(3) && m.date < last(10) ? '+01:00' : '+00:00';
  })();
  return {
    matchID: matchIdOf(m),
    teamSlug,
    season: seasonSlugOf(m.season),
    // As src/lib/matchRecords.ts does it: an explicit competitionId, else the slugified name.
    competition: m.competitionId ?? loaderSlug(m.competition),
    stage: m.stage,
    round: m.round,
    date: m.date,
    kickOffLocal: m.time,
    // A date-only fixture (no kick-off time yet) is ordered at 15:00, as src/lib/kickOffTime.ts does.
    kickOff: new Date(`${m.date}T${m.time ?? '15:00'}:00${offset}`).toISOString(),
    home: m.home,
    away: m.away,
    isHome: m.stokeHome,
    opponent: m.opponent,
    venue: m.venue,
    status: m.status,
    score: {
      ftHome: m.ftHome,
      ftAway: m.ftAway,
      htHome: m.htHome,
      htAway: m.htAway,
      etHome: m.etHome,
      etAway: m.etAway,
      penHome: m.penHome,
      penAway: m.penAway,
    },
    result: m.result,
    source: m.source,
    demo: m.demo,
  };
}
const competitionIds = new Set(club.competitions.map((c) => c.id));
// The as-of instant follows the newest real result (the whole Championship, play-offs included).
{
  const newest = [...readJson('data/real/championship-matches.json'), ...readJson('data/real/championship-matches-2026-27.json')]
    .filter((m) => m.status === 'played')
    .map((m) => toMatchSchema({ ...m, opponent: m.away }, '').kickOff)
    .sort()
    .at(-1);
  if (newest && !publishedByAsOf(newest)) err('data/club/dataset.json', `asOf ${AS_OF} is before the newest real result (kick-off ${newest})`);
}
const REAL_KEYS = Object.keys(real.matches[0]);
const allMatches = new Map();
for (const m of [...real.matches, ...real.fixtures]) {
  const conv = toMatchSchema(m, '');
  if (!competitionNames.has(m.competition)) err('data/club/competitions.json', `no competition named '${m.competition}' (used by real matches)`);
  if (!competitionIds.has(conv.competition)) err('data/club/competitions.json', `no competition with id '${conv.competition}' (used by real matches)`);
  validate(`data/real match ${conv.matchID}`, 'matchSchema', conv);
  if (allMatches.has(conv.matchID)) err('data/real', `duplicate matchID ${conv.matchID}`);
  allMatches.set(conv.matchID, { ...conv, raw: m });
  // The as-of instant is consistent with the real data: every match kicked off by then has its result.
  if (publishedByAsOf(conv.kickOff) && m.status !== 'played')
    err('data/club/dataset.json', `asOf ${AS_OF} is after the kick-off of ${conv.matchID}, which has no result`);
}
demo.matches.forEach((m, i) => {
  const where = `data/demo/matches.json[${i}]`;
  for (const k of REAL_KEYS) if (!(k in m)) err(where, `missing field '${k}' of the real record shape`);
  if (!teamSlugs.has(m.teamSlug) || m.teamSlug === '') err(where, `teamSlug '${m.teamSlug}' is not a non-first team`);
  if (m.demo !== true) err(where, 'demo must be true');
  if (m.source !== 'demo') err(where, "source must be 'demo'");
  if (!m.venue) err(where, 'venue must be set');
  if (!competitionNames.has(m.competition)) err(where, `competition '${m.competition}' not in competitions.json`);
  const played = m.date < TODAY;
  if (played !== (m.status === 'played')) err(where, `status ${m.status} inconsistent with date ${m.date}`);
  if (played) {
    if (m.ftHome == null || m.htHome == null) err(where, 'result without scores');
    if (m.htHome > m.ftHome || m.htAway > m.ftAway) err(where, 'half-time score exceeds full time');
    const [s, o] = m.stokeHome ? [m.ftHome, m.ftAway] : [m.ftAway, m.ftHome];
    const [ps, po] = m.stokeHome ? [m.penHome, m.penAway] : [m.penAway, m.penHome];
    const expect = s > o ? 'W' : s < o ? 'L' : ps != null ? (ps > po ? 'W' : 'L') : 'D';
    if (m.result !== expect) err(where, `result ${m.result} but score says ${expect}`);
  } else if (m.ftHome != null || m.result != null) err(where, 'fixture carries a result');
  const conv = toMatchSchema(m, m.teamSlug);
  if (!competitionIds.has(conv.competition)) err(where, `competition id '${conv.competition}' not in competitions.json`);
  if (m.competitionId && competitionNames.get(m.competition) !== m.competitionId)
    err(where, `competitionId '${m.competitionId}' does not match the competition named '${m.competition}'`);
  validate(where, 'matchSchema', conv);
  if (allMatches.has(conv.matchID)) err(where, `duplicate matchID ${conv.matchID}`);
  allMatches.set(conv.matchID, { ...conv, raw: m });
});

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

const imageRefs = new Map(); // key -> first referrer
const IMAGE_PROPS = new Set(['imageKey', 'thumbnailUrl', 'backgroundImageKey']);
function collectImages(where, value, parentKey = '') {
  if (Array.isArray(value)) return value.forEach((v, i) => collectImages(`${where}[${i}]`, v, parentKey));
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (
        typeof v === 'string' &&
        (IMAGE_PROPS.has(k) ||
          (k === 'key' && ['imageData', 'heroImage', 'mobile', 'desktop'].includes(parentKey)) ||
          ['kitImages', 'placeholderImages'].includes(parentKey))
      ) {
        if (!imageRefs.has(v)) imageRefs.set(v, `${where}.${k}`);
      } else collectImages(`${where}.${k}`, v, k);
    }
  }
}
for (const [name, v] of Object.entries(club)) collectImages(`club.${name}`, v);
for (const [name, v] of Object.entries(demo)) collectImages(`demo.${name}`, v);
for (const n of news) collectImages(n.file, n.data);
for (const p of pages) collectImages(p.file, p.data);
const mediaFiles = new Set(listFiles('public/media').map((f) => f.slice('public/media/'.length)));
for (const [key, where] of imageRefs) {
  if (!mediaFiles.has(key)) err(where, `image '${key}' missing under public/media`);
}
for (const f of mediaFiles) {
  const size = statSync(join(ROOT, 'public/media', f)).size;
  if (f.endsWith('.svg') && size >= 6 * 1024) err(`public/media/${f}`, `SVG is ${size} bytes (limit 6 KB)`);
  if (!imageRefs.has(f) && f !== 'club/crest.svg') warnings.push(`public/media/${f} is not referenced by any data file`);
}
counts.images = mediaFiles.size;

// ---------------------------------------------------------------------------
// Club configuration
// ---------------------------------------------------------------------------

const TEAM_IDS = { '': 't110', u21: 't12935', u18: 't6747', women: 't9173' };
if (club.teams.length !== 4) err('data/club/teams.json', `expected 4 teams, found ${club.teams.length}`);
for (const [slug, id] of Object.entries(TEAM_IDS)) {
  const t = club.teams.find((x) => x.slug === slug);
  if (!t || t.id !== id) err('data/club/teams.json', `team '${slug}' must have id ${id}`);
}
const social = club.siteSettings.socialLinks;
for (const k of ['threads', 'snapchat', 'weibo']) if (social[k]) err('data/club/site-settings.json', `socialLinks.${k} should be unset in the demo`);
for (const k of ['facebook', 'x', 'instagram', 'youtube', 'tiktok', 'linkedin'])
  if (!social[k]) err('data/club/site-settings.json', `socialLinks.${k} missing`);
const menuNames = new Set(club.menus.map((m) => m.name));
for (const n of ['primary', 'secondary', 'sticky', 'main', 'featured', 'footer', 'quickLinks', 'streamerPolicies'])
  if (!menuNames.has(n)) err('data/club/menus.json', `menu '${n}' missing`);
const footer = club.menus.find((m) => m.name === 'footer');
const FOOTER = ['/privacy-policy', '/terms-of-use', '/accessibility', '/company-details', '/contact'];
if (footer && footer.items.map((i) => i.href).join() !== FOOTER.join()) err('data/club/menus.json', `footer menu must be exactly ${FOOTER.join(', ')}`);
const pagePaths = new Set(pages.map((p) => p.data.fullPath));
const APP_ROUTES = [
  /^\/$/,
  /^\/news(\/|$)/,
  /^\/matches(\/|$)/,
  /^\/teams(\/|$)/,
  /^\/videos(\/|$)/,
  /^\/category\//,
  /^\/account\//,
  /^\/players(\/|$)/,
  /^\/privacypolicy$/,
];
const checkInternalLink = (where, href) => {
  if (!href.startsWith('/')) return;
  if (APP_ROUTES.some((r) => r.test(href))) return;
  const path = href
    .replace(/^\//, '')
    .replace(/[?#].*$/, '')
    .replace(/\/$/, '');
  if (!pagePaths.has(path)) err(where, `internal link '${href}' has no content page`);
};
for (const m of club.menus)
  for (const item of m.items) {
    checkInternalLink(`data/club/menus.json ${m.name} '${item.label}'`, item.href);
    if (item.external && !/^https:\/\//.test(item.href)) err(`data/club/menus.json ${m.name} '${item.label}'`, 'external items must be https');
  }
const newsCategorySlugs = new Set(club.newsCategories.map((c) => c.slug));
const videoCategorySlugs = new Set(club.videoCategories.map((c) => c.slug));
if (!videoCategorySlugs.has(club.streamer.playlist.category))
  err('data/club/streamer.json', `playlist category '${club.streamer.playlist.category}' not in video-categories`);
if (club.streamer.playlist.amount !== 10) err('data/club/streamer.json', 'playlist amount must be 10');

// ---------------------------------------------------------------------------
// News
// ---------------------------------------------------------------------------

const newsSlugs = new Set();
for (const { file, data, body } of news) {
  const fileSlug = file.split('/').pop().replace(/\.md$/, '');
  if (data.slug !== fileSlug) err(file, `slug '${data.slug}' does not match the file name`);
  if (newsSlugs.has(data.slug)) err(file, `duplicate slug ${data.slug}`);
  newsSlugs.add(data.slug);
  if (data.demo !== true) err(file, 'demo must be true');
  for (const c of data.categories ?? []) if (!newsCategorySlugs.has(c)) err(file, `unknown category '${c}'`);
  for (const t of data.teamSlugs ?? []) if (!teamSlugs.has(t)) err(file, `unknown team '${t}'`);
  const published = String(data.published_date);
  if (!publishedByAsOf(published)) err(file, `published after the dataset's as-of instant ${AS_OF} (${published})`);
  const words = wordCount(body);
  if (words < 250 || words > 600) err(file, `body has ${words} words (expected 250-600)`);
  if (!/^## /m.test(body)) err(file, 'body has no subheadings');
  const isMatchPiece = data.categories?.some((c) => c === 'match-reports' || c === 'match-previews');
  if (isMatchPiece && !data.matchID) err(file, 'match report or preview without matchID');
  if (data.matchID) {
    const m = allMatches.get(data.matchID);
    if (!m) err(file, `matchID '${data.matchID}' not found in the match data`);
    else {
      if (!(data.teamSlugs ?? []).includes(m.teamSlug)) err(file, `teamSlugs do not include the match's team '${m.teamSlug}'`);
      const t = Date.parse(published);
      const ko = Date.parse(m.kickOff);
      if (data.categories.includes('match-reports')) {
        if (m.status !== 'played') err(file, 'report for a match that has not been played');
        if (!(t > ko && t - ko < 12 * 3600e3)) err(file, 'report should be published the evening of the match');
        const raw = m.raw;
        const score = `${raw.ftHome}-${raw.ftAway}`;
        if (!body.includes(score) && !body.includes(`${raw.ftAway}-${raw.ftHome}`)) err(file, `body does not mention the score ${score}`);
      }
      if (data.categories.includes('match-previews')) {
        const days = (ko - t) / 86400e3;
        if (!(days > 1 && days < 3)) err(file, 'preview should be published two days before the match');
      }
    }
  }
}
if (!newsSlugs.has('report-stoke-city-4-1-rotherham-united-2023-08')) err('data/demo/news', 'the 2023-08-05 Stoke City 4-1 Rotherham United report is missing');
counts.news = news.length;

// ---------------------------------------------------------------------------
// Pages
// ---------------------------------------------------------------------------

const postIDs = new Map();
const byPath = new Map();
for (const p of pages) {
  const expected = p.file.replace(/^data\/demo\/pages\//, '').replace(/\.md$/, '');
  if (p.data.fullPath !== expected) err(p.file, `fullPath '${p.data.fullPath}' does not match the file path`);
  if (postIDs.has(p.data.postID)) err(p.file, `duplicate postID ${p.data.postID} (also ${postIDs.get(p.data.postID)})`);
  postIDs.set(p.data.postID, p.file);
  byPath.set(p.data.fullPath, p);
  if (p.data.demo !== true) err(p.file, 'demo must be true');
}
for (const p of pages) {
  const path = p.data.fullPath;
  const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null;
  if (parent && !byPath.has(parent)) err(p.file, `parent page '${parent}' missing`);
  const children = pages.filter((c) => c.data.fullPath.startsWith(`${path}/`) && c.data.fullPath.split('/').length === p.data.nestedLevel + 1);
  const want = children
    .map((c) => c.data.postID)
    .sort((a, b) => a - b)
    .join();
  const have = [...(p.data.childIds ?? [])].sort((a, b) => a - b).join();
  if (want !== have) err(p.file, `childIds [${have}] do not match children [${want}]`);
  if (p.data.postType === 'internalLink' && !byPath.has(p.data.linkSlug)) err(p.file, `linkSlug '${p.data.linkSlug}' is not a page`);
  if (p.data.postType === 'external' && !p.data.newTab) warnings.push(`${p.file}: external page does not open in a new tab`);
  if (p.data.nestedLevel === 1 && !['Landing', 'Hub', 'Default'].includes(p.data.pageTemplate)) err(p.file, 'bad template');
  if (p.data.callToAction) checkInternalLink(`${p.file} callToAction`, p.data.callToAction.link);
  const siblings = pages.filter(
    (s) => s !== p && (s.data.fullPath.includes('/') ? s.data.fullPath.slice(0, s.data.fullPath.lastIndexOf('/')) : null) === parent,
  );
  if (siblings.some((s) => s.data.pageOrder === p.data.pageOrder)) err(p.file, `pageOrder ${p.data.pageOrder} repeated among siblings`);
}
for (const section of ['tickets', 'hospitality', 'partnerships-advertising', 'conference-events', 'fans', 'foundation', 'club', 'juniors', 'live-streaming']) {
  const p = byPath.get(section);
  if (!p) err('data/demo/pages', `top-level section '${section}' missing`);
  else if (!['Landing', 'Hub'].includes(p.data.pageTemplate)) err(p.file, 'top-level sections must be Landing or Hub');
}
for (const path of ['privacy-policy', 'terms-of-use', 'accessibility', 'company-details', 'contact', 'recruitment-privacy-policy'])
  if (!byPath.has(path)) err('data/demo/pages', `footer page '${path}' missing`);
if (!pages.some((p) => p.data.postType === 'internalLink')) err('data/demo/pages', 'no internalLink page');
if (!pages.some((p) => p.data.postType === 'external' && p.data.newTab)) err('data/demo/pages', 'no external page opening in a new tab');
if (!pages.some((p) => p.data.listStyle)) err('data/demo/pages', 'no page with listStyle');
if (!pages.some((p) => p.data.nestedLevel === 4)) err('data/demo/pages', 'no page four levels deep');
counts.pages = pages.length;

// ---------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------

const playerSlugs = new Set();
const numbers = new Map();
const DOB = { '': ['1990-01-01', '2007-12-31'], u21: ['2005-01-01', '2007-12-31'], u18: ['2008-01-01', '2010-12-31'], women: ['1990-01-01', '2008-12-31'] };
const SQUAD_SIZE = { '': 26, u21: 20, u18: 18, women: 22 };
const matchesPlayed = (team, season) => {
  const list = team === '' ? real.matches : demo.matches.filter((m) => m.teamSlug === team);
  return list.filter((m) => m.status === 'played' && seasonSlugOf(m.season) === season).length;
};
demo.players.forEach((p, i) => {
  const where = `data/demo/players.json[${i}] ${p.slug}`;
  if (playerSlugs.has(p.slug)) err(where, 'duplicate slug');
  playerSlugs.add(p.slug);
  if (!teamSlugs.has(p.teamSlug)) err(where, `unknown team '${p.teamSlug}'`);
  const key = `${p.teamSlug}#${p.shirtNumber}`;
  if (numbers.has(key)) err(where, `shirt number ${p.shirtNumber} also used by ${numbers.get(key)}`);
  numbers.set(key, p.slug);
  const [lo, hi] = DOB[p.teamSlug] ?? ['1900-01-01', '2100-01-01'];
  if (p.dateOfBirth < lo || p.dateOfBirth > hi) err(where, `date of birth ${p.dateOfBirth} outside ${lo}..${hi}`);
  if (p.imageKey !== `players/${p.slug}.svg`) err(where, `imageKey should be players/${p.slug}.svg`);
  if (
    p.slug !==
    `${p.firstName} ${p.lastName}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  )
    err(where, 'slug is not firstname-lastname');
  if (p.demo !== true) err(where, 'demo must be true');
  const seen = new Set();
  for (const s of p.stats ?? []) {
    if (seen.has(s.season)) err(where, `duplicate stats season ${s.season}`);
    seen.add(s.season);
    const played = matchesPlayed(p.teamSlug, s.season);
    const cap = played || 30;
    if (s.appearances > cap) err(where, `${s.season}: ${s.appearances} appearances but only ${cap} matches`);
    if (s.goals > s.appearances * 3) err(where, `${s.season}: implausible goals`);
  }
});
for (const [team, size] of Object.entries(SQUAD_SIZE)) {
  const n = demo.players.filter((p) => p.teamSlug === team).length;
  if (n !== size) err('data/demo/players.json', `team '${team}' has ${n} players, expected ${size}`);
}
counts.players = demo.players.length;

// ---------------------------------------------------------------------------
// Commercial and streaming
// ---------------------------------------------------------------------------

const rowSizes = demo.sponsorRows.map((r) => `${r.title}:${r.sponsors.length}`).join();
if (rowSizes !== 'Principal Partners:2,Platinum Partners:6,Foundation Partners:4')
  err('data/demo/sponsor-rows.json', `rows must be Principal 2, Platinum 6, Foundation 4 (found ${rowSizes})`);
const sponsorIds = new Set();
for (const r of demo.sponsorRows) {
  if (r.sponsorSize !== 'small' || r.titleSize !== 'small') err('data/demo/sponsor-rows.json', `${r.rowID}: sizes must be small`);
  for (const s of r.sponsors) {
    if (sponsorIds.has(s.sponsorID)) err('data/demo/sponsor-rows.json', `duplicate sponsorID ${s.sponsorID}`);
    sponsorIds.add(s.sponsorID);
  }
}
if (!demo.sponsorRows.find((r) => r.title === 'Principal Partners')?.showInHeader) err('data/demo/sponsor-rows.json', 'Principal row must show in header');
if (!demo.advertSlots.some((a) => !a.advertData.images.mobile)) err('data/demo/advert-slots.json', 'expected one slot without a mobile image');
if (!demo.advertSlots.some((a) => !a.childFriendly)) err('data/demo/advert-slots.json', 'expected one slot that is not child friendly');
for (const a of demo.footerAdverts) checkInternalLink(`data/demo/footer-adverts.json ${a.id}`, a.url);
for (const p of demo.promos) checkInternalLink(`data/demo/promo-overlays.json ${p.promoID}`, p.url);
const entryIds = new Set();
demo.videos.forEach((v, i) => {
  const where = `data/demo/videos.json[${i}]`;
  if (entryIds.has(v.mediaData.entryId)) err(where, `duplicate entryId ${v.mediaData.entryId}`);
  entryIds.add(v.mediaData.entryId);
  if (!videoCategorySlugs.has(v.metaData.category)) err(where, `unknown video category '${v.metaData.category}'`);
  if (!teamSlugs.has(v.metaData.teamSlug ?? '')) err(where, `unknown team '${v.metaData.teamSlug}'`);
  if (v.metaData.matchID && !allMatches.has(v.metaData.matchID)) err(where, `matchID '${v.metaData.matchID}' not found`);
  if (!v.metaData.SysEntryEntitlements.length) err(where, 'no entitlements');
  if (!publishedByAsOf(v.publicationData.createdAt)) err(where, `published after the dataset's as-of instant ${AS_OF}`);
});
if (demo.videos.length < 24) err('data/demo/videos.json', `only ${demo.videos.length} videos (need 24)`);
const pkgIds = new Set();
for (const p of demo.packages) {
  if (pkgIds.has(p.id)) err('data/demo/packages.json', `duplicate id ${p.id}`);
  pkgIds.add(p.id);
}
if (!demo.packages.some((p) => /audio/i.test(p.attributes.title))) err('data/demo/packages.json', "no package with 'Audio' in its title");
if (!demo.packages.some((p) => p.mode === 'match-pass')) err('data/demo/packages.json', 'no match pass');
const faqGroups = new Set(demo.faqs.map((f) => f.group));
if (!faqGroups.has(club.streamer.faqGroup)) err('data/demo/faqs.json', `no FAQs in group '${club.streamer.faqGroup}'`);
for (const [name, list] of Object.entries({
  sponsorRows: demo.sponsorRows,
  advertSlots: demo.advertSlots,
  footerAdverts: demo.footerAdverts,
  promos: demo.promos,
  videos: demo.videos,
  packages: demo.packages,
  faqs: demo.faqs,
})) {
  list.forEach((x, i) => {
    if (x.demo !== true) err(`data/demo ${name}[${i}]`, 'demo must be true');
  });
}

// ---------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------

Object.assign(counts, {
  matchesDemo: demo.matches.length,
  videos: demo.videos.length,
  packages: demo.packages.length,
  faqs: demo.faqs.length,
  sponsors: demo.sponsorRows.reduce((n, r) => n + r.sponsors.length, 0),
});
for (const w of warnings) console.warn(`warning: ${w}`);
if (errors.length) {
  for (const e of errors) console.error(`error: ${e}`);
  console.error(`\n${errors.length} error(s).`);
  process.exit(1);
}
console.log(
  `demo data OK${S ? ' (schemas checked)' : ''}: ${Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
