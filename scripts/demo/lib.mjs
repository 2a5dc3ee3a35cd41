/**
 * Shared helpers for the demo-data generators in scripts/demo/.
 *
 * Everything here is deterministic: no Date.now(), no Math.random(). Randomness comes from
 * seeded generators (mulberry32) keyed by a string, so re-running a generator reproduces the
 * committed output byte for byte.
 */
import { mkdirSync, readFileSync, writeFileSync, readdirSync, rmSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA = join(ROOT, 'data');
export const MEDIA = join(ROOT, 'public', 'media');

/**
 * The dataset's "as of" instant (data/club/dataset.json `asOf`; never the machine clock): the
 * morning after the newest real result. The site decides past, live and next at it
 * (src/queries/clock.ts); the generators write results only for matches before it and hold back
 * news, videos and other items dated after it.
 */
export const AS_OF = JSON.parse(readFileSync(join(DATA, 'club/dataset.json'), 'utf8')).asOf;
/** AS_OF in milliseconds since the epoch. */
export const AS_OF_MS = Date.parse(AS_OF);
if (Number.isNaN(AS_OF_MS)) throw new Error(`data/club/dataset.json: asOf '${AS_OF}' is not an ISO 8601 instant`);
/** "Today" for the demo dataset: the as-of instant's calendar date ('2026-05-24'). */
export const TODAY = AS_OF.slice(0, 10);

/** Whether an ISO instant with offset ('2026-05-20T10:00:00+01:00') is at or before AS_OF. */
export function publishedByAsOf(iso) {
  return Date.parse(iso) <= AS_OF_MS;
}

// ---------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------

/** 32-bit FNV-1a hash of a string, used to derive seeds. */
export function hashString(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded random generator with a few conveniences. */
export function rng(seed) {
  let a = typeof seed === 'number' ? seed >>> 0 : hashString(String(seed));
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const r = {
    next,
    /** integer in [min, max] */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
    /** pick by weights: items [{...}], weightFn(item) */
    weighted: (items, weightFn) => {
      const ws = items.map(weightFn);
      const total = ws.reduce((s, w) => s + w, 0);
      if (total <= 0) return items[Math.floor(next() * items.length)];
      let x = next() * total;
      for (let i = 0; i < items.length; i++) {
        x -= ws[i];
        if (x < 0) return items[i];
      }
      return items[items.length - 1];
    },
    shuffle: (arr) => {
      const a2 = arr.slice();
      for (let i = a2.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [a2[i], a2[j]] = [a2[j], a2[i]];
      }
      return a2;
    },
  };
  return r;
}

// ---------------------------------------------------------------------------
// Strings, slugs, names
// ---------------------------------------------------------------------------

/** Lower-case hyphenated slug; '&' and punctuation dropped, accents folded. */
export function slugify(s) {
  return String(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A club name without a trailing ' FC' / ' AFC' (source names: 'Hull City AFC' → 'Hull City'). */
export function displayClub(name) {
  return String(name).replace(/\s+A?FC$/, '');
}

/** The opponent part of a matchID: trailing ' FC'/' AFC' removed, lower-cased and hyphenated. */
export function opponentSlug(name) {
  return slugify(displayClub(name));
}

/** matchID = `${date}-${opponentSlug}` (e.g. '2023-08-05-rotherham-united'). */
export function matchIdOf(m) {
  return `${m.date}-${opponentSlug(m.opponent)}`;
}

/** Season '2025/26' → '2025-26'. */
export const seasonSlugOf = (season) => season.replace('/', '-');

/** Number of words in a Markdown text (markup stripped roughly). */
export function wordCount(md) {
  return md
    .replace(/[#*_>`[\]()|-]/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9£]/.test(w)).length;
}

// ---------------------------------------------------------------------------
// Dates (Europe/London)
// ---------------------------------------------------------------------------

function lastSunday(year, month /* 1-12 */) {
  const d = new Date(Date.UTC(year, month, 0)); // last day of month
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

/** '+01:00' during British Summer Time, else '+00:00' (change-over days treated by date). */
export function londonOffset(date) {
  const y = Number(date.slice(0, 4));
  const start = lastSunday(y, 3);
  const end = lastSunday(y, 10);
  return date >= start && date < end ? '+01:00' : '+00:00';
}

/** ISO date-time with London offset: isoLondon('2025-08-09', '17:30') → '2025-08-09T17:30:00+01:00'. */
export function isoLondon(date, time) {
  return `${date}T${time}:00${londonOffset(date)}`;
}

/** Unix milliseconds of a London wall-clock time. */
export function unixMsLondon(date, time) {
  return Date.parse(isoLondon(date, time));
}

/** Add days to 'YYYY-MM-DD'. */
export function addDays(date, n) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Add minutes to 'HH:MM' (may roll past midnight: returns [date, time]). */
export function addMinutes(date, time, mins) {
  const [h, m] = time.split(':').map(Number);
  let total = h * 60 + m + mins;
  let d = date;
  while (total >= 24 * 60) {
    total -= 24 * 60;
    d = addDays(d, 1);
  }
  const hh = String(Math.floor(total / 60)).padStart(2, '0');
  const mm = String(total % 60).padStart(2, '0');
  return [d, `${hh}:${mm}`];
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Saturday 5 August 2023' */
export function longDate(date, { weekday = true, year = true } = {}) {
  const d = new Date(`${date}T12:00:00Z`);
  const parts = [];
  if (weekday) parts.push(DAYS[d.getUTCDay()]);
  parts.push(String(d.getUTCDate()), MONTHS[d.getUTCMonth()]);
  if (year) parts.push(String(d.getUTCFullYear()));
  return parts.join(' ');
}
export const weekdayOf = (date) => DAYS[new Date(`${date}T12:00:00Z`).getUTCDay()];
export const monthName = (date) => MONTHS[Number(date.slice(5, 7)) - 1];

/** '15:00' → '3pm', '19:45' → '7.45pm', '12:30' → '12.30pm' (house style); null → 'time to be confirmed'. */
export function kickOffText(time) {
  if (time === null) return 'time to be confirmed';
  const [h, m] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${h12}${suffix}` : `${h12}.${String(m).padStart(2, '0')}${suffix}`;
}

// ---------------------------------------------------------------------------
// I/O
// ---------------------------------------------------------------------------

export function readJson(relPath) {
  return JSON.parse(readFileSync(join(ROOT, relPath), 'utf8'));
}

export function writeJson(relPath, value) {
  const abs = join(ROOT, relPath);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, JSON.stringify(value, null, 2) + '\n');
  return abs;
}

export function writeText(relPath, text) {
  const abs = join(ROOT, relPath);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  return abs;
}

/** Remove a generated directory before regenerating it (only inside the repo). */
export function cleanDir(relPath) {
  const abs = join(ROOT, relPath);
  if (!abs.startsWith(ROOT + '/')) throw new Error(`refusing to clean ${abs}`);
  if (existsSync(abs)) rmSync(abs, { recursive: true, force: true });
  mkdirSync(abs, { recursive: true });
}

/** Recursively list files under a directory (relative to ROOT), sorted. */
export function listFiles(relDir, ext) {
  const out = [];
  const walk = (abs) => {
    if (!existsSync(abs)) return;
    for (const name of readdirSync(abs).sort()) {
      const p = join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!ext || name.endsWith(ext)) out.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, relDir));
  return out;
}

// ---------------------------------------------------------------------------
// Front matter (a small, strict YAML subset that any YAML 1.2 parser reads)
// ---------------------------------------------------------------------------

function yamlScalar(v) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean' || typeof v === 'number') return String(v);
  return JSON.stringify(String(v)); // JSON strings are valid YAML double-quoted scalars
}

function yamlLines(obj, indent) {
  const pad = ' '.repeat(indent);
  const lines = [];
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) {
      if (v.some((x) => x !== null && typeof x === 'object')) {
        lines.push(`${pad}${k}:`);
        for (const item of v) {
          const sub = yamlLines(item, indent + 4);
          lines.push(`${pad}  - ${sub[0].trimStart()}`, ...sub.slice(1));
        }
      } else {
        lines.push(`${pad}${k}: [${v.map(yamlScalar).join(', ')}]`);
      }
    } else if (v !== null && typeof v === 'object') {
      lines.push(`${pad}${k}:`);
      lines.push(...yamlLines(v, indent + 2));
    } else {
      lines.push(`${pad}${k}: ${yamlScalar(v)}`);
    }
  }
  return lines;
}

/** Markdown document with YAML front matter. */
export function markdownDoc(frontMatter, body) {
  return `---\n${yamlLines(frontMatter, 0).join('\n')}\n---\n\n${body.trim()}\n`;
}

/** Parse the subset written by markdownDoc (used only when no YAML library is available). */
export function parseFrontMatterSubset(text) {
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error('no front matter');
  const lines = m[1].split('\n');
  const parseScalar = (s) => {
    s = s.trim();
    if (s === 'null') return null;
    if (s === 'true') return true;
    if (s === 'false') return false;
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
    if (s.startsWith('[')) return JSON.parse(s);
    if (s.startsWith('"')) return JSON.parse(s);
    return s;
  };
  let i = 0;
  const parseBlock = (indent) => {
    const obj = {};
    while (i < lines.length) {
      const line = lines[i];
      const lead = line.length - line.trimStart().length;
      if (lead < indent) break;
      const kv = /^\s*([A-Za-z0-9_]+):(?:\s(.*))?$/.exec(line);
      if (!kv) throw new Error(`cannot parse front matter line: ${line}`);
      i++;
      if (kv[2] === undefined || kv[2] === '') {
        // nested object or list of objects
        if (i < lines.length && /^\s*- /.test(lines[i])) {
          const arr = [];
          while (i < lines.length && /^\s*- /.test(lines[i]) && lines[i].indexOf('-') === indent + 2) {
            lines[i] = lines[i].replace('- ', '  ');
            arr.push(parseBlock(indent + 4));
          }
          obj[kv[1]] = arr;
        } else {
          obj[kv[1]] = parseBlock(indent + 2);
        }
      } else {
        obj[kv[1]] = parseScalar(kv[2]);
      }
    }
    return obj;
  };
  return { data: parseBlock(0), body: m[2] };
}

// ---------------------------------------------------------------------------
// Club-specific helpers shared by several generators
// ---------------------------------------------------------------------------

/** Names as prose uses them. */
const SHORT_NAMES = {
  'Queens Park Rangers': 'QPR',
  'West Bromwich Albion': 'West Brom',
  'Brighton & Hove Albion': 'Brighton',
  'Preston North End': 'Preston',
  'Huddersfield Town': 'Huddersfield',
  'Rotherham United': 'Rotherham',
  'Ipswich Town': 'Ipswich',
  'Plymouth Argyle': 'Plymouth',
  'Blackburn Rovers': 'Blackburn',
  'Leeds United': 'Leeds',
  'Luton Town': 'Luton',
  'Oxford United': 'Oxford',
  'Fleetwood Town': 'Fleetwood',
  'Carlisle United': 'Carlisle',
  'Wolverhampton Wanderers': 'Wolves',
  'Bolton Wanderers': 'Bolton',
  'West Ham United': 'West Ham',
  'Charlton Athletic': 'Charlton',
  'Derby County': 'Derby',
  'Leicester City': 'Leicester',
  'Norwich City': 'Norwich',
  'Coventry City': 'Coventry',
  'Cardiff City': 'Cardiff',
  'Birmingham City': 'Birmingham',
  'Swansea City': 'Swansea',
  'Hull City': 'Hull',
  'Lincoln City': 'Lincoln',
  'AFC Bournemouth': 'Bournemouth',
};

export function shortClub(name) {
  const d = displayClub(name);
  return SHORT_NAMES[d] ?? d;
}

export const HOME_GROUND = 'bet365 Stadium';

/** Real first-team matches (played and 2026/27 fixtures) with matchIDs attached, sorted by date. */
export function loadFirstTeamMatches() {
  const played = readJson('data/real/stoke-matches.json');
  const fixtures = readJson('data/real/stoke-fixtures-2026-27.json');
  return [...played, ...fixtures].map((m) => ({ ...m, matchID: matchIdOf(m), teamSlug: '' })).sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}

/** Competition id from a match record's competition name. */
export const COMPETITION_IDS = {
  Championship: 'championship',
  'FA Cup': 'fa-cup',
  'EFL Cup': 'efl-cup',
  'Premier League 2 Division 2': 'premier-league-2-division-2',
  'Premier League Cup': 'premier-league-cup',
  'U18 Professional Development League': 'u18-professional-development-league',
  'FA Youth Cup': 'fa-youth-cup',
  "Women's Championship": 'womens-championship',
  "Women's League Cup": 'womens-league-cup',
  Friendly: 'friendly',
};

/** 'Round 3' → 'third round', 'Round of 16' (EFL Cup) → 'fourth round'. */
export function cupRoundText(competition, round) {
  if (!round) return '';
  if (round === 'Round of 16') return 'fourth round';
  const n = /Round (\d)/.exec(round);
  const ord = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth'];
  if (n) return `${ord[Number(n[1])]} round`;
  return round.toLowerCase();
}

/** Deterministic XML escaping for SVG text. */
export function xmlEscape(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
