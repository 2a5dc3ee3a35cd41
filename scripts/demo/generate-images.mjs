/**
 * Generates every image the demo dataset references, as small original SVGs under
 * public/media/<key>. No photographs, crests, logos or brands of anyone else: the crest is an
 * original 'SCFC' monogram shield, sponsor logos are invented wordmarks.
 *
 * Palette: club red #e03a3e, deep navy #0b1a2f, white. Typography: system-ui.
 *
 *   node scripts/demo/generate-images.mjs   (after all data generators)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, readJson, listFiles, parseFrontMatterSubset, cleanDir, writeText, xmlEscape, hashString, displayClub, longDate, loadFirstTeamMatches, matchIdOf } from './lib.mjs';

const RED = '#e03a3e';
const RED_DARK = '#9e1b20';
const NAVY = '#0b1a2f';
const NAVY_2 = '#16305a';
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";

const images = new Map(); // key -> svg

function put(key, svg) {
  if (images.has(key)) return;
  images.set(key, svg.replace(/\n\s*/g, '').trim() + '\n');
}

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

const svgOpen = (w, h, label) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${xmlEscape(label)}" font-family="${FONT}">`;

const stripes = (id, size = 28, opacity = 0.07, color = '#fff') => `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="${size / 2}" height="${size}" fill="${color}" fill-opacity="${opacity}"/></pattern>`;

const grad = (id, a, b, vertical = false) => `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 1}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;

/** The club's own original monogram shield, drawn in a 200x240 box, placed at x,y scaled. */
function crest(x, y, scale = 1) {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><path d="M100 4 192 28v92c0 62-40 98-92 116C48 218 8 182 8 120V28Z" fill="#fff"/><path d="M100 16 180 37v83c0 54-34 86-80 102-46-16-80-48-80-102V37Z" fill="${RED}"/><path d="M20 37 100 16v206c-46-16-80-48-80-102Z" fill="${RED_DARK}" fill-opacity=".35"/><circle cx="100" cy="118" r="58" fill="${NAVY}" stroke="#fff" stroke-width="6"/><text x="100" y="132" font-size="38" font-weight="900" fill="#fff" text-anchor="middle" letter-spacing="-1">SCFC</text><text x="100" y="158" font-size="12" font-weight="700" fill="#fff" text-anchor="middle" letter-spacing="3">1863</text><path d="M62 70h76" stroke="#fff" stroke-width="5" stroke-linecap="round"/></g>`;
}

/** Greedy word wrap by estimated text width. */
function wrap(text, fontSize, maxWidth, maxLines, factor = 0.56) {
  const words = String(text).split(/\s+/);
  const lines = [];
  let cur = '';
  const width = (s) => s.length * fontSize * factor;
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (width(next) <= maxWidth || !cur) cur = next;
    else {
      lines.push(cur);
      cur = w;
    }
  }
  if (cur) lines.push(cur);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = kept[maxLines - 1].replace(/\s+\S*$/, '') + '…';
    return kept;
  }
  return lines;
}

function textLines(lines, x, y, size, lineHeight, attrs = '') {
  return `<text x="${x}" y="${y}" font-size="${size}" ${attrs}>${lines.map((l, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${xmlEscape(l)}</tspan>`).join('')}</text>`;
}

/** Font size that fits `text` into `maxWidth` (bold caps factor). */
const fit = (text, max, maxWidth, factor = 0.66) => Math.max(14, Math.min(max, Math.floor(maxWidth / (String(text).length * factor))));

function pill(x, y, label, { fill = RED, color = '#fff', size = 26 } = {}) {
  const w = Math.round(label.length * size * 0.68 + size * 1.4);
  return `<rect x="${x}" y="${y}" width="${w}" height="${Math.round(size * 1.7)}" rx="${Math.round(size * 0.85)}" fill="${fill}"/><text x="${x + w / 2}" y="${y + size * 1.18}" font-size="${size}" font-weight="800" fill="${color}" text-anchor="middle" letter-spacing="2">${xmlEscape(label)}</text>`;
}

const playGlyph = (cx, cy, r) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".95"/><path d="M${cx - r * 0.28} ${cy - r * 0.42}v${r * 0.84}l${r * 0.7}-${r * 0.42}Z" fill="${RED}"/>`;

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------

/** 1600x900 news/page hero. `match` adds a scoreboard. */
function hero({ title, label, sub, match, accent = RED }) {
  const W = 1600;
  const H = 900;
  let board = '';
  let titleY = 560;
  if (match) {
    const [home, away] = [displayClub(match.home).toUpperCase(), displayClub(match.away).toUpperCase()];
    const played = match.ftHome != null;
    const et = match.etHome != null;
    const mid = played ? (et ? `${match.etHome} – ${match.etAway}` : `${match.ftHome} – ${match.ftAway}`) : 'V';
    const note = match.penHome != null ? `${match.penHome}–${match.penAway} PENS` : et ? 'AFTER EXTRA TIME' : played ? 'FULL TIME' : match.time ? `KICK-OFF ${match.time}` : '';
    const size = Math.min(fit(home, 54, 560), fit(away, 54, 560));
    board = `<rect x="80" y="230" width="1440" height="190" rx="18" fill="${NAVY}" fill-opacity=".72"/><text x="690" y="${340}" font-size="${size}" font-weight="800" fill="#fff" text-anchor="end">${xmlEscape(home)}</text><rect x="720" y="262" width="160" height="126" rx="14" fill="${accent}"/><text x="800" y="350" font-size="${played ? 62 : 56}" font-weight="900" fill="#fff" text-anchor="middle">${mid}</text><text x="800" y="410" font-size="18" font-weight="700" fill="#c9d3e3" text-anchor="middle" letter-spacing="2">${note}</text><text x="910" y="340" font-size="${size}" font-weight="800" fill="#fff">${xmlEscape(away)}</text>`;
    titleY = 560;
  }
  const size = match ? 58 : 78;
  const lines = wrap(title, size, 1320, match ? 3 : 4);
  const startY = match ? titleY : 900 - 120 - (lines.length - 1) * size * 1.12;
  return `${svgOpen(W, H, title)}<defs>${grad('g', NAVY, NAVY_2)}${stripes('s')}</defs><rect width="${W}" height="${H}" fill="url(#g)"/><path d="M0 ${H}L${W * 0.62} 0H${W}V${H}Z" fill="${accent}" fill-opacity=".14"/><path d="M${W * 0.78} 0H${W}V${H}H${W * 0.46}Z" fill="url(#s)"/><rect width="${W}" height="${H}" fill="url(#s)" opacity=".5"/><rect x="0" y="${H - 14}" width="${W}" height="14" fill="${accent}"/>${pill(80, 80, label.toUpperCase(), { size: 30 })}${crest(1410, 56, 0.6)}${board}${textLines(lines, 80, startY, size, Math.round(size * 1.12), 'font-weight="800" fill="#fff"')}${sub ? `<text x="80" y="${H - 50}" font-size="26" fill="#c9d3e3" font-weight="600">${xmlEscape(sub)}</text>` : ''}</svg>`;
}

/** 600x600 player portrait: silhouette on a club-red gradient with the shirt number. */
function playerCard(p) {
  const label = `${p.firstName} ${p.lastName}`;
  const num = p.shirtNumber ?? '';
  const women = p.teamSlug === 'women';
  const head = women
    ? `<ellipse cx="300" cy="250" rx="92" ry="106" fill="#1d3560"/><circle cx="300" cy="236" r="74" fill="${NAVY}"/>`
    : `<circle cx="300" cy="230" r="80" fill="${NAVY}"/>`;
  const last = p.lastName.toUpperCase();
  return `${svgOpen(600, 600, label)}<defs>${grad('g', RED, RED_DARK)}${stripes('s', 30, 0.09)}</defs><rect width="600" height="600" fill="url(#g)"/><rect width="600" height="600" fill="url(#s)"/><text x="580" y="250" font-size="260" font-weight="900" fill="#fff" fill-opacity=".2" text-anchor="end">${num}</text>${head}<path d="M110 600c0-160 84-236 190-236s190 76 190 236Z" fill="${NAVY}"/><path d="M262 364h76l-38 52Z" fill="${RED}"/><rect y="470" width="600" height="130" fill="${NAVY}" fill-opacity=".92"/><rect y="470" width="12" height="130" fill="#fff"/><text x="40" y="515" font-size="26" fill="#fff" font-weight="500">${xmlEscape(p.firstName)}</text><text x="40" y="566" font-size="${fit(last, 46, 430)}" font-weight="900" fill="#fff">${xmlEscape(last)}</text><text x="560" y="566" font-size="52" font-weight="900" fill="${RED}" text-anchor="end">${num}</text><text x="560" y="515" font-size="18" fill="#c9d3e3" text-anchor="end" letter-spacing="2">${xmlEscape(p.position.toUpperCase())}</text></svg>`;
}

const BRAND_COLOURS = ['#0f4c81', '#1e6f5c', '#5b2a86', '#b5541c', '#2c3e50', '#7a1f3d', '#00796b', '#8d6e00', '#37474f', '#283593', '#6d4c41', '#00838f'];
const brandColour = (name) => BRAND_COLOURS[hashString(name) % BRAND_COLOURS.length];

function brandMark(name, x, y, s, colour) {
  const kind = hashString(`mark:${name}`) % 4;
  const c = colour;
  if (kind === 0) return `<circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 2}" fill="#fff"/><circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 4}" fill="${c}"/>`;
  if (kind === 1) return `<path d="M${x + s / 2} ${y}L${x + s} ${y + s}H${x}Z" fill="#fff"/>`;
  if (kind === 2) return `<path d="M${x + s / 2} ${y}L${x + s} ${y + s / 2}L${x + s / 2} ${y + s}L${x} ${y + s / 2}Z" fill="#fff"/><path d="M${x + s / 2} ${y + s * 0.25}L${x + s * 0.75} ${y + s / 2}L${x + s / 2} ${y + s * 0.75}L${x + s * 0.25} ${y + s / 2}Z" fill="${c}"/>`;
  return `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${s * 0.22}" fill="#fff"/><path d="M${x + s * 0.25} ${y + s * 0.7}l${s * 0.25}-${s * 0.4} ${s * 0.25} ${s * 0.4}" stroke="${c}" stroke-width="${s * 0.12}" fill="none"/>`;
}

/** 400x200 sponsor wordmark (invented brand). */
function sponsorLogo(s) {
  const c = brandColour(s.title);
  const words = s.title.split(' ');
  const line1 = words[0];
  const line2 = words.slice(1).join(' ');
  const size = Math.min(fit(line1, 40, 250, 0.6), line2 ? fit(line2, 40, 250, 0.6) : 40);
  const adult = s.isChildFriendly === 0 ? `<text x="384" y="184" font-size="16" font-weight="800" fill="#fff" text-anchor="end">18+</text>` : '';
  return `${svgOpen(400, 200, `${s.title} logo`)}<rect width="400" height="200" rx="16" fill="${c}"/>${brandMark(s.title, 28, 62, 76, c)}<text x="124" y="${line2 ? 96 : 114}" font-size="${size}" font-weight="800" fill="#fff">${xmlEscape(line1)}</text>${line2 ? `<text x="124" y="${96 + size + 4}" font-size="${Math.round(size * 0.72)}" font-weight="500" fill="#fff" fill-opacity=".85" letter-spacing="1">${xmlEscape(line2.toUpperCase())}</text>` : ''}${adult}</svg>`;
}

/** Square or banner advert creative. */
function advert({ w, h, brand, headline, sub, cta, colour, adult }) {
  const c = colour ?? brandColour(brand);
  const label = `${brand}: ${headline}`;
  if (h <= 100) {
    // 728x90 leaderboard
    return `${svgOpen(w, h, label)}<defs>${grad('g', c, NAVY)}${stripes('s', 20, 0.08)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#s)"/>${brandMark(brand, 18, 21, 48, c)}<text x="80" y="${h / 2 + 8}" font-size="22" font-weight="800" fill="#fff">${xmlEscape(brand)}</text><text x="${(w - 150 + 215) / 2}" y="${h / 2 + 8}" font-size="${fit(headline, 24, 320, 0.6)}" font-weight="700" fill="#fff" text-anchor="middle">${xmlEscape(headline)}</text><rect x="${w - 150}" y="${h / 2 - 20}" width="130" height="40" rx="20" fill="#fff"/><text x="${w - 85}" y="${h / 2 + 7}" font-size="17" font-weight="800" fill="${c}" text-anchor="middle">${xmlEscape(cta)}</text>${adult ? `<text x="${w - 160}" y="${h - 8}" font-size="11" fill="#fff" text-anchor="end">${xmlEscape(adult)}</text>` : ''}</svg>`;
  }
  if (w / h >= 3) {
    // 1000x250 large banner
    const lines = wrap(headline, 44, 500, 2, 0.6);
    return `${svgOpen(w, h, label)}<defs>${grad('g', NAVY, c)}${stripes('s', 26, 0.08)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/><path d="M${w * 0.62} 0H${w}V${h}H${w * 0.5}Z" fill="url(#s)"/>${crest(40, 40, 0.7)}${textLines(lines, 220, 100, 44, 50, 'font-weight="900" fill="#fff"')}<text x="220" y="${100 + lines.length * 50}" font-size="22" fill="#fff" fill-opacity=".85">${xmlEscape(sub)}</text><rect x="${w - 250}" y="${h / 2 - 32}" width="210" height="64" rx="32" fill="${RED}"/><text x="${w - 145}" y="${h / 2 + 9}" font-size="24" font-weight="800" fill="#fff" text-anchor="middle">${xmlEscape(cta)}</text></svg>`;
  }
  // square (750x750 mpu, 500x500 footer)
  const k = w / 750;
  const lines = wrap(headline, 70 * k, w - 120 * k, 4, 0.62);
  const y0 = h * 0.36;
  return `${svgOpen(w, h, label)}<defs>${grad('g', c, NAVY)}${stripes('s', 34 * k, 0.08)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/><path d="M0 ${h * 0.72}L${w} ${h * 0.45}V${h}H0Z" fill="${NAVY}" fill-opacity=".55"/><rect width="${w}" height="${h}" fill="url(#s)"/>${brandMark(brand, 60 * k, 60 * k, 80 * k, c)}<text x="${160 * k}" y="${114 * k}" font-size="${34 * k}" font-weight="800" fill="#fff">${xmlEscape(brand)}</text>${textLines(lines, 60 * k, y0, Math.round(70 * k), Math.round(78 * k), 'font-weight="900" fill="#fff"')}<text x="${60 * k}" y="${y0 + lines.length * 78 * k + 10 * k}" font-size="${Math.round(30 * k)}" fill="#fff" fill-opacity=".88">${xmlEscape(sub)}</text><rect x="${60 * k}" y="${h - 150 * k}" width="${300 * k}" height="${84 * k}" rx="${42 * k}" fill="#fff"/><text x="${210 * k}" y="${h - 97 * k}" font-size="${Math.round(32 * k)}" font-weight="800" fill="${c}" text-anchor="middle">${xmlEscape(cta)}</text>${adult ? `<text x="${w - 40 * k}" y="${h - 30 * k}" font-size="${Math.round(20 * k)}" fill="#fff" text-anchor="end">${xmlEscape(adult)}</text>` : ''}</svg>`;
}

/** 1280x720 video thumbnail with a play glyph. */
function videoThumb(v) {
  const cat = v.metaData.category;
  const accent = cat === 'full-match-replays' ? '#fff' : RED;
  const labels = { highlights: 'HIGHLIGHTS', interviews: 'INTERVIEW', 'press-conferences': 'PRESS CONFERENCE', 'full-match-replays': 'FULL MATCH', academy: 'ACADEMY', women: 'WOMEN' };
  const t0 = v.metaData.title.replace(/^(Highlights|Full match replay|Under-21s highlights|Under-18s highlights|Women highlights|Press conference):\s*/, '');
  const title = t0.charAt(0).toUpperCase() + t0.slice(1);
  const lines = wrap(title, 64, 820, 3);
  const bg = cat === 'full-match-replays' ? grad('g', RED_DARK, NAVY) : cat === 'women' || cat === 'academy' ? grad('g', NAVY_2, RED_DARK) : grad('g', NAVY, NAVY_2);
  return `${svgOpen(1280, 720, v.metaData.title)}<defs>${bg}${stripes('s', 32, 0.07)}</defs><rect width="1280" height="720" fill="url(#g)"/><path d="M760 0H1280V720H560Z" fill="url(#s)"/><path d="M0 720L700 0H780L80 720Z" fill="${RED}" fill-opacity=".18"/>${pill(60, 60, labels[cat] ?? cat.toUpperCase(), { fill: cat === 'full-match-replays' ? '#fff' : RED, color: cat === 'full-match-replays' ? RED : '#fff', size: 24 })}${textLines(lines, 60, 720 - 110 - (lines.length - 1) * 72, 64, 72, 'font-weight="900" fill="#fff"')}${playGlyph(1090, 250, 92)}<text x="1220" y="680" font-size="26" font-weight="800" fill="${accent}" text-anchor="end">STOKE CITY+</text></svg>`;
}

/** 400x600 category card. */
function categoryCard(c) {
  const t = c.attributes.title;
  const lines = wrap(t.toUpperCase(), 46, 320, 3, 0.66);
  return `${svgOpen(400, 600, t)}<defs>${grad('g', c.attributes.orderPosition % 2 ? RED : NAVY_2, NAVY, true)}${stripes('s', 26, 0.08)}</defs><rect width="400" height="600" fill="url(#g)"/><rect width="400" height="600" fill="url(#s)"/>${playGlyph(200, 220, 70)}${textLines(lines, 36, 600 - 60 - (lines.length - 1) * 50, 46, 50, 'font-weight="900" fill="#fff"')}<rect x="36" y="${600 - 60 - (lines.length - 1) * 50 - 72}" width="60" height="8" fill="#fff"/></svg>`;
}

/** Package landscape (800x450) and background (600x900). */
function packageImage(pkg, kind) {
  const t = pkg.attributes.title;
  const price = pkg.attributes.priceData[0].priceDisplay;
  const audio = /audio/i.test(t);
  if (kind === 'background') {
    const lines = wrap(t.toUpperCase(), 52, 500, 4, 0.66);
    return `${svgOpen(600, 900, t)}<defs>${grad('g', RED, NAVY, true)}${stripes('s', 30, 0.08)}</defs><rect width="600" height="900" fill="url(#g)"/><rect width="600" height="900" fill="url(#s)"/>${crest(230, 90, 0.7)}${textLines(lines, 50, 520, 52, 58, 'font-weight="900" fill="#fff"')}<text x="50" y="${520 + lines.length * 58 + 30}" font-size="30" font-weight="700" fill="#fff" fill-opacity=".9">${xmlEscape(price)}</text></svg>`;
  }
  const lines = wrap(t, 46, 480, 3);
  const glyph = audio
    ? `<circle cx="640" cy="210" r="92" fill="#fff"/><path d="M596 232v-30a44 44 0 0 1 88 0v30" stroke="${RED}" stroke-width="14" fill="none"/><rect x="586" y="222" width="26" height="42" rx="8" fill="${RED}"/><rect x="668" y="222" width="26" height="42" rx="8" fill="${RED}"/>`
    : playGlyph(640, 210, 92);
  return `${svgOpen(800, 450, t)}<defs>${grad('g', pkg.mode === 'match-pass' ? RED_DARK : NAVY, pkg.mode === 'match-pass' ? NAVY : NAVY_2)}${stripes('s', 26, 0.08)}</defs><rect width="800" height="450" fill="url(#g)"/><path d="M480 0H800V450H380Z" fill="url(#s)"/>${pill(40, 40, pkg.mode === 'match-pass' ? 'MATCH PASS' : 'SUBSCRIPTION', { size: 20 })}${textLines(lines, 40, 190, 46, 54, 'font-weight="900" fill="#fff"')}<text x="40" y="400" font-size="28" font-weight="700" fill="#fff">${xmlEscape(price)}</text>${glyph}</svg>`;
}

/** 600x600 kit shirt. */
function kitImage(kind) {
  const specs = {
    home: { base: '#fff', stripe: RED, trim: NAVY, label: 'Home kit' },
    away: { base: NAVY, stripe: null, trim: RED, label: 'Away kit' },
    third: { base: '#f4f1ea', stripe: null, trim: NAVY, sash: RED, label: 'Third kit' },
    goalkeeper: { base: '#2e8b57', stripe: null, trim: '#0b3d24', label: 'Goalkeeper kit' },
  }[kind];
  const shirt = 'M190 110 240 90q60 40 120 0l50 20 110 80-50 90-50-30v270H180V260l-50 30-50-90Z';
  const stripesSvg = specs.stripe ? [250, 320, 390].map((x) => `<rect x="${x - 20}" y="80" width="40" height="500" fill="${specs.stripe}"/>`).join('') + `<rect x="170" y="80" width="40" height="500" fill="${specs.stripe}"/>` : '';
  const sash = specs.sash ? `<path d="M180 160 420 560H360L180 260Z" fill="${specs.sash}"/>` : '';
  return `${svgOpen(600, 600, `${specs.label} 2026/27`)}<defs><clipPath id="c"><path d="${shirt}"/></clipPath>${grad('g', '#eef1f6', '#d5dbe6', true)}</defs><rect width="600" height="600" fill="url(#g)"/><path d="${shirt}" fill="${specs.base}"/><g clip-path="url(#c)">${stripesSvg}${sash}</g><path d="${shirt}" fill="none" stroke="${specs.trim}" stroke-width="8" stroke-linejoin="round"/><path d="M240 90q60 40 120 0" stroke="${specs.trim}" stroke-width="14" fill="none"/>${crest(322, 170, 0.22)}<text x="300" y="585" font-size="24" font-weight="800" fill="${NAVY}" text-anchor="middle" letter-spacing="2">${specs.label.toUpperCase()}</text></svg>`;
}

function poster({ w, h, title, sub, cta, label }) {
  const k = w / 1400;
  const lines = wrap(title.toUpperCase(), 120 * k, w - 200 * k, 4, 0.64);
  return `${svgOpen(w, h, `${title}. ${sub}`)}<defs>${grad('g', NAVY, NAVY_2, true)}${stripes('s', 40 * k, 0.07)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/><path d="M0 ${h * 0.78}L${w} ${h * 0.4}V${h}H0Z" fill="${RED}"/><path d="M0 ${h * 0.78}L${w} ${h * 0.4}V${h}H0Z" fill="url(#s)"/>${crest(100 * k, 90 * k, 1.1 * k)}${pill(360 * k, 150 * k, label, { size: Math.round(36 * k) })}${textLines(lines, 100 * k, 560 * k, Math.round(120 * k), Math.round(128 * k), 'font-weight="900" fill="#fff"')}<text x="${100 * k}" y="${h - 260 * k}" font-size="${Math.round(48 * k)}" font-weight="600" fill="#fff">${xmlEscape(sub)}</text><rect x="${100 * k}" y="${h - 200 * k}" width="${460 * k}" height="${110 * k}" rx="${55 * k}" fill="#fff"/><text x="${330 * k}" y="${h - 128 * k}" font-size="${Math.round(44 * k)}" font-weight="800" fill="${RED}" text-anchor="middle">${xmlEscape(cta)}</text></svg>`;
}

function placeholder(w, h, label) {
  const s = Math.min(w, h) / 400;
  return `${svgOpen(w, h, label)}<defs>${grad('g', NAVY, NAVY_2)}${stripes('s', 30, 0.05)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#s)"/>${crest(w / 2 - 100 * s, h / 2 - 120 * s, s)}</svg>`;
}

function crestFile() {
  return `${svgOpen(200, 240, 'Stoke City FC demo crest: SCFC monogram shield')}${crest(0, 0, 1)}</svg>`;
}

// ---------------------------------------------------------------------------
// Collect every key from the data
// ---------------------------------------------------------------------------

const firstTeam = new Map(loadFirstTeamMatches().map((m) => [m.matchID, m]));
const demoMatches = new Map(readJson('data/demo/matches.json').map((m) => [matchIdOf(m), m]));
const matchById = (id) => firstTeam.get(id) ?? demoMatches.get(id);
const CATEGORY_LABEL = Object.fromEntries(readJson('data/club/news-categories.json').map((c) => [c.slug, c.name]));

// Club crest and placeholders
put('club/crest.svg', crestFile());
const settings = readJson('data/club/site-settings.json');
put(settings.placeholderImages.default, placeholder(1000, 1000, 'Image coming soon'));
put(settings.placeholderImages.news, placeholder(1600, 900, 'News image coming soon'));
put(settings.placeholderImages.player, playerCard({ firstName: 'Player', lastName: 'Profile', shirtNumber: '', position: 'Squad', teamSlug: '' }));
put(settings.placeholderImages.video, placeholder(1280, 720, 'Video thumbnail coming soon'));
for (const [kind, key] of Object.entries(settings.kitImages)) put(key, kitImage(kind));

// Teams
for (const t of readJson('data/club/teams.json')) {
  if (t.imageKey) put(t.imageKey, hero({ title: t.name === 'Women' ? 'Stoke City Women' : `Stoke City ${t.name}`, label: 'Squad', sub: '2026/27 season' }));
}

// Menus
for (const menu of readJson('data/club/menus.json')) {
  for (const item of menu.items) {
    if (!item.imageKey) continue;
    put(item.imageKey, poster({ w: 800, h: 800, title: item.label, sub: item.description ?? '', cta: item.external ? 'Shop now' : 'Find out more', label: item.label === 'Store' ? 'OFFICIAL STORE' : 'TICKETS' }));
  }
}

// News
for (const file of listFiles('data/demo/news', '.md')) {
  const { data } = parseFrontMatterSubset(readFileSync(join(ROOT, file), 'utf8'));
  const match = data.matchID ? matchById(data.matchID) : null;
  const cat = data.categories[0];
  const title = data.title.replace(/^(Report|Preview): /, '');
  const sub = `${longDate(data.published_date.slice(0, 10))}${match ? ` · ${match.competition}` : ''}`;
  put(data.imageData.key, hero({ title, label: CATEGORY_LABEL[cat] ?? cat, sub, match }));
}

// Pages
for (const file of listFiles('data/demo/pages', '.md')) {
  const { data } = parseFrontMatterSubset(readFileSync(join(ROOT, file), 'utf8'));
  if (!data.heroImage) continue;
  const section = data.fullPath.split('/')[0].replace(/-/g, ' ');
  put(data.heroImage.key, hero({ title: data.postTitle, label: section, sub: data.summary && data.summary.length < 90 ? data.summary : '' }));
}

// Players
for (const p of readJson('data/demo/players.json')) put(p.imageKey, playerCard(p));

// Sponsors
for (const row of readJson('data/demo/sponsor-rows.json')) for (const s of row.sponsors) put(s.imageKey, sponsorLogo(s));

// Advert slots
const ADVERT_COPY = {
  'home-mpu': { brand: 'Meridale Motors', headline: 'Drive away this season', sub: '0% finance on selected models', cta: 'Find out more' },
  'news-banner': { brand: 'ClearOdds', headline: 'Matchday odds, every game', sub: 'New customers only. T&Cs apply.', cta: 'Bet now', adult: '18+ Please gamble responsibly' },
  'matches-large-banner': { brand: 'Stoke City+', headline: 'Every game, live and on demand', sub: 'Season pass from £79.99', cta: 'Subscribe', colour: RED },
};
for (const slot of readJson('data/demo/advert-slots.json')) {
  const copy = ADVERT_COPY[slot.slotID];
  for (const img of Object.values(slot.advertData.images)) {
    if (!img) continue;
    const [w, h] = img.imageSize.split('x').map(Number);
    put(img.key, advert({ w, h, ...copy }));
  }
}

// Footer adverts
const FOOTER_COPY = {
  'fa-home-kit': { brand: 'Club Shop', headline: 'The 2026/27 home kit', sub: 'Available now in store and online', cta: 'Shop now', colour: RED },
  'fa-summer-camps-2024': { brand: 'Stoke City Foundation', headline: 'Summer camps 2024', sub: 'Ages 5 to 14, all abilities', cta: 'Book now', colour: '#1e6f5c' },
  'fa-audio-pass': { brand: 'Stoke City+', headline: 'Every game, live commentary', sub: 'Audio Pass from £3.99 a month', cta: 'Listen live', colour: NAVY_2 },
  'fa-christmas-parties': { brand: 'Conference & Events', headline: 'Christmas parties at the stadium', sub: 'Shared nights from £45', cta: 'Enquire', colour: '#7a1f3d' },
  'fa-kilnhouse-brewing': { brand: 'Kilnhouse Brewing Co.', headline: 'The matchday pint', sub: 'Brewed in the Potteries. 18+ only.', cta: 'Find a bar', adult: '18+ Please drink responsibly' },
  'fa-app-match-alerts': { brand: 'Club App', headline: 'Never miss a goal', sub: 'Turn on match alerts', cta: 'Get the app', colour: NAVY_2 },
};
for (const a of readJson('data/demo/footer-adverts.json')) {
  const copy = FOOTER_COPY[a.id];
  if (a.images.square) put(a.images.square.imageKey, advert({ w: 500, h: 500, ...copy }));
  if (a.images.banner) put(a.images.banner.imageKey, advert({ w: 728, h: 90, ...copy }));
}

// Promo overlays
const PROMO_COPY = {
  'promo-season-pass-offer': { title: 'Every game. Live.', sub: 'Stoke City+ season pass: 25% off this week', cta: 'Subscribe now', label: 'STOKE CITY+' },
  'promo-festive-fixtures': { title: 'Boxing Day at the bet365', sub: 'Wrexham (H) · Saturday 26 December · 3pm', cta: 'Buy tickets', label: 'FESTIVE FIXTURES' },
  'promo-memberships-2026': { title: 'Join us for 2026/27', sub: 'Early-bird membership prices end 26 June', cta: 'Join now', label: 'MEMBERSHIPS' },
};
for (const p of readJson('data/demo/promo-overlays.json')) put(p.imageKey, poster({ w: 1400, h: 1400, ...PROMO_COPY[p.promoID] }));

// Videos and categories
for (const v of readJson('data/demo/videos.json')) put(v.mediaData.thumbnailUrl, videoThumb(v));
for (const c of readJson('data/club/video-categories.json')) put(c.attributes.imageKey, categoryCard(c));

// Packages
for (const pkg of readJson('data/demo/packages.json')) {
  put(pkg.attributes.imageData.landscape.imageKey, packageImage(pkg, 'landscape'));
  if (pkg.attributes.styleData.backgroundImageKey) put(pkg.attributes.styleData.backgroundImageKey, packageImage(pkg, 'background'));
}

// ---------------------------------------------------------------------------
// Write
// ---------------------------------------------------------------------------

// Only the folders this script owns are cleared, so anything else in public/media survives.
const owned = new Set([...images.keys()].map((k) => (k.includes('/') ? k.split('/')[0] : null)).filter(Boolean));
for (const dir of owned) cleanDir(`public/media/${dir}`);
let biggest = ['', 0];
for (const [key, svg] of [...images.entries()].sort()) {
  writeText(`public/media/${key}`, svg);
  const size = Buffer.byteLength(svg);
  if (size > biggest[1]) biggest = [key, size];
}
console.log(`images: ${images.size} SVG files in public/media (largest ${biggest[0]}, ${biggest[1]} bytes)`);
