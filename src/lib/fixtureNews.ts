/**
 * The news of one fixture (the match centre's match reports and previews): the articles
 * tagged with the fixture's matchID and the team, in the archive's order (newest first).
 */

/** What the rule reads of an article. */
export interface FixtureArticle {
  data: { matchID?: string; teamSlugs: readonly string[] };
}

/** Looks up a fixture's news by matchID and team slug. */
export type FixtureNewsLookup<T> = (matchID: string, teamSlug: string) => T[];

/**
 * Builds the lookup once for an archive (O(n)); each lookup then costs the fixture's own articles,
 * not the archive (3,000 match pages × 30,000 articles would be 90 million comparisons).
 */
export function fixtureNewsIndex<T extends FixtureArticle>(articles: readonly T[]): FixtureNewsLookup<T> {
  const byMatch = new Map<string, T[]>();
  for (const article of articles) {
    const id = article.data.matchID;
    if (!id) continue;
    const list = byMatch.get(id) ?? [];
    list.push(article);
    byMatch.set(id, list);
  }
  return (matchID, teamSlug) => (byMatch.get(matchID) ?? []).filter((a) => a.data.teamSlugs.includes(teamSlug));
}
