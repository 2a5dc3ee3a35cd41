/**
 * The build benchmark's phases (scripts/bench/buildPhases.mjs): content sync, rendering and what
 * follows it, timed by the lines of an `astro build` log as they arrived.
 */
import { describe, expect, it } from 'vitest';
import { buildPhases, isPhaseLine } from '../../scripts/bench/buildPhases.mjs';

/** An Astro 7 build log, abridged, each line with when it arrived (s). */
const LOG: { t: number; line: string }[] = [
  { t: 0.9, line: '19:17:09 [content] Syncing content' },
  { t: 8.6, line: '19:17:17 [content] Synced content' },
  { t: 8.7, line: '19:17:17 [build] ✓ Completed in 8.47s.' },
  { t: 11.0, line: ' generating static routes ' },
  { t: 51.6, line: '19:18:00 ✓ Completed in 40.56s.' },
  { t: 51.7, line: '19:18:00 [build] ✓ Completed in 42.92s.' },
];

describe('buildPhases', () => {
  it('times the sync, the rendering and what follows it until the end', () => {
    const phases = buildPhases(LOG, 55.6);
    expect(phases.syncS).toBeCloseTo(7.7, 5);
    expect(phases.renderS).toBeCloseTo(40.6, 5);
    expect(phases.afterS).toBeCloseTo(4.0, 5);
  });

  it("ends the rendering at its own summary, not at the build info's or the build's", () => {
    // Without the rendering's start, no "✓ Completed" line ends it.
    expect(
      buildPhases(
        LOG.filter((l) => !l.line.includes('generating')),
        55.6,
      ),
    ).toEqual({ syncS: expect.closeTo(7.7, 5) });
  });

  it('reads coloured lines as CI prints them', () => {
    const coloured = LOG.map(({ t, line }) => ({ t, line: line.replace('[content]', '\u001b[34m[content]\u001b[39m').replace('✓', '\u001b[32m✓\u001b[39m') }));
    expect(buildPhases(coloured, 55.6).renderS).toBeCloseTo(40.6, 5);
    expect(buildPhases(coloured, 55.6).syncS).toBeCloseTo(7.7, 5);
  });

  it('keeps only the marker lines', () => {
    expect(LOG.filter(({ line }) => !line.includes('[build]')).every(({ line }) => isPhaseLine(line))).toBe(true);
    for (const line of [
      '19:17:59   ├─ /tickets/memberships/index.html (+12ms) ',
      '19:18:02 [@astrojs/sitemap] `sitemap-index.xml` created',
      '19:18:00 [build] ✓ Completed in 42.92s.',
    ]) {
      expect(isPhaseLine(line), line).toBe(false);
    }
  });

  it('leaves out what the log does not show (a command that is not a build)', () => {
    expect(buildPhases([{ t: 1, line: 'floor' }], 2)).toEqual({});
  });
});
