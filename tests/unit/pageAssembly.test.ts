/**
 * Page assembly (src/lib/pageAssembly.ts): the server joins pre-rendered card
 * fragments into pages. Related news skips the article itself and takes `take` cards; a listing
 * page takes its cards newest first from blocks counted from the oldest, loads the first two
 * eagerly and gets its page count; the directive builders refuse what the server would not serve.
 * Fragments are small hand-written strings read from an in-memory map. mayCarryDirectives, which
 * lets the edge function send other pages unread, is checked against the paths the routes build
 * (their own path functions; unit tests have no built site) and the routes that write directives
 * are listed from the source, so a new writer fails here until the predicate knows its paths.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AssemblyError,
  assemblePage,
  endMark,
  includeDirective,
  itemMark,
  LISTING_COUNT_FILE,
  listingBlockPath,
  listingDirective,
  listingPositions,
  mayCarryDirectives,
  PAGE_COUNT_TOKEN,
  parseFragment,
  relatedDirective,
  type FragmentReader,
} from '../../src/lib/pageAssembly';
import { newsPaths } from '../../src/queries/newsPaths';
import { laterListingPages } from '../../src/queries/newsListingPages';
import type { NewsEntry } from '../../src/queries/news';

/** A card as the build renders it: its image loads lazily unless the server makes it eager. */
const card = (slug: string) => `<article><img src="/img/${slug}.jpg" loading="lazy"><h3>${slug}</h3></article>`;
const eagerCard = (slug: string) => `<article><img src="/img/${slug}.jpg" loading="eager"><h3>${slug}</h3></article>`;

/** A fragment of `[slug, html]` items, as the build writes it. */
const fragmentOf = (items: readonly (readonly [string, string])[]) => items.map(([slug, html]) => itemMark(slug) + html).join('') + endMark();
const cardsFragment = (slugs: readonly string[]) => fragmentOf(slugs.map((slug) => [slug, card(slug)]));

/** An in-memory FragmentReader that records what it reads and rejects for a path it does not hold. */
function memory(files: Record<string, string>) {
  const reads: string[] = [];
  const read: FragmentReader = (path) => {
    reads.push(path);
    const text = files[path];
    return text === undefined ? Promise.reject(new Error(`no fragment at ${path}`)) : Promise.resolve(text);
  };
  return { read, reads };
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => expect.unreachable(`resolved with ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}

const RELATED = '/_fragments/related/club-news/';

describe('a page without an assembly mark', () => {
  it('comes back as it is, without reading a fragment', async () => {
    const { read, reads } = memory({});
    const html = `<main><p>Page 1 of ${PAGE_COUNT_TOKEN}</p><!-- an ordinary comment --></main>`;
    expect(await assemblePage(html, read)).toBe(html);
    expect(reads).toEqual([]);
  });
});

describe('related news', () => {
  const files = { [RELATED]: cardsFragment(['a', 'b', 'c', 'd', 'e']) };
  const page = (directive: string) => `<main><h1>B</h1>${directive}<footer>after</footer></main>`;

  it('skips the article itself and takes `take` cards, in place of the directive', async () => {
    const { read } = memory(files);
    expect(await assemblePage(page(relatedDirective(RELATED, 'b', 3)), read)).toBe(page(card('a') + card('c') + card('d')));
  });

  it('takes the first `take` cards when the article is not among them', async () => {
    const { read } = memory(files);
    expect(await assemblePage(page(relatedDirective(RELATED, 'z', 3)), read)).toBe(page(card('a') + card('b') + card('c')));
  });

  it('shows fewer cards when the fragment has fewer than `take` others', async () => {
    const { read } = memory({ [RELATED]: cardsFragment(['a', 'b']) });
    expect(await assemblePage(page(relatedDirective(RELATED, 'a', 4)), read)).toBe(page(card('b')));
  });

  it('reads each fragment once even when two directives name it', async () => {
    const { read, reads } = memory(files);
    const html = `${relatedDirective(RELATED, 'a', 1)}<hr>${relatedDirective(RELATED, 'b', 1)}`;
    expect(await assemblePage(html, read)).toBe(`${card('b')}<hr>${card('a')}`);
    expect(reads).toEqual([RELATED]);
  });
});

describe('an include', () => {
  const HEADER = '/_fragments/chrome/header-news/';
  const header = '<header><a href="/news" aria-current="page">News</a><script>/* island runtime */</script></header>';
  const page = (directive: string) => `<body>${directive}<main>${relatedDirective(RELATED, 'b', 1)}</main></body>`;

  it('puts in the one item of its fragment, as it is, beside other directives', async () => {
    const { read } = memory({ [HEADER]: fragmentOf([['header', header]]), [RELATED]: cardsFragment(['a', 'b']) });
    expect(await assemblePage(page(includeDirective(HEADER)), read)).toBe(`<body>${header}<main>${card('a')}</main></body>`);
  });

  it('refuses a fragment of no item or of two, and a directive with parameters', async () => {
    for (const fragment of [
      endMark(),
      fragmentOf([
        ['a', '<p>A</p>'],
        ['b', '<p>B</p>'],
      ]),
    ]) {
      const { read } = memory({ [HEADER]: fragment, [RELATED]: cardsFragment(['a', 'b']) });
      await expect(assemblePage(page(includeDirective(HEADER)), read), fragment).rejects.toThrow(AssemblyError);
    }
    const { read } = memory({ [HEADER]: fragmentOf([['header', header]]), [RELATED]: cardsFragment(['a', 'b']) });
    await expect(assemblePage(page(`<!--terrace:include ${HEADER} take=1-->`), read)).rejects.toThrow(AssemblyError);
  });

  it('refuses a related or listing directive without its parameters', async () => {
    const { read } = memory({ [RELATED]: cardsFragment(['a', 'b']) });
    await expect(assemblePage(`<!--terrace:related ${RELATED}-->`, read)).rejects.toThrow(AssemblyError);
  });

  it('is built only for a fragment path', () => {
    for (const path of ['/etc/', '/_fragments/../x/', '/_fragments/a']) expect(() => includeDirective(path), path).toThrow(AssemblyError);
  });
});

describe('listingPositions', () => {
  it('gives the oldest-first positions of a page, newest first', () => {
    expect(listingPositions(30, 1, 12)).toEqual([29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18]);
    expect(listingPositions(30, 2, 12)).toEqual([17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(listingPositions(30, 3, 12)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(listingPositions(30, 4, 12)).toEqual([]);
  });
});

describe('a listing page', () => {
  const NEWS = '/_fragments/listing/news/';
  const TOTAL = 30;
  const SIZE = 12;
  /** The article at oldest-first position `p`. */
  const slugAt = (p: number) => `article-${p}`;
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  /** 30 articles in blocks of 12 from the oldest: 0-11, 12-23, 24-29, each block oldest first. */
  function news(htmlAt: (p: number) => string = (p) => card(slugAt(p))) {
    const block = (positions: number[]) => fragmentOf(positions.map((p) => [slugAt(p), htmlAt(p)]));
    return {
      [`${NEWS}${LISTING_COUNT_FILE}`]: JSON.stringify({ total: TOTAL }),
      [listingBlockPath(NEWS, 0)]: block(range(0, 11)),
      [listingBlockPath(NEWS, 1)]: block(range(12, 23)),
      [listingBlockPath(NEWS, 2)]: block(range(24, 29)),
    };
  }
  const shell = (cards: string) => `<main><p>Page 2 of ${PAGE_COUNT_TOKEN}</p><ul>${cards}</ul><nav>${PAGE_COUNT_TOKEN} pages</nav></main>`;
  const assembled = (cards: string) => `<main><p>Page 2 of 3</p><ul>${cards}</ul><nav>3 pages</nav></main>`;

  it('shows its cards newest first across two blocks, the first two eager, and the page count', async () => {
    const { read, reads } = memory(news());
    const expected = [
      eagerCard(slugAt(17)),
      eagerCard(slugAt(16)),
      ...range(6, 15)
        .reverse()
        .map((p) => card(slugAt(p))),
    ].join('');
    expect(await assemblePage(shell(listingDirective(NEWS, 2, SIZE)), read)).toBe(assembled(expected));
    expect(reads.sort()).toEqual([`${NEWS}${LISTING_COUNT_FILE}`, listingBlockPath(NEWS, 0), listingBlockPath(NEWS, 1)].sort());
  });

  it('shows the oldest cards, from one block, on the last page', async () => {
    const { read } = memory(news());
    const expected = [eagerCard(slugAt(5)), eagerCard(slugAt(4)), ...[3, 2, 1, 0].map((p) => card(slugAt(p)))].join('');
    expect(await assemblePage(`<ul>${listingDirective(NEWS, 3, SIZE)}</ul>`, read)).toBe(`<ul>${expected}</ul>`);
  });

  it('leaves the page-count token inside a card as it is', async () => {
    const withToken = (p: number) => (p === 10 ? `<p>${PAGE_COUNT_TOKEN}</p>${card(slugAt(p))}` : card(slugAt(p)));
    const { read } = memory(news(withToken));
    const html = await assemblePage(shell(listingDirective(NEWS, 2, SIZE)), read);
    expect(html).toContain(`<p>${PAGE_COUNT_TOKEN}</p>${card(slugAt(10))}`);
    expect(html.split(PAGE_COUNT_TOKEN)).toHaveLength(2);
    expect(html.startsWith('<main><p>Page 2 of 3</p>')).toBe(true);
    expect(html.endsWith('<nav>3 pages</nav></main>')).toBe(true);
  });

  it('refuses a page past the end', async () => {
    const { read } = memory(news());
    await expect(assemblePage(listingDirective(NEWS, 4, SIZE), read)).rejects.toThrow(AssemblyError);
  });

  it('refuses a block with the wrong number of cards', async () => {
    const short = { ...news(), [listingBlockPath(NEWS, 1)]: cardsFragment(range(12, 22).map(slugAt)) };
    await expect(assemblePage(listingDirective(NEWS, 2, SIZE), memory(short).read)).rejects.toThrow(AssemblyError);
    const long = { ...news(), [listingBlockPath(NEWS, 2)]: cardsFragment(range(24, 30).map(slugAt)) };
    await expect(assemblePage(listingDirective(NEWS, 1, SIZE), memory(long).read)).rejects.toThrow(AssemblyError);
  });

  it('refuses a missing fragment, with the reader’s error as the cause', async () => {
    const missing = new Error('no such block');
    const stored = memory(news()).read;
    const read: FragmentReader = (path) => (path === listingBlockPath(NEWS, 0) ? Promise.reject(missing) : stored(path));
    const error = await rejection(assemblePage(listingDirective(NEWS, 2, SIZE), read));
    expect(error).toBeInstanceOf(AssemblyError);
    expect((error as AssemblyError).cause).toBe(missing);
  });

  it('refuses a count.json that is not JSON or has no total', async () => {
    for (const count of ['not json', '{"count":30}', '{"total":"30"}']) {
      const files = { ...news(), [`${NEWS}${LISTING_COUNT_FILE}`]: count };
      await expect(assemblePage(listingDirective(NEWS, 1, SIZE), memory(files).read), count).rejects.toThrow(AssemblyError);
    }
  });

  it('refuses a card in an eager position without a lazy image, and accepts it further down', async () => {
    const plain = (p: number) => `<article><img src="/img/${slugAt(p)}.jpg"></article>`;
    const eagerPositionPlain = news((p) => (p === 16 ? plain(p) : card(slugAt(p))));
    await expect(assemblePage(listingDirective(NEWS, 2, SIZE), memory(eagerPositionPlain).read)).rejects.toThrow(AssemblyError);
    const laterPositionPlain = news((p) => (p === 15 ? plain(p) : card(slugAt(p))));
    expect(await assemblePage(listingDirective(NEWS, 2, SIZE), memory(laterPositionPlain).read)).toContain(plain(15));
  });
});

describe('directive builders', () => {
  const badSlugs = ['a-->b', 'has space', ''];
  const badPaths = ['/etc/', '/_fragments/../x/', '/_fragments/a'];
  const badCounts = [0, -1, 1.5, Number.NaN];

  it('refuse a slug that is not one', () => {
    for (const slug of badSlugs) {
      expect(() => itemMark(slug), slug).toThrow(AssemblyError);
      expect(() => relatedDirective(RELATED, slug, 4), slug).toThrow(AssemblyError);
    }
  });

  it('refuse a path outside the fragments or without its trailing slash', () => {
    for (const path of badPaths) {
      expect(() => relatedDirective(path, 'a', 4), path).toThrow(AssemblyError);
      expect(() => listingDirective(path, 1, 12), path).toThrow(AssemblyError);
    }
  });

  it('refuse a page, size or take that is not a positive integer', () => {
    for (const n of badCounts) {
      expect(() => relatedDirective(RELATED, 'a', n), `take ${n}`).toThrow(AssemblyError);
      expect(() => listingDirective('/_fragments/listing/news/', n, 12), `page ${n}`).toThrow(AssemblyError);
      expect(() => listingDirective('/_fragments/listing/news/', 1, n), `size ${n}`).toThrow(AssemblyError);
    }
  });

  it('build directives and items that assemblePage reads back', async () => {
    const LISTING = '/_fragments/listing/category/club-news/';
    const { read } = memory({
      [RELATED]: cardsFragment(['first.one', 'second-2', 'third_3']),
      [`${LISTING}${LISTING_COUNT_FILE}`]: '{"total":2}',
      [listingBlockPath(LISTING, 0)]: cardsFragment(['old', 'new']),
    });
    const html = `<p>${PAGE_COUNT_TOKEN}</p>${listingDirective(LISTING, 1, 5)}|${relatedDirective(RELATED, 'second-2', 2)}`;
    expect(await assemblePage(html, read)).toBe(`<p>1</p>${eagerCard('new')}${eagerCard('old')}|${card('first.one')}${card('third_3')}`);
  });
});

describe('parseFragment', () => {
  it('reads the items in order', () => {
    expect(parseFragment(`\n${itemMark('a')}<p>A</p>${itemMark('b')}<p>B</p>${endMark()}`)).toEqual([
      { slug: 'a', html: '<p>A</p>' },
      { slug: 'b', html: '<p>B</p>' },
    ]);
  });

  it('reads an empty fragment (just the end mark) as no items', () => {
    expect(parseFragment(endMark())).toEqual([]);
  });

  it('refuses a fragment without an end mark', () => {
    expect(() => parseFragment(`${itemMark('a')}<p>A</p>`)).toThrow(AssemblyError);
  });

  it('refuses text before the first item', () => {
    expect(() => parseFragment(`<p>stray</p>${itemMark('a')}<p>A</p>${endMark()}`)).toThrow(AssemblyError);
  });

  it('refuses text without items and text after the end mark (a damaged fragment is not an empty row)', () => {
    expect(() => parseFragment(`<p>junk</p>${endMark()}`)).toThrow(AssemblyError);
    expect(() => parseFragment(`${itemMark('a')}<p>A</p>${endMark()}<p>tail</p>`)).toThrow(AssemblyError);
  });
});

describe('malformed directives', () => {
  it('fail the page even beside a good one', async () => {
    const { read } = memory({ [RELATED]: cardsFragment(['a', 'b']) });
    const good = relatedDirective(RELATED, 'a', 1);
    for (const bad of ['<!--terrace:related /_fragments/r skip=z take=1-->', '<!--terrace:relatd /_fragments/r/ skip=z take=1-->']) {
      await expect(assemblePage(`${good}${bad}`, read), bad).rejects.toThrow(AssemblyError);
    }
  });

  it('never reads outside /_fragments/: a directive with dot segments fails before any read', async () => {
    const { read, reads } = memory({ [RELATED]: cardsFragment(['a', 'b']) });
    for (const path of ['/_fragments/../../etc/', '/_fragments/./related/club-news/', '/_fragments//x/']) {
      await expect(assemblePage(`<!--terrace:related ${path} skip=a take=1-->`, read), path).rejects.toThrow(AssemblyError);
    }
    expect(reads).toEqual([]);
  });

  it('refuses a path with a dot segment', () => {
    expect(() => relatedDirective('/_fragments/./r/', 'a', 1)).toThrow(AssemblyError);
  });
});

describe('mayCarryDirectives: which pages a server must read', () => {
  it('is true on the paths of articles and later listing pages, however a slug starts', () => {
    const paths = [
      '/news/stoke-4-1-rotherham',
      '/news/stoke-4-1-rotherham/',
      '/news/2024-25-fixtures-released-67/',
      '/news/2025-08-09/',
      '/news/page/2',
      '/news/page/12/',
      '/category/first-team/page/2/',
      '/category/club-news/page/30',
    ];
    for (const path of paths) expect(mayCarryDirectives(path), path).toBe(true);
  });

  it('is true where it cannot tell: a four-digit slug, and any other spelling of a page', () => {
    // '2025' is a slug: an article may hold the year archive's path.
    const paths = ['/news/2025/', '/news/2025', '/news/page/', '/news/2025/08/index.html', '/news/2025%2F08/', '/NEWS/2025/08/', '/news/2025/8/'];
    for (const path of paths) expect(mayCarryDirectives(path), path).toBe(true);
  });

  it('is false for the pages written without one, and outside /news/ and /category/', () => {
    const paths = [
      '/news',
      '/news/',
      '/news/rss.xml',
      '/news/2025/08',
      '/news/2025/08/',
      '/news/2025/08/09/',
      '/category',
      '/category/',
      '/category/first-team',
      '/category/first-team/',
      '/category/first-team/rss.xml',
      '/',
      '/matches/first-team/2025-26/',
      '/app/news/stoke-4-1-rotherham/',
      '/_fragments/news/3/',
      '/_fragments/related/club-news/',
    ];
    for (const path of paths) expect(mayCarryDirectives(path), path).toBe(false);
  });

  it('is true for every article and later listing page the routes build; false only for month and day archives and page 1', () => {
    const article = (slug: string, published_date: string) => ({ id: slug, collection: 'news', data: { slug, published_date } }) as unknown as NewsEntry;
    const articles = [
      article('2024-25-fixtures-released-67', '2024-06-19T09:00:00+01:00'),
      article('stoke-4-1-rotherham', '2023-08-05T17:30:00+01:00'),
      article('2025', '2025-01-02T12:00:00Z'),
      article('late-night', '2024-03-31T23:30:00Z'),
    ];
    const reads: string[] = [];
    const unread: string[] = [];
    for (const entry of newsPaths(articles)) (mayCarryDirectives(`/news/${entry.path}/`) ? reads : unread).push(`${entry.kind} ${entry.path}`);
    for (const { path } of laterListingPages(40)) (mayCarryDirectives(`/news/${path}/`) ? reads : unread).push(`listing ${path}`);
    for (const { path } of laterListingPages(40)) (mayCarryDirectives(`/category/first-team/${path}/`) ? reads : unread).push(`category ${path}`);
    expect(reads.filter((p) => p.startsWith('article')).sort()).toEqual(articles.map((a) => `article ${a.data.slug}`).sort());
    expect(reads.filter((p) => p.startsWith('listing'))).toEqual(['listing page/2', 'listing page/3', 'listing page/4']);
    expect(reads.filter((p) => p.startsWith('category'))).toEqual(['category page/2', 'category page/3', 'category page/4']);
    // Year archives are read (a slug may be a year); months and days never hold an article.
    expect(unread.length).toBeGreaterThan(0);
    expect(
      unread.every((p) => /^archive \d{4}\/\d{2}(\/\d{2})?$/.test(p)),
      unread.join(', '),
    ).toBe(true);
    expect([mayCarryDirectives('/news/'), mayCarryDirectives('/category/first-team/')]).toEqual([false, false]);
  });

  it('knows every route that writes a directive: the article page, and the later listing pages', () => {
    // (The article page also includes the site chrome through DefaultLayout's `chrome` prop.)
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const sources = readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(astro|ts|tsx|mjs)$/.test(e.name))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((file) => file !== 'src/lib/pageAssembly.ts');
    const text = (file: string) => readFileSync(path.join(root, file), 'utf8');
    // The directive writers (src/lib/pageAssembly.ts) and who calls them.
    const writers = sources.filter((file) => /\b(relatedDirective|listingDirective|includeDirective)\(/.test(text(file)));
    expect(writers.sort()).toEqual(['src/components/NewsListingPage.astro', 'src/layouts/DefaultLayout.astro', 'src/pages/news/[...path].astro']);
    // DefaultLayout writes one only when given the chrome fragments: the articles.
    const chromed = sources.filter((file) => /<DefaultLayout\b[^>]*\bchrome=/.test(text(file)));
    expect(chromed).toEqual(['src/pages/news/[...path].astro']);
    // NewsListingPage writes one only when given its fragments: the later /news pages and category pages.
    const listings = sources.filter((file) => /<NewsListingPage\b[^>]*\bfragments=/.test(text(file)));
    expect(listings.sort()).toEqual(['src/pages/category/[category]/page/[page].astro', 'src/pages/news/[...path].astro']);
  });
});
