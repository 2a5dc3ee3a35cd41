/**
 * Reads the embedded dataset so end-to-end tests pick real URLs from the data the site was
 * built from, instead of hard-coding slugs that may change.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { lastResult, nextFixture, type FixtureLike } from '../../src/lib/fixtureList';
import { toMatchEntity, type MatchRecord } from '../../src/lib/matchRecords';

const root = path.resolve(process.env.TERRACE_CONTENT_DIR ?? 'data');

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
}

/** Front matter values of a Markdown file, as strings (enough for slugs, titles and templates). */
export function frontMatter(file: string): Record<string, string> {
  const text = readFileSync(path.join(root, file), 'utf8');
  const block = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const out: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const m = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (m && m[2] !== undefined) out[m[1]!] = m[2].replace(/^['"]|['"]$/g, '');
  }
  return out;
}

export function markdownFiles(folder: string): string[] {
  const dir = path.join(root, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(folder, f));
}

/** The first paragraph of a Markdown file's body (after the front matter), as plain text: a sentence the built page must show. */
export function firstParagraph(file: string): string {
  const body = readFileSync(path.join(root, file), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
  const paragraph = body.split(/\n\s*\n/).find((block) => /^[A-Za-z]/.test(block.trim()));
  if (!paragraph) throw new Error(`${file} has no plain paragraph`);
  return paragraph.trim().replace(/\s+/g, ' ');
}

/** The raw text of a dataset file. */
export function fileText(file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}

/** The dataset's as-of instant, UTC ISO ('2026-08-24T08:00:00.000Z'): the site's clock. */
export function datasetAsOf(): string {
  return new Date(readJson<{ asOf: string }>('club/dataset.json').asOf).toISOString();
}

/** A match as the site's pages show it (src/lib/matchRecords toMatchEntity), the fields tests read. */
export interface MatchView extends FixtureLike {
  matchID: string;
  season: string;
  date: string;
  kickOffLocal: string | null;
  home: string;
  away: string;
  isHome: boolean;
}

/** A team's matches ('' is the first team: the real data; others: the demo fixtures), in kick-off order. */
export function teamMatches(teamSlug: string): MatchView[] {
  const club = { name: 'Stoke City', homeGround: 'bet365 Stadium' };
  const records =
    teamSlug === ''
      ? [...readJson<MatchRecord[]>('real/stoke-matches.json'), ...readJson<MatchRecord[]>('real/stoke-fixtures-2026-27.json')]
      : readJson<MatchRecord[]>('demo/matches.json').filter((m) => m.teamSlug === teamSlug);
  return records.map((r) => toMatchEntity(r, club) as unknown as MatchView).sort((a, b) => a.kickOff.localeCompare(b.kickOff));
}

/** A team's next fixture at the dataset's clock. */
export function nextMatchOf(teamSlug: string): MatchView {
  const next = nextFixture(teamMatches(teamSlug), datasetAsOf());
  if (!next) throw new Error(`no next fixture for team '${teamSlug}' at ${datasetAsOf()}`);
  return next;
}

/** A team's last result at the dataset's clock. */
export function lastResultOf(teamSlug: string): MatchView {
  const last = lastResult(teamMatches(teamSlug), datasetAsOf());
  if (!last) throw new Error(`no result for team '${teamSlug}' at ${datasetAsOf()}`);
  return last;
}
