/**
 * Bad input loses nothing (DEVELOPERS.md, ARCHITECTURE §2): an invalid content feed fails the
 * build with a message naming the feed, collection, item and field — it never publishes an
 * emptied page. Runs `astro sync` (the content-layer step of the build) on a corrupted copy
 * of the embedded dataset.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { syncChangedDataset } from '../support/astroSync';

const work = mkdtempSync(path.join(tmpdir(), 'terrace-invalid-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const syncWith = (name: string, edit: (dir: string) => void) => syncChangedDataset(work, name, edit);

describe('invalid content fails the build naming feed, item and field', () => {
  it('a JSON feed item with a bad field', async () => {
    const { code, output } = await syncWith('teams', (dir) => {
      const file = path.join(dir, 'club/teams.json');
      const teams = JSON.parse(readFileSync(file, 'utf8')) as { id: string }[];
      teams[1]!.id = 'under-21s';
      writeFileSync(file, JSON.stringify(teams));
    });
    expect(code).not.toBe(0);
    expect(output).toContain('Content feed "embedded:club/teams.json", collection "teams", item "under-21s"');
    expect(output).toMatch(/\bid\b/);
  }, 180_000);

  it('a Markdown article missing its title', async () => {
    const { code, output } = await syncWith('news', (dir) => {
      const file = path.join(dir, 'demo/news/report-stoke-city-4-1-rotherham-united-2023-08.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^title:.*$/m, ''));
    });
    expect(code).not.toBe(0);
    expect(output).toContain('Content feed "embedded:demo/news"');
    expect(output).toContain('report-stoke-city-4-1-rotherham-united-2023-08');
    expect(output).toContain('title');
  }, 180_000);

  it('a missing feed file', async () => {
    const { code, output } = await syncWith('missing', (dir) => rmSync(path.join(dir, 'demo/players.json')));
    expect(code).not.toBe(0);
    expect(output).toMatch(/Content feed "embedded:demo\/players.json", collection "players": cannot read/);
  }, 180_000);
});
