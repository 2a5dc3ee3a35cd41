import { describe, expect, it } from 'vitest';
import { relatedArticles } from '../../src/lib/relatedNews';

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
});
