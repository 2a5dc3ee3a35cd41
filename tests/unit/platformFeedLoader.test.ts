/**
 * The club platform's content API loader (src/loaders/platformFeedLoader.ts and
 * DEVELOPERS.md "Everything from outside is untrusted"): what a production build reads when
 * CONTENT_API_URL is set. Each feed is fetched over real HTTP from a small local server; the
 * loader runs on a fake loader context whose parseData is the collection's own zod schema. A feed
 * that fails — network, status, JSON, emptiness, an invalid or duplicate item — fails the build
 * naming the feed URL and item; HTML bodies are sanitised before anything stores them.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { platformFeedLoader, type PlatformFeed } from '../../src/loaders/platformFeedLoader';
import { SINGLE_ENTRY_ID } from '../../src/loaders/entryIds';
import { BODIES_FOLDER, bodyFileOf, entryBodyHtml } from '../../src/loaders/contentBodies';
import { teamSchema } from '../../src/schemas/football';

const work = mkdtempSync(path.join(tmpdir(), 'terrace-platform-feed-'));

/** What the local content API answers at a path: status and body text. */
type Answer = { status: number; body: string };
const answers = new Map<string, Answer>();
/** The headers of the last request the server saw. */
let lastHeaders: IncomingHttpHeaders = {};
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    lastHeaders = request.headers;
    const answer = answers.get(request.url ?? '') ?? { status: 404, body: '{"error":"not found"}' };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/content`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  answers.clear();
});

/** The feed at `feedPath` answers `body` (JSON-encoded unless a string) with `status`. */
function serve(feedPath: string, body: unknown, status = 200): string {
  answers.set(`/content/${feedPath}`, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return `${base}/${feedPath}`;
}

type Stored = { id: string; data: Record<string, unknown>; rendered?: { html: string; metadata?: Record<string, unknown> } };

/** A loader context over an in-memory store, validating with `schema`; returns what the loader stored and logged. */
function fakeContext(collection: string, schema: z.ZodType, cacheDir: string) {
  const entries = new Map<string, Stored>([['left-over', { id: 'left-over', data: {} }]]);
  const logged: string[] = [];
  const context = {
    collection,
    config: { cacheDir: pathToFileURL(cacheDir + path.sep) },
    store: {
      clear: () => entries.clear(),
      set: (entry: Stored) => (entries.set(entry.id, entry), true),
      get: (id: string) => entries.get(id),
      values: () => [...entries.values()],
      delete: (id: string) => entries.delete(id),
    },
    parseData: async ({ data }: { data: unknown }) => schema.parse(data),
    generateDigest: (value: unknown) => JSON.stringify(value).length.toString(16),
    logger: { info: (line: string) => logged.push(line), warn: (line: string) => logged.push(line) },
  } as unknown as LoaderContext;
  return { context, entries, logged };
}

/** Runs the loader for `feedPath` with the content API at `base`; resolves to the store or rejects with the build's error. */
async function load(feedPath: string, options: Omit<PlatformFeed, 'path'> & { schema?: z.ZodType; collection?: string } = { idOf: 'id' }) {
  vi.stubEnv('CONTENT_API_URL', `${base}/`);
  const cacheDir = mkdtempSync(path.join(work, 'cache-'));
  const { schema, collection, ...feed } = options;
  const fake = fakeContext(collection ?? 'teams', schema ?? teamSchema, cacheDir);
  await platformFeedLoader({ ...feed, path: feedPath } as PlatformFeed).load(fake.context);
  return { ...fake, cacheDir };
}

/** Two teams from the embedded dataset: the platform answers entities in exactly the embedded shapes. */
const teams = (JSON.parse(readFileSync('data/club/teams.json', 'utf8')) as { id: string; name: string }[]).slice(0, 2);
const [first, second] = teams.map((t) => t.id) as [string, string];

describe('platformFeedLoader: a good feed', () => {
  it('stores each item, validated by the collection schema, in place of what the store held', async () => {
    const url = serve('teams', teams);
    const { entries, logged } = await load('teams');
    expect([...entries.keys()]).toEqual([first, second]);
    expect(entries.get(second)?.data).toMatchObject({ name: teams[1]!.name });
    expect(logged).toContain(`2 entries from feed "${url}"`);
  });

  it('takes the list from a { data: [...] } envelope too', async () => {
    serve('teams', { data: teams, meta: { total: 2 } });
    const { entries } = await load('teams');
    expect([...entries.keys()]).toEqual([first, second]);
  });

  it('sends the CONTENT_API_TOKEN as a bearer token, and no authorization without one', async () => {
    serve('teams', teams);
    vi.stubEnv('CONTENT_API_TOKEN', 'platform-token-for-tests');
    await load('teams');
    expect(lastHeaders.authorization).toBe('Bearer platform-token-for-tests');
    expect(lastHeaders.accept).toBe('application/json');
    vi.stubEnv('CONTENT_API_TOKEN', '');
    await load('teams');
    expect(lastHeaders.authorization).toBeUndefined();
  });
});

describe('platformFeedLoader: a single-entity feed (settings, streamer)', () => {
  const settingsSchema = z.object({ clubName: z.string() });

  it("stores its one entity as the embedded file's, whatever the entity calls itself", async () => {
    serve('settings/platform', { clubName: 'Stoke City', id: 'platform-7' });
    const { entries } = await load('settings/platform', { single: true, schema: settingsSchema, collection: 'platformSettings' });
    expect([...entries.keys()]).toEqual([SINGLE_ENTRY_ID]);
    expect(SINGLE_ENTRY_ID).toBe('default');
    expect(entries.get('default')?.data).toEqual({ clubName: 'Stoke City' });
  });

  it('takes a list of one, and fails a list of more naming the feed', async () => {
    serve('settings/platform', { data: [{ clubName: 'Stoke City' }] });
    const { entries } = await load('settings/platform', { single: true, schema: settingsSchema, collection: 'platformSettings' });
    expect(entries.get('default')?.data).toEqual({ clubName: 'Stoke City' });
    const url = serve('settings/platform', [{ clubName: 'Stoke City' }, { clubName: 'Port Vale' }]);
    await expect(load('settings/platform', { single: true, schema: settingsSchema, collection: 'platformSettings' })).rejects.toThrow(
      `Content feed "${url}", collection "platformSettings": expected one entity, got 2`,
    );
  });
});

describe('platformFeedLoader: ids from the entity', () => {
  it('names each entity by a function of its fields (a league table by competition and season)', async () => {
    const tableSchema = z.object({ competition: z.string(), season: z.string() });
    serve('league-tables', [
      { competition: 'championship', season: '2024-25' },
      { competition: 'championship', season: '2025-26' },
    ]);
    const { entries } = await load('league-tables', {
      idOf: (table) => `${String(table.competition)}/${String(table.season)}`,
      schema: tableSchema,
      collection: 'leagueTables',
    });
    expect([...entries.keys()]).toEqual(['championship/2024-25', 'championship/2025-26']);
  });

  it("fails naming the entity's position when its id cannot be made", async () => {
    const url = serve('league-tables', [{ competition: 'championship', season: '2024-25' }, { competition: 'championship' }]);
    const idOf = (table: Record<string, unknown>) => {
      if (typeof table.season !== 'string') throw new Error('no season');
      return `${String(table.competition)}/${table.season}`;
    };
    await expect(load('league-tables', { idOf, schema: z.object({}), collection: 'leagueTables' })).rejects.toThrow(
      `Content feed "${url}", collection "leagueTables", item "#1": no season`,
    );
    await expect(load('league-tables', { idOf: () => '', schema: z.object({}), collection: 'leagueTables' })).rejects.toThrow(
      `Content feed "${url}", collection "leagueTables", item "#0": no id`,
    );
  });
});

describe('platformFeedLoader: a bad feed fails the build naming the feed and item', () => {
  it('a status that is not 2xx', async () => {
    const url = serve('teams', { error: 'maintenance' }, 503);
    await expect(load('teams')).rejects.toThrow(`Content feed "${url}", collection "teams": HTTP 503`);
  });

  it('an unreachable content API', async () => {
    vi.stubEnv('CONTENT_API_URL', 'http://127.0.0.1:9/content');
    const cacheDir = mkdtempSync(path.join(work, 'cache-'));
    const { context } = fakeContext('teams', teamSchema, cacheDir);
    await expect(platformFeedLoader({ path: 'teams', idOf: 'id' }).load(context)).rejects.toThrow(
      'Content feed "http://127.0.0.1:9/content/teams", collection "teams": ',
    );
  });

  it('a body that is not JSON', async () => {
    const url = serve('teams', '<html>Bad gateway</html>');
    await expect(load('teams')).rejects.toThrow(`Content feed "${url}", collection "teams": `);
  });

  it('an empty list: never publishes an emptied site', async () => {
    const url = serve('teams', []);
    await expect(load('teams')).rejects.toThrow(`Content feed "${url}", collection "teams": the feed is empty; refusing to publish an emptied site`);
  });

  it('an item that is not an object', async () => {
    const url = serve('teams', [teams[0], 'not an object']);
    await expect(load('teams')).rejects.toThrow(`Content feed "${url}", collection "teams", item "#1": expected an object`);
  });

  it('an item the schema rejects, naming the item and the field', async () => {
    const url = serve('teams', [teams[0], { ...teams[1], name: 42 }]);
    const error = await load('teams').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`Content feed "${url}", collection "teams", item "${second}": `);
    expect((error as Error).message).toContain('name');
  });

  it('two items with the same id', async () => {
    const url = serve('teams', [teams[0], teams[0]]);
    await expect(load('teams')).rejects.toThrow(`Content feed "${url}", collection "teams", item "${first}": duplicate id`);
  });

  it('keeps what the store held when the feed fails', async () => {
    serve('teams', [teams[0], { ...teams[1], name: 42 }]);
    vi.stubEnv('CONTENT_API_URL', `${base}/`);
    const { context, entries } = fakeContext('teams', teamSchema, mkdtempSync(path.join(work, 'cache-')));
    await expect(platformFeedLoader({ path: 'teams', idOf: 'id' }).load(context)).rejects.toThrow();
    expect([...entries.keys()]).toEqual(['left-over']);
  });
});

describe('platformFeedLoader: HTML bodies (news, pages)', () => {
  const articleSchema = z.object({ slug: z.string(), title: z.string() });
  const hostile =
    '<h2 id="report">Report</h2><p onclick="steal()">Full time.<script>steal()</script></p>' +
    '<a href="javascript:steal()">Highlights</a> <a href="https://tickets.example/">Tickets</a>' +
    '<img src="/media/a.jpg" alt="Goal" onerror="steal()"><style>body{display:none}</style><iframe src="https://evil.example/"></iframe>';

  it('sanitises each body before storing it, in a body file beside the store, out of the entry', async () => {
    serve('news', [
      { slug: 'report', title: 'Report', body: hostile },
      { slug: 'empty', title: 'Empty', body: '' },
    ]);
    const { entries, cacheDir } = await load('news', { idOf: 'slug', html: true, schema: articleSchema, collection: 'news' });
    const report = entries.get('report');
    expect(report?.data).toEqual({ slug: 'report', title: 'Report' });
    expect(report?.rendered?.html).toBe('');
    expect(bodyFileOf(report!)).toMatch(/^news\/[0-9a-f]{64}\.html$/);
    const html = entryBodyHtml({ ...report!, collection: 'news' });
    expect(html).toBe(
      '<h2 id="report">Report</h2><p>Full time.</p><a>Highlights</a> <a href="https://tickets.example/" rel="noopener noreferrer">Tickets</a><img src="/media/a.jpg" alt="Goal" />',
    );
    expect(existsSync(path.join(cacheDir, BODIES_FOLDER, bodyFileOf(report!)!))).toBe(true);
    // An empty body stays empty.
    expect(entryBodyHtml({ ...entries.get('empty')!, collection: 'news' })).toBe('');
  });

  it('fails an item without its body, or with one that is not HTML text, naming it', async () => {
    const url = serve('news', [
      { slug: 'report', title: 'Report', body: '<p>Full time.</p>' },
      { slug: 'lost', title: 'Lost' },
    ]);
    await expect(load('news', { idOf: 'slug', html: true, schema: articleSchema, collection: 'news' })).rejects.toThrow(
      `Content feed "${url}", collection "news", item "lost": body: expected an HTML string, got undefined`,
    );
    serve('news', [{ slug: 'report', title: 'Report', body: { html: '<p>Full time.</p>' } }]);
    await expect(load('news', { idOf: 'slug', html: true, schema: articleSchema, collection: 'news' })).rejects.toThrow(
      `collection "news", item "report": body: expected an HTML string, got object`,
    );
  });

  it('deletes the body files no entry names any more', async () => {
    serve('news', [{ slug: 'report', title: 'Report', body: '<p>Full time.</p>' }]);
    vi.stubEnv('CONTENT_API_URL', `${base}/`);
    const cacheDir = mkdtempSync(path.join(work, 'cache-'));
    const stale = path.join(cacheDir, BODIES_FOLDER, 'news', `${'0'.repeat(64)}.html`);
    mkdirSync(path.dirname(stale), { recursive: true });
    writeFileSync(stale, '<p>An article the platform removed.</p>');
    const { context } = fakeContext('news', articleSchema, cacheDir);
    await platformFeedLoader({ path: 'news', idOf: 'slug', html: true }).load(context);
    expect(existsSync(stale)).toBe(false);
    expect(readdirSync(path.dirname(stale))).toHaveLength(1);
  });
});
