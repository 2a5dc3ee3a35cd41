import { describe, expect, it } from 'vitest';
import { relatedArticles, relatedNewsIndex, relatedNewsRows, relatedRowKey } from '../../src/lib/relatedNews';

const a = (slug: string, categories: string[], day: number) => ({ slug, categories, published_date: `2025-08-${String(day).padStart(2, '0')}T12:00:00Z` });

describe('related news (spec §9 quantity 4)', () => {
  const article = a('me', ['match-reports', 'first-team'], 20);
  const all = [
    article,
    a('both-old', ['match-reports', 'first-team'], 1),
    a('report-new', ['match-reports'], 19),
    a('report-old', ['match-reports'], 2),
    a('club', ['club-news'], 18),
    a('tickets', ['tickets'], 17),
    a('team', ['first-team'], 3),
  ];
  it('prefers the most shared categories, then the newest', () => {
    expect(relatedArticles(article, all).map((r) => r.slug)).toEqual(['both-old', 'report-new', 'team', 'report-old']);
  });
  it('fills the row with the newest other news when few share a category', () => {
    const lonely = a('lonely', ['interviews'], 21);
    expect(relatedArticles(lonely, all).map((r) => r.slug)).toEqual(['me', 'report-new', 'club', 'tickets']);
  });
  it('never includes the article itself and stops at the quantity', () => {
    expect(relatedArticles(article, all, 2).map((r) => r.slug)).toEqual(['both-old', 'report-new']);
    expect(relatedArticles(article, [article])).toEqual([]);
  });
  it('skips the article itself and still fills the row from its own category', () => {
    const me = a('me', ['tickets'], 20);
    const archive = [me, ...[10, 11, 12, 13, 14].map((d) => a(`t${d}`, ['tickets'], d)), a('club', ['club-news'], 25)];
    expect(relatedNewsIndex(archive)(me).map((r) => r.slug)).toEqual(['t14', 't13', 't12', 't11']);
  });
  it('the index built once agrees with a plain sort for every article of a large archive', () => {
    const cats = ['match-reports', 'first-team', 'club-news', 'tickets', 'interviews', 'women'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const archive = Array.from({ length: 400 }, (_, i) =>
      a(
        `n${i}`,
        cats.filter(() => random() < 0.3),
        1 + Math.floor(random() * 28),
      ),
    );
    const byRule = (me: (typeof archive)[number]) => {
      const mine = new Set(me.categories);
      const shared = (x: (typeof archive)[number]) => x.categories.filter((c) => mine.has(c)).length;
      return archive
        .map((x, order) => ({ x, order }))
        .filter(({ x }) => x.slug !== me.slug)
        .sort((p, q) => shared(q.x) - shared(p.x) || Date.parse(q.x.published_date) - Date.parse(p.x.published_date) || p.order - q.order)
        .slice(0, 4)
        .map(({ x }) => x.slug);
    };
    const lookup = relatedNewsIndex(archive);
    for (const me of archive) expect(lookup(me).map((r) => r.slug)).toEqual(byRule(me));
  });

  it('names a row by its distinct categories, sorted', () => {
    expect(relatedRowKey(['news', 'academy', 'news'])).toBe('academy_news');
    expect(relatedRowKey(['academy', 'news'])).toBe(relatedRowKey(['news', 'academy']));
  });
  it('rows of 5 give every article its related news: the first 4 of its row that are not itself (page assembly)', () => {
    const cats = ['match-reports', 'first-team', 'club-news', 'tickets'];
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Few days for many articles: ties on the date, broken by archive order, are exercised.
    const archive = Array.from({ length: 300 }, (_, i) =>
      a(`n${i}`, cats.filter(() => random() < 0.4).concat(random() < 0.1 ? ['women'] : []), 1 + Math.floor(random() * 9)),
    );
    const rows = relatedNewsRows(archive);
    expect(new Set(archive.map((x) => relatedRowKey(x.categories)))).toEqual(new Set(rows.keys()));
    for (const row of rows.values()) expect(row).toHaveLength(5);
    for (const me of archive) {
      const fromRow = (rows.get(relatedRowKey(me.categories)) ?? []).filter((x) => x.slug !== me.slug).slice(0, 4);
      expect(
        fromRow.map((x) => x.slug),
        me.slug,
      ).toEqual(relatedArticles(me, archive).map((x) => x.slug));
    }
  });
});
