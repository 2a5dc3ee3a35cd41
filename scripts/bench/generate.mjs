// @ts-check
/**
 * Synthetic club archive for the build benchmark (./build.mjs): a content folder in the shape of
 * data/ (TERRACE_CONTENT_DIR) with N news articles (copies of the demo's, each with its own slug,
 * title, time and a line of body), N/10 more fixtures with match reports, players up to N/30 and
 * N/100 content pages under an "archive" hub; data/club and data/real copied unchanged.
 * Deterministic: the same N gives the same files.
 */
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { matchIdFor } from '../../src/lib/clubNames.ts';

/**
 * The newest generated article: the evening before the dataset's as-of instant
 * (data/club/dataset.json `asOf`), so nothing is published after the site's clock.
 */
const NEWEST = Date.parse(JSON.parse(await readFile(path.resolve('data/club/dataset.json'), 'utf8')).asOf) - 14 * 3_600_000;
const HOUR = 3_600_000;

/**
 * @param {string} source The real dataset folder (data/).
 * @param {string} target Folder to create (removed first).
 * @param {number} n Number of news articles.
 * @returns {Promise<{ news: number, matches: number, players: number, pages: number }>}
 */
export async function generateArchive(source, target, n) {
  await rm(target, { recursive: true, force: true });
  await mkdir(path.join(target, 'demo/news'), { recursive: true });
  await cp(path.join(source, 'club'), path.join(target, 'club'), { recursive: true });
  await cp(path.join(source, 'real'), path.join(target, 'real'), { recursive: true });
  for (const file of await readdir(path.join(source, 'demo'))) {
    if (file.endsWith('.json') && !['players.json', 'matches.json'].includes(file)) {
      await cp(path.join(source, 'demo', file), path.join(target, 'demo', file));
    }
  }

  // ---- fixtures of the other teams ----
  /** @type {Record<string, any>[]} */
  const demoMatches = JSON.parse(await readFile(path.join(source, 'demo/matches.json'), 'utf8'));
  const teams = ['u21', 'u18', 'women'];
  const templatesByTeam = Object.fromEntries(teams.map((t) => [t, demoMatches.filter((m) => m.teamSlug === t)]));
  for (const t of teams) if (!templatesByTeam[t]?.length) throw new Error(`bench: demo/matches.json has no ${t} fixture to copy`);
  const extraMatches = Math.floor(n / 10);
  /** @type {Record<string, any>[]} */
  const generatedMatches = [];
  const lastSaturday = Date.parse('2023-05-06T00:00:00Z');
  for (let j = 0; j < extraMatches; j += 1) {
    const team = /** @type {string} */ (teams[j % teams.length]);
    const week = Math.floor(j / teams.length);
    const templates = /** @type {Record<string, any>[]} */ (templatesByTeam[team]);
    const template = /** @type {Record<string, any>} */ (templates[week % templates.length]);
    const date = new Date(lastSaturday - week * 7 * 24 * HOUR).toISOString().slice(0, 10);
    const year = Number(date.slice(0, 4));
    const startYear = Number(date.slice(5, 7)) >= 7 ? year : year - 1;
    const season = `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
    const ftHome = (j * 7) % 4;
    const ftAway = (j * 3) % 3;
    generatedMatches.push({
      ...template,
      season,
      date,
      ftHome,
      ftAway,
      htHome: Math.min(ftHome, 1),
      htAway: Math.min(ftAway, 1),
      etHome: null,
      etAway: null,
      penHome: null,
      penAway: null,
      status: 'played',
      result: null,
      round: template.round ?? null,
    });
  }
  for (const m of generatedMatches) {
    const home = m.stokeHome;
    m.result = m.ftHome === m.ftAway ? 'D' : m.ftHome > m.ftAway === home ? 'W' : 'L';
  }
  await writeJson(path.join(target, 'demo/matches.json'), [...demoMatches, ...generatedMatches]);

  // ---- players ----
  /** @type {Record<string, any>[]} */
  const demoPlayers = JSON.parse(await readFile(path.join(source, 'demo/players.json'), 'utf8'));
  const playerCount = Math.max(demoPlayers.length, Math.round(n / 30));
  const imageKey = demoPlayers[0]?.imageKey;
  const players = [...demoPlayers];
  for (let k = demoPlayers.length; k < playerCount; k += 1) {
    const template = /** @type {Record<string, any>} */ (demoPlayers[k % demoPlayers.length]);
    players.push({ ...template, slug: `${template.slug}-${k}`, lastName: `${template.lastName} ${roman(Math.floor(k / demoPlayers.length) + 1)}`, imageKey });
  }
  await writeJson(path.join(target, 'demo/players.json'), players);

  // ---- news ----
  const newsDir = path.join(source, 'demo/news');
  const newsFiles = (await readdir(newsDir)).filter((f) => f.endsWith('.md')).sort();
  /** @type {{ file: string, text: string }[]} */
  const newsTemplates = [];
  for (const file of newsFiles) newsTemplates.push({ file, text: await readFile(path.join(newsDir, file), 'utf8') });
  const heroKey = /^ {2}key:\s*"?([^"\n]+)"?$/m.exec(newsTemplates[0]?.text ?? '')?.[1];
  if (!heroKey) throw new Error('bench: cannot read an image key from the first demo article');
  const articles = Math.max(n, 0);
  const reportEvery = extraMatches > 0 ? Math.max(1, Math.floor((articles - newsTemplates.length) / extraMatches)) : Infinity;
  let written = 0;
  /** @type {Promise<void>[]} */
  let batch = [];
  for (let i = 0; i < articles; i += 1) {
    const template = /** @type {{ file: string, text: string }} */ (newsTemplates[i % newsTemplates.length]);
    if (i < newsTemplates.length) {
      batch.push(writeFile(path.join(target, 'demo/news', template.file), template.text));
    } else {
      const g = i - newsTemplates.length;
      const slug = `${template.file.replace(/\.md$/, '')}-${i}`;
      const published = new Date(NEWEST - i * 6 * HOUR).toISOString().replace(/\.000Z$/, '+00:00');
      const match = g % reportEvery === 0 ? generatedMatches[g / reportEvery] : undefined;
      let text = template.text
        .replace(/^slug:.*$/m, `slug: "${slug}"`)
        .replace(/^title:\s*"?(.*?)"?$/m, (_, title) => `title: ${JSON.stringify(`${String(title).slice(0, 140)} (${i})`)}`)
        .replace(/^published_date:.*$/m, `published_date: "${published}"`)
        .replace(/^( {2}key:).*$/m, `$1 "${heroKey}"`)
        .replace(/^matchID:.*\n/m, '');
      if (match) {
        text = text
          .replace(/^teamSlugs:.*$/m, `teamSlugs: ["${match.teamSlug}"]`)
          .replace(/^slug:.*$/m, (line) => `${line}\nmatchID: "${matchIdFor(match.date, String(match.opponent ?? ''))}"`);
      }
      // A line of its own, so no two bodies are identical (the content store would otherwise
      // share one copy of a repeated body, which a real archive never allows).
      text = `${text.trimEnd()}\n\n_Archive copy ${i}: first published ${published.slice(0, 10)}._\n`;
      batch.push(writeFile(path.join(target, 'demo/news', `${slug}.md`), text));
    }
    written += 1;
    if (batch.length >= 256) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);

  // ---- content pages ----
  await cp(path.join(source, 'demo/pages'), path.join(target, 'demo/pages'), { recursive: true });
  const extraPages = Math.floor(n / 100);
  if (extraPages > 0) {
    const defaultBody = await firstPageBody(path.join(source, 'demo/pages'), 'Default');
    const hubId = 900000;
    const ids = Array.from({ length: extraPages }, (_, k) => hubId + 1 + k);
    await writeFile(
      path.join(target, 'demo/pages/archive.md'),
      page(
        { postID: hubId, title: 'Club archive', template: 'Hub', slug: 'archive', fullPath: 'archive', level: 1, order: 99, childIds: ids },
        'The club archive: reports, programmes and records from past seasons.',
      ),
    );
    await mkdir(path.join(target, 'demo/pages/archive'), { recursive: true });
    for (let k = 0; k < extraPages; k += 1) {
      const slug = `archive-page-${k + 1}`;
      await writeFile(
        path.join(target, 'demo/pages/archive', `${slug}.md`),
        page(
          {
            postID: hubId + 1 + k,
            title: `Archive page ${k + 1}`,
            template: 'Default',
            slug,
            fullPath: `archive/${slug}`,
            level: 2,
            order: k + 1,
            childIds: [],
          },
          defaultBody,
        ),
      );
    }
  }
  const demoPages = (await readdir(path.join(source, 'demo/pages'), { recursive: true })).filter((f) => String(f).endsWith('.md')).length;
  return {
    news: written,
    matches: demoMatches.length + generatedMatches.length,
    players: players.length,
    pages: demoPages + (extraPages > 0 ? extraPages + 1 : 0),
  };
}

/**
 * @param {{ postID: number, title: string, template: string, slug: string, fullPath: string, level: number, order: number, childIds: number[] }} p
 * @param {string} body
 */
function page(p, body) {
  return `---
postID: ${p.postID}
postTitle: ${JSON.stringify(p.title)}
postStatus: "Published"
pageTemplate: "${p.template}"
savedTimestamp: 1707421609000
pageOrder: ${p.order}
pageSlug: "${p.slug}"
fullPath: "${p.fullPath}"
publishedDate: "2024-01-15"
publishedTime: "10:00"
nestedLevel: ${p.level}
postType: "internal"
linkSlug: null
externalUrl: null
newTab: false
childIds: [${p.childIds.join(', ')}]
summary: ${JSON.stringify(`${p.title}: generated for the build benchmark.`)}
heroImage: null
listStyle: false
showInMenu: true
callToAction: null
demo: true
---

${body.trim()}
`;
}

/** The Markdown body of the first demo page with this template. @param {string} dir @param {string} template */
async function firstPageBody(dir, template) {
  const files = (await readdir(dir, { recursive: true }))
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .sort();
  for (const file of files) {
    const text = await readFile(path.join(dir, file), 'utf8');
    if (text.includes(`pageTemplate: "${template}"`)) return text.replace(/^---[\s\S]*?\n---\n/, '');
  }
  return 'Generated page.';
}

/** @param {string} file @param {unknown} value */
async function writeJson(file, value) {
  await writeFile(file, `${JSON.stringify(value, null, 1)}\n`);
}

/** 1 → 'I', 2 → 'II' … (a readable suffix for copied players' names). @param {number} k */
function roman(k) {
  const table = /** @type {const} */ ([
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ]);
  let out = '';
  let rest = k;
  for (const [value, numeral] of table) {
    while (rest >= value) {
      out += numeral;
      rest -= value;
    }
  }
  return out;
}

/**
 * One editor's change to a generated archive, for the rebuild measurements of the build
 * benchmark: `apply()` makes it, `undo()` restores the archive as generated.
 * @typedef {{ slug: string, title: string, apply: () => Promise<void>, undo: () => Promise<void> }} ArchiveChange
 */

/**
 * A new article, published an hour after the newest one (still before the dataset's as-of
 * instant): a copy of the first demo article with its own slug, title and body line.
 * @param {string} target The generated archive (as made by generateArchive).
 * @returns {Promise<ArchiveChange>}
 */
export async function newArticle(target) {
  const dir = path.join(target, 'demo/news');
  const template = (await readdir(dir)).filter((f) => f.endsWith('.md')).sort()[0];
  if (!template) throw new Error('bench: the archive has no article to copy');
  const text = await readFile(path.join(dir, template), 'utf8');
  const slug = 'bench-breaking-news';
  const title = 'Breaking: the benchmark publishes one new article';
  const published = new Date(NEWEST + HOUR).toISOString().replace(/\.000Z$/, '+00:00');
  const file = path.join(dir, `${slug}.md`);
  const body = text
    .replace(/^slug:.*$/m, `slug: "${slug}"`)
    .replace(/^title:.*$/m, `title: ${JSON.stringify(title)}`)
    .replace(/^published_date:.*$/m, `published_date: "${published}"`)
    .replace(/^matchID:.*\n/m, '');
  return {
    slug,
    title,
    apply: () => writeFile(file, `${body.trimEnd()}\n\n_Published by the build benchmark._\n`),
    undo: () => rm(file, { force: true }),
  };
}

/**
 * An edit of one archived article (the one in the middle of the archive by file name): a corrected
 * title and one more sentence in its body. Its slug and date stay.
 * @param {string} target The generated archive.
 * @returns {Promise<ArchiveChange>}
 */
export async function editedArticle(target) {
  const dir = path.join(target, 'demo/news');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md') && !f.startsWith('bench-')).sort();
  const name = files[Math.floor(files.length / 2)];
  if (!name) throw new Error('bench: the archive has no article to edit');
  const file = path.join(dir, name);
  const original = await readFile(file, 'utf8');
  const slug = /^slug:\s*"?([^"\n]+)"?$/m.exec(original)?.[1] ?? name.replace(/\.md$/, '');
  const title = `${/^title:\s*"?(.*?)"?$/m.exec(original)?.[1] ?? slug} (corrected)`;
  return {
    slug,
    title,
    apply: () =>
      writeFile(
        file,
        `${original.replace(/^title:.*$/m, `title: ${JSON.stringify(title)}`).trimEnd()}\n\n_Correction: an earlier version of this article misspelt a name._\n`,
      ),
    undo: () => writeFile(file, original),
  };
}

/**
 * A deleted article: the last generated article by file name (an old one, linked from listings
 * and maybe from other articles' related news) is removed.
 * @param {string} target The generated archive.
 * @returns {Promise<ArchiveChange>}
 */
export async function deletedArticle(target) {
  const dir = path.join(target, 'demo/news');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.md') && !f.startsWith('bench-')).sort();
  const name = files.at(-1);
  if (!name) throw new Error('bench: the archive has no article to delete');
  const file = path.join(dir, name);
  const original = await readFile(file, 'utf8');
  const slug = /^slug:\s*"?([^"\n]+)"?$/m.exec(original)?.[1] ?? name.replace(/\.md$/, '');
  const title = /^title:\s*"?(.*?)"?$/m.exec(original)?.[1] ?? slug;
  return { slug, title, apply: () => rm(file), undo: () => writeFile(file, original) };
}

/**
 * A corrected result: the first played fixture of demo/matches.json gets one more home goal at
 * full time (fixtures data changes all through a matchday; the news pages do not show it).
 * @param {string} target The generated archive.
 * @returns {Promise<ArchiveChange>}
 */
export async function changedScore(target) {
  const file = path.join(target, 'demo/matches.json');
  const original = await readFile(file, 'utf8');
  /** @type {{ status?: string, ftHome?: number | null, home?: string, away?: string, date?: string }[]} */
  const matches = JSON.parse(original);
  const match = matches.find((m) => m.status === 'played' && typeof m.ftHome === 'number');
  if (!match) throw new Error('bench: the archive has no played fixture to correct');
  const label = `${match.home} v ${match.away}, ${match.date}`;
  match.ftHome = Number(match.ftHome) + 1;
  return {
    slug: label,
    title: label,
    apply: () => writeFile(file, JSON.stringify(matches, null, 2)),
    undo: () => writeFile(file, original),
  };
}
