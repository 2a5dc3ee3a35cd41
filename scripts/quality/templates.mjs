// @ts-check
/**
 * One URL per page template, picked from the embedded dataset (TERRACE_CONTENT_DIR, default
 * ./data) so the quality gates follow the data instead of hard-coding slugs.
 *
 * Shared by scripts/quality/lighthouse.mjs, scripts/quality/js-budget.mjs and the Playwright
 * specs tests/e2e/accessibility.spec.ts and keyboard.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { displayClubName, matchIdFor } from '../../src/lib/clubNames.ts';

/**
 * @typedef {object} TemplateUrl
 * @property {string} name Template key, e.g. "article" (also the report file name).
 * @property {string} label Human-readable template name.
 * @property {string} path Root-relative URL path.
 * @property {number} status Expected HTTP status (404 for the not-found page).
 * @property {string} source Where the URL came from (data file), for reports.
 * @property {string} [lighthousePath] Path Lighthouse audits instead of `path` (Lighthouse refuses
 *   to audit a document answered with an error status, so the 404 template is audited as /404.html).
 */

/** @returns {string} */
function contentRoot() {
  return path.resolve(process.env.TERRACE_CONTENT_DIR ?? 'data');
}

/**
 * @template T
 * @param {string} file Relative to the content root.
 * @returns {T}
 */
function readJson(file) {
  return JSON.parse(readFileSync(path.join(contentRoot(), file), 'utf8'));
}

/**
 * Top-level front matter values of a Markdown file as strings (enough for slugs, dates, templates).
 * @param {string} file Relative to the content root.
 * @returns {Record<string, string>}
 */
export function frontMatter(file) {
  const text = readFileSync(path.join(contentRoot(), file), 'utf8');
  const block = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  /** @type {Record<string, string>} */
  const out = {};
  for (const line of block.split(/\r?\n/)) {
    const m = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (m && m[1] && m[2] !== undefined) out[m[1]] = m[2].trim().replace(/^['"]|['"]$/g, '');
  }
  return out;
}

/**
 * @param {string} folder Relative to the content root.
 * @returns {string[]} Markdown files relative to the content root, sorted.
 */
function markdownFiles(folder) {
  return readdirSync(path.join(contentRoot(), folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => path.join(folder, f));
}

/**
 * The templates and one URL of each, in a stable order.
 * @returns {TemplateUrl[]}
 */
export function templateUrls() {
  const news = markdownFiles('demo/news').map(frontMatter);
  const published = news.filter((a) => a.slug && a.published_date && a.locked !== 'true');
  // The newest article: the one a reader is most likely to land on.
  const article = [...published].sort(
    (a, b) => (b.published_date ?? '').localeCompare(a.published_date ?? '') || (a.slug ?? '').localeCompare(b.slug ?? ''),
  )[0];
  if (!article) throw new Error('templates: no news article in demo/news');

  // The category with the most articles.
  /** @type {{ slug: string }[]} */
  const categories = readJson('club/news-categories.json');
  const countOf = (/** @type {string} */ slug) => news.filter((a) => new RegExp(`["'\\[ ,]${slug}["'\\], ]`).test(a.categories ?? '')).length;
  const category = [...categories].sort((a, b) => countOf(b.slug) - countOf(a.slug) || a.slug.localeCompare(b.slug))[0];
  if (!category) throw new Error('templates: no news category');

  // The latest played first-team match (real data).
  /** @type {{ season: string, date: string, status: string, home: string, away: string, opponent?: string, stokeHome?: boolean }[]} */
  const matches = readJson('real/stoke-matches.json');
  const played = matches.filter((m) => m.status === 'played').sort((a, b) => b.date.localeCompare(a.date))[0];
  if (!played) throw new Error('templates: no played match in real/stoke-matches.json');
  const opponent = displayClubName(played.opponent ?? (played.stokeHome ? played.away : played.home));
  const matchCentre = `/match/first-team/${played.season.replace('/', '-')}/${matchIdFor(played.date, opponent)}`;

  /** @type {{ slug: string, teamSlug: string }[]} */
  const players = readJson('demo/players.json');
  const player = players.find((p) => p.teamSlug === '') ?? players[0];
  if (!player) throw new Error('templates: no player in demo/players.json');

  /** @type {Record<string, string>[]} */
  const pages = markdownFiles('demo/pages').map((file) => ({ ...frontMatter(file), file }));
  const pageOf = (/** @type {string} */ template) => {
    const page = pages
      .filter((p) => p.postType === 'internal' && p.pageTemplate === template)
      .sort((a, b) => (a.fullPath ?? '').localeCompare(b.fullPath ?? ''))[0];
    if (!page?.fullPath) throw new Error(`templates: no internal ${template} page in demo/pages`);
    return page;
  };
  const [pageDefault, pageLanding, pageHub] = [pageOf('Default'), pageOf('Landing'), pageOf('Hub')];

  return [
    { name: 'home', label: 'Home', path: '/', status: 200, source: 'route' },
    { name: 'news', label: 'News listing', path: '/news', status: 200, source: 'route' },
    { name: 'article', label: 'Article', path: `/news/${article.slug}`, status: 200, source: `demo/news (newest: ${article.published_date})` },
    { name: 'category', label: 'Category', path: `/category/${category.slug}`, status: 200, source: 'club/news-categories.json (most articles)' },
    { name: 'fixtures', label: 'Fixtures', path: '/matches', status: 200, source: 'route' },
    { name: 'match-centre', label: 'Match centre', path: matchCentre, status: 200, source: 'real/stoke-matches.json (latest played)' },
    { name: 'team', label: 'Team', path: '/teams/first-team', status: 200, source: 'club/teams.json (first team)' },
    { name: 'player', label: 'Player', path: `/players/first-team/${player.slug}`, status: 200, source: 'demo/players.json (first first-team player)' },
    { name: 'page-default', label: 'Content page (Default)', path: `/${pageDefault.fullPath}`, status: 200, source: pageDefault.file ?? 'demo/pages' },
    { name: 'page-landing', label: 'Content page (Landing)', path: `/${pageLanding.fullPath}`, status: 200, source: pageLanding.file ?? 'demo/pages' },
    { name: 'page-hub', label: 'Content page (Hub)', path: `/${pageHub.fullPath}`, status: 200, source: pageHub.file ?? 'demo/pages' },
    { name: 'videos', label: 'Videos', path: '/videos', status: 200, source: 'route' },
    { name: 'login', label: 'Login', path: '/account/login', status: 200, source: 'route' },
    { name: 'offline', label: 'Offline page', path: '/offline', status: 200, source: 'route (docs/offline.md)' },
    { name: 'not-found', label: '404', path: '/this-page-does-not-exist-quality', status: 404, source: 'route', lighthousePath: '/404.html' },
  ];
}

/**
 * Templates selected by the QUALITY_TEMPLATES environment variable (comma-separated names), or all.
 * @returns {TemplateUrl[]}
 */
export function selectedTemplates() {
  const all = templateUrls();
  const wanted = (process.env.QUALITY_TEMPLATES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (wanted.length === 0) return all;
  const unknown = wanted.filter((w) => !all.some((t) => t.name === w));
  if (unknown.length) throw new Error(`QUALITY_TEMPLATES: unknown template(s) ${unknown.join(', ')}; known: ${all.map((t) => t.name).join(', ')}`);
  return all.filter((t) => wanted.includes(t.name));
}
