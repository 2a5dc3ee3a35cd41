import { describe, expect, it } from 'vitest';
import { fixtureNewsIndex } from '../../src/lib/fixtureNews';

const article = (slug: string, matchID: string | undefined, teamSlugs: string[]) => ({ slug, data: { matchID, teamSlugs } });

describe('fixtureNewsIndex', () => {
  it("finds a fixture's articles for its team, in the archive's order", () => {
    const news = [
      article('report', 'm1', ['first-team']),
      article('women-report', 'm1', ['women']),
      article('preview', 'm1', ['first-team', 'u21']),
      article('other', 'm2', ['first-team']),
      article('untagged', undefined, ['first-team']),
    ];
    const lookup = fixtureNewsIndex(news);
    expect(lookup('m1', 'first-team').map((a) => a.slug)).toEqual(['report', 'preview']);
    expect(lookup('m1', 'women').map((a) => a.slug)).toEqual(['women-report']);
    expect(lookup('m3', 'first-team')).toEqual([]);
  });
});
