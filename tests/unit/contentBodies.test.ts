/**
 * Content bodies beside the data store (src/loaders/contentBodies.ts): where a body goes,
 * what the entry keeps, how a page reads it back, what an earlier build's cache is repaired to,
 * and the loaders that use it (the Markdown loader's sanitising store, the platform feed's items).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bodiesDir, bodyFileOf, bodyFileStore, entryBodyHtml, pruneBodyFiles, withBodyFile } from '../../src/loaders/contentBodies';
import { storeItems } from '../../src/loaders/jsonFeedLoader';
import { markdownStore } from '../../src/loaders/markdownFeedLoader';
import { bodyAttacks } from '../fixtures/hostile/payloads.mjs';
import { mapStore, type StoreEntry } from '../support/dataStore';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const BODY = '<p>Kick-off moved to <strong>15:00</strong>.</p>';

let cache = '';
let dir = '';
beforeEach(() => {
  cache = mkdtempSync(path.join(os.tmpdir(), 'content-bodies-test-'));
  dir = bodiesDir({ config: { cacheDir: pathToFileURL(`${cache}/`) } as LoaderContext['config'] });
});
afterEach(() => rmSync(cache, { recursive: true, force: true }));

/** A news entry as the glob loader renders it (sanitised, so the Markdown store may move it). */
function rendered(id: string, html: string, extra: Record<string, unknown> = {}): StoreEntry {
  return {
    id,
    data: { title: id },
    digest: `digest-${id}`,
    filePath: `news/${id}.md`,
    rendered: {
      html,
      metadata: { headings: [{ depth: 2, slug: 'x', text: 'X' }], frontmatter: { title: id }, imagePaths: [], sanitizedBy: 'sanitizeContentHtml', ...extra },
    },
  };
}
const asEntry = (entry: StoreEntry | undefined, collection = 'news') => ({ collection, ...(entry as StoreEntry) });

describe('withBodyFile', () => {
  it('moves the HTML to <cacheDir>/content-bodies/<collection>/<sha256>.html and names it in the entry', () => {
    expect(dir).toBe(path.join(cache, 'content-bodies'));
    const entry = withBodyFile(rendered('a', BODY), dir, 'news');
    expect(bodyFileOf(entry)).toBe(`news/${sha256(BODY)}.html`);
    expect(readFileSync(path.join(dir, 'news', `${sha256(BODY)}.html`), 'utf8')).toBe(BODY);
    expect(entry.rendered?.html).toBe('');
    // The front matter copy goes (the data holds it); headings and the sanitiser's mark stay.
    expect(entry.rendered?.metadata).toEqual({
      headings: [{ depth: 2, slug: 'x', text: 'X' }],
      imagePaths: [],
      sanitizedBy: 'sanitizeContentHtml',
      bodyFile: `news/${sha256(BODY)}.html`,
    });
    expect(entry.data).toEqual({ title: 'a' });
    expect(entry.digest).toBe('digest-a');
  });

  it('names a changed body differently, so render keys that digest the entry change with it', () => {
    const before = withBodyFile(rendered('a', BODY), dir, 'news');
    const after = withBodyFile(rendered('a', `${BODY}<p>Update</p>`), dir, 'news');
    expect(bodyFileOf(after)).not.toBe(bodyFileOf(before));
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
  });

  it('keeps HTML that refers to local images inline (render() rewrites them)', () => {
    const entry = rendered('a', BODY, { imagePaths: ['./pitch.jpg'] });
    expect(withBodyFile(entry, dir, 'news')).toBe(entry);
    const local = rendered('b', BODY, { localImagePaths: ['./pitch.jpg'] });
    expect(withBodyFile(local, dir, 'news')).toBe(local);
    expect(existsSync(path.join(dir, 'news'))).toBe(false);
  });

  it('leaves an entry that already names its body file as it is', () => {
    const moved = withBodyFile(rendered('a', BODY), dir, 'news');
    expect(withBodyFile(moved, dir, 'news')).toBe(moved);
    expect(readdirSync(path.join(dir, 'news'))).toEqual([`${sha256(BODY)}.html`]);
  });

  it('leaves entries without HTML as they are', () => {
    const entry = { id: 'x', data: {}, digest: 'd' };
    expect(withBodyFile(entry, dir, 'news')).toBe(entry);
  });
});

describe('entryBodyHtml', () => {
  it('reads the body back from its file', () => {
    const entry = withBodyFile(rendered('a', BODY), dir, 'news');
    expect(entryBodyHtml(asEntry(entry))).toBe(BODY);
  });

  it('returns inline HTML of an entry without a body file', () => {
    expect(entryBodyHtml(asEntry(rendered('a', BODY, { imagePaths: ['./p.jpg'] })))).toBe(BODY);
    expect(entryBodyHtml({ id: 'x', collection: 'news' })).toBe('');
  });

  it('fails naming the entry when the file is gone', () => {
    const entry = withBodyFile(rendered('cup-final', BODY), dir, 'news');
    rmSync(path.join(dir, bodyFileOf(entry) ?? ''));
    expect(() => entryBodyHtml(asEntry(entry))).toThrow(/content body of news "cup-final"/);
  });

  it('fails when the file no longer matches its name (changed on disk)', () => {
    const entry = withBodyFile(rendered('cup-final', BODY), dir, 'news');
    writeFileSync(path.join(dir, bodyFileOf(entry) ?? ''), `${BODY}<script>alert(1)</script>`);
    expect(() => entryBodyHtml(asEntry(entry))).toThrow(/news "cup-final".*changed since it was written/);
  });

  it('refuses a body file name that is not <collection>/<sha256>.html', () => {
    const entry = { id: 'x', collection: 'news', rendered: { html: '', metadata: { bodyFile: '../../etc/passwd' } } };
    expect(() => entryBodyHtml(entry)).toThrow(/bad body file name/);
  });
});

describe('bodyFileStore: what an earlier build left', () => {
  it('deletes an entry whose body file is gone, so its loader renders it again', () => {
    const kept = withBodyFile(rendered('kept', BODY), dir, 'news');
    const lost = withBodyFile(rendered('lost', '<p>Lost</p>'), dir, 'news');
    rmSync(path.join(dir, bodyFileOf(lost) ?? ''));
    const { store, entries } = mapStore([kept, lost]);
    bodyFileStore(store, dir, 'news');
    expect([...entries.keys()]).toEqual(['kept']);
  });

  it('moves inline HTML to a file when ready() allows, keeping the digest', () => {
    const { store, entries } = mapStore([rendered('old', BODY), rendered('raw', '<p>Raw</p>')]);
    bodyFileStore(store, dir, 'news', (entry) => entry.id === 'old');
    expect(bodyFileOf(entries.get('old') ?? { rendered: undefined })).toBe(`news/${sha256(BODY)}.html`);
    expect(entries.get('old')?.digest).toBe('digest-old');
    expect(entries.get('raw')?.rendered?.html).toBe('<p>Raw</p>');
  });

  it('prune() deletes only the body files no entry names', () => {
    const { store } = mapStore();
    const bodies = bodyFileStore(store, dir, 'news');
    bodies.set(rendered('a', BODY));
    bodies.set(rendered('b', '<p>Gone soon</p>'));
    store.delete('b');
    expect(bodies.prune()).toBe(1);
    expect(readdirSync(path.join(dir, 'news'))).toEqual([`${sha256(BODY)}.html`]);
    expect(pruneBodyFiles(store, dir, 'pages')).toBe(0);
  });
});

describe('the Markdown loader store: sanitised before it is written to a file', () => {
  const attack = bodyAttacks(3)
    .filter((a) => a.startsWith('<'))
    .join('\n');
  const unsanitised = (id: string): StoreEntry => ({ id, data: {}, digest: `d-${id}`, rendered: { html: `<p>Body</p>${attack}` } });

  it('sanitises what the glob loader sets, then keeps it in a file', () => {
    const { store: inner, entries } = mapStore();
    markdownStore(inner, dir, 'news').store.set(unsanitised('a'));
    const html = entryBodyHtml(asEntry(entries.get('a')));
    expect(html).toContain('<p>Body</p>');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(entries.get('a')?.rendered?.html).toBe('');
  });

  it('sanitises an entry an older build cached unsanitised before moving it', () => {
    const { store: inner, entries } = mapStore([unsanitised('old')]);
    markdownStore(inner, dir, 'news');
    expect(bodyFileOf(entries.get('old') ?? {})).toBeDefined();
    const html = entryBodyHtml(asEntry(entries.get('old')));
    expect(html).toContain('<p>Body</p>');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    for (const file of readdirSync(path.join(dir, 'news'))) expect(readFileSync(path.join(dir, 'news', file), 'utf8')).not.toMatch(/<script|onerror/i);
  });
});

describe('storeItems with HTML bodies (the platform feed)', () => {
  function context(store: LoaderContext['store']): LoaderContext {
    return {
      collection: 'news',
      store,
      parseData: async ({ data }: { data: Record<string, unknown> }) => data,
      generateDigest: (value: unknown) => sha256(JSON.stringify(value)),
      logger: { info: () => undefined },
    } as unknown as LoaderContext;
  }

  it('stores each body with its entry in one set(), so the store does not skip it', async () => {
    const { store, entries } = mapStore();
    await storeItems(context(store), 'platform:news', [{ id: 'a', data: { title: 'A' }, html: BODY }], (entry) => withBodyFile(entry, dir, 'news'));
    expect(entryBodyHtml(asEntry(entries.get('a')))).toBe(BODY);
  });

  it('digests the body: a changed body is a changed entry', async () => {
    const { store, entries } = mapStore();
    await storeItems(context(store), 'platform:news', [{ id: 'a', data: { title: 'A' }, html: BODY }]);
    const first = entries.get('a')?.digest;
    await storeItems(context(store), 'platform:news', [{ id: 'a', data: { title: 'A' }, html: `${BODY}<p>More</p>` }]);
    expect(entries.get('a')?.digest).not.toBe(first);
    expect(entries.get('a')?.rendered?.html).toBe(`${BODY}<p>More</p>`);
  });

  it('keeps entries without a body as before (digest of the data alone)', async () => {
    const { store, entries } = mapStore();
    await storeItems(context(store), 'platform:teams', [{ id: 't', data: { name: 'T' } }]);
    expect(entries.get('t')).toEqual({ id: 't', data: { name: 'T' }, digest: sha256(JSON.stringify({ name: 'T' })) });
  });
});
