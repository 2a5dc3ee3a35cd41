/**
 * A stand-in for the club platform's content API (docs/content-api.md), for tests: it answers
 * GET `<url>/<feed path>` with the embedded dataset's entities in the platform's shapes — the JSON
 * feeds' records as they are, each with the id field the platform names it by (the embedded
 * loaders' own ids, src/loaders/entryIds.ts); fixtures, seasons
 * and league tables as the embedded loaders make them; news and pages with their front matter as
 * the entity and their Markdown turned into an HTML `body`. With a `token`, a request without
 * `Authorization: Bearer <token>` gets 401. Tests change `feeds` to serve bad content.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LoaderContext } from 'astro/loaders';
import { load as parseYaml } from 'js-yaml';
import { faqId, videoId } from '../../src/loaders/entryIds';
import { leagueTablesLoader, matchesLoader, seasonsLoader } from '../../src/loaders/footballLoaders';

/** An entity as the content API answers it. */
export type FeedRecord = Record<string, unknown>;

/** A running stand-in: its base URL (CONTENT_API_URL), the feeds it serves by path, and the paths asked for. */
export interface ContentApiStandIn {
  url: string;
  feeds: Map<string, FeedRecord[] | FeedRecord>;
  requests: string[];
  close(): Promise<void>;
}

/** The JSON files of the embedded dataset by feed path, and the field each entity is named by on the platform. */
const JSON_FEEDS: { path: string; file: string; idOf?: string; idFrom?: (record: FeedRecord, index: number) => string; single?: true }[] = [
  { path: 'settings/site', file: 'club/site-settings.json', single: true },
  { path: 'settings/platform', file: 'club/platform-settings.json', single: true },
  { path: 'streamer', file: 'club/streamer.json', single: true },
  { path: 'teams', file: 'club/teams.json', idOf: 'id' },
  { path: 'competitions', file: 'club/competitions.json', idOf: 'id' },
  { path: 'match-events', file: 'demo/match-events.json', idOf: 'matchID' },
  { path: 'players', file: 'demo/players.json', idOf: 'slug' },
  { path: 'news-categories', file: 'club/news-categories.json', idOf: 'slug' },
  { path: 'menus', file: 'club/menus.json', idOf: 'name' },
  { path: 'faqs', file: 'demo/faqs.json', idOf: 'id', idFrom: faqId },
  { path: 'sponsor-rows', file: 'demo/sponsor-rows.json', idOf: 'rowID' },
  { path: 'advert-slots', file: 'demo/advert-slots.json', idOf: 'slotID' },
  { path: 'footer-adverts', file: 'demo/footer-adverts.json', idOf: 'id' },
  { path: 'promo-overlays', file: 'demo/promo-overlays.json', idOf: 'promoID' },
  { path: 'videos', file: 'demo/videos.json', idOf: 'id', idFrom: videoId },
  { path: 'video-categories', file: 'club/video-categories.json', idOf: 'slug' },
  { path: 'packages', file: 'demo/packages.json', idOf: 'id' },
  { path: 'streams', file: 'demo/streams.json', idOf: 'id' },
];

/** The records of one embedded loader (run on a context that keeps what it stores); with `idAs`, each with its store id in that field. */
async function loaderRecords(loader: { load: (context: LoaderContext) => Promise<void> }, collection: string, idAs?: string): Promise<FeedRecord[]> {
  const records: FeedRecord[] = [];
  const context = {
    collection,
    store: {
      clear: () => (records.length = 0),
      set: (entry: { id: string; data: FeedRecord }) => (records.push(idAs ? { ...entry.data, [idAs]: entry.id } : entry.data), true),
    },
    parseData: async ({ data }: { data: FeedRecord }) => data,
    generateDigest: () => '',
    logger: { info: () => undefined, warn: () => undefined },
  } as unknown as LoaderContext;
  await loader.load(context);
  return records;
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A small Markdown subset (headings, lists, paragraphs, bold, links) as the platform's HTML: enough for a body to show. */
export function markdownToHtml(markdown: string): string {
  const inline = (text: string) =>
    escapeText(text)
      .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => `<a href="${href.replace(/"/g, '&quot;')}">${label}</a>`);
  if (markdown.trim() === '') return '';
  return markdown
    .trim()
    .split(/\n{2,}/)
    .map((block) => {
      const heading = /^(#{2,4}) (.*)$/.exec(block);
      if (heading) return `<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`;
      const lines = block.split('\n');
      if (lines.every((line) => line.startsWith('- '))) return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${inline(lines.join(' '))}</p>`;
    })
    .join('\n');
}

/** The Markdown files of a folder (recursively) as entities: front matter plus `body` HTML. */
function markdownRecords(folder: string): FeedRecord[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(folder, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
      if (!match) throw new Error(`${file}: no front matter`);
      return { ...(parseYaml(match[1]!) as FeedRecord), body: markdownToHtml(match[2]!) };
    });
}

/**
 * Every feed of the content API, from the embedded dataset at `dataDir` (TERRACE_CONTENT_DIR is
 * set to it while the football loaders read it).
 */
export async function embeddedFeeds(dataDir = 'data'): Promise<Map<string, FeedRecord[] | FeedRecord>> {
  const feeds = new Map<string, FeedRecord[] | FeedRecord>();
  for (const feed of JSON_FEEDS) {
    const value = JSON.parse(readFileSync(path.join(dataDir, feed.file), 'utf8')) as FeedRecord[] | FeedRecord;
    if (feed.single) {
      feeds.set(feed.path, value);
      continue;
    }
    const list = Array.isArray(value) ? value : [value];
    feeds.set(
      feed.path,
      list.map((record, index) => (feed.idFrom && feed.idOf ? { ...record, [feed.idOf]: feed.idFrom(record, index) } : record)),
    );
  }
  const previous = process.env.TERRACE_CONTENT_DIR;
  process.env.TERRACE_CONTENT_DIR = path.resolve(dataDir);
  try {
    // Fixtures are named by an `id` field; seasons by their slug and league tables by their
    // competition and season, fields the entities have.
    feeds.set('matches', await loaderRecords(matchesLoader(), 'matches', 'id'));
    feeds.set('seasons', await loaderRecords(seasonsLoader(), 'seasons'));
    feeds.set('league-tables', await loaderRecords(leagueTablesLoader(), 'leagueTables'));
  } finally {
    if (previous === undefined) delete process.env.TERRACE_CONTENT_DIR;
    else process.env.TERRACE_CONTENT_DIR = previous;
  }
  feeds.set('news', markdownRecords(path.join(dataDir, 'demo/news')));
  feeds.set('pages', markdownRecords(path.join(dataDir, 'demo/pages')));
  return feeds;
}

/** Starts the stand-in on 127.0.0.1 (a free port) serving `feeds` under `/content`. */
export async function startContentApi(feeds: Map<string, FeedRecord[] | FeedRecord>, options: { token?: string } = {}): Promise<ContentApiStandIn> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const feedPath = (request.url ?? '').replace(/^\/content\//, '').replace(/\?.*$/, '');
    requests.push(feedPath);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return answer(405, { error: 'method not allowed' });
    if (options.token && request.headers.authorization !== `Bearer ${options.token}`) return answer(401, { error: 'unauthorised' });
    const feed = feeds.get(feedPath);
    if (feed === undefined) return answer(404, { error: `no feed ${feedPath}` });
    // The platform wraps lists in a { data } envelope; the loader takes either.
    return answer(200, Array.isArray(feed) ? { data: feed } : feed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/content`,
    feeds,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
