// @ts-check
/**
 * The phases of an `astro build` from when its log lines arrived (scripts/bench/build.mjs): the
 * content sync, the rendering of the pages, and what follows the rendering until the process ends
 * (the integrations' build:done hooks: search index, sitemap, CSP scan, incremental linking).
 * Astro prints no figure for the sync or for what follows, so the benchmark times the lines.
 */
import { stripVTControlCharacters } from 'node:util';

/** The log lines that open and close each phase (Astro 7's wording). */
const MARKERS = {
  syncStart: /\[content\] Syncing content/,
  syncEnd: /\[content\] Synced content/,
  renderStart: /generating static routes/,
  // The rendering's own summary: "✓ Completed in 40.56s." without a [tag] (the first such line
  // after the rendering started; "[build] ✓ Completed in …" lines follow it).
  renderEnd: /^(?:\d\d:\d\d:\d\d )?✓ Completed in /,
};

/** Whether a log line opens or closes a phase (only those lines are timed). @param {string} line */
export function isPhaseLine(line) {
  const text = stripVTControlCharacters(line).trim();
  return Object.values(MARKERS).some((re) => re.test(text));
}

/**
 * Phase lengths in seconds from the marker lines and when each arrived (s after the start, in
 * arrival order) and when the process ended; a phase whose lines are missing is left out.
 * @param {{ t: number, line: string }[]} lines
 * @param {number} endS
 * @returns {{ syncS?: number, renderS?: number, afterS?: number }}
 */
export function buildPhases(lines, endS) {
  /** @type {Partial<Record<keyof typeof MARKERS, number>>} */
  const at = {};
  for (const { t, line } of lines) {
    const text = stripVTControlCharacters(line).trim();
    if (at.syncStart === undefined && MARKERS.syncStart.test(text)) at.syncStart = t;
    else if (at.syncEnd === undefined && MARKERS.syncEnd.test(text)) at.syncEnd = t;
    else if (at.renderStart === undefined && MARKERS.renderStart.test(text)) at.renderStart = t;
    else if (at.renderStart !== undefined && at.renderEnd === undefined && MARKERS.renderEnd.test(text)) at.renderEnd = t;
  }
  /** @type {{ syncS?: number, renderS?: number, afterS?: number }} */
  const phases = {};
  if (at.syncStart !== undefined && at.syncEnd !== undefined) phases.syncS = at.syncEnd - at.syncStart;
  if (at.renderStart !== undefined && at.renderEnd !== undefined) {
    phases.renderS = at.renderEnd - at.renderStart;
    phases.afterS = endS - at.renderEnd;
  }
  return phases;
}
