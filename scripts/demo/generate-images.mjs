/**
 * Generates every image the demo dataset references, as small original SVGs under
 * public/media/<key>, and their focal points in data/media/focal-points.json.
 * Editorial images are scenes without text (./art.mjs) drawn around a focal point the site keeps
 * in view (src/lib/artDirection.ts); only creatives whose words are their content carry text
 * (invented sponsor wordmarks, adverts, promo posters, the 'SCFC' monogram crest). Palette: club
 * red #e03a3e, navy #0b1a2f, white; creatives set in system-ui.
 * Run: node scripts/demo/generate-images.mjs (after all data generators).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, readJson, writeJson, listFiles, parseFrontMatterSubset, cleanDir, writeText, xmlEscape, hashString } from './lib.mjs';
import { focalFor, newsScene, sceneSvg } from './art.mjs';

const RED = '#e03a3e';
const RED_DARK = '#9e1b20';
const NAVY = '#0b1a2f';
const NAVY_2 = '#16305a';
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif";

/** Where the face of a portrait sits (fractions of the square). */
const PORTRAIT_FOCUS = { x: 0.5, y: 0.4 };

const images = new Map(); // key -> svg
const focalPoints = new Map(); // key -> { x, y } in percent of width and height

function put(key, svg) {
  if (images.has(key)) return;
  images.set(key, svg.replace(/\n\s*/g, '').trim() + '\n');
}

/** A text-free scene (art.mjs) at w × h for `key`, focused where focalFor(key) says unless given. */
function putScene(key, scene, w, h, { focus = focalFor(key), seed = hashString(key) } = {}) {
  if (images.has(key)) return;
  const art = sceneSvg({ scene, w, h, focus, seed });
  put(key, art.svg);
  focalPoints.set(key, { x: Math.round(art.focus.x * 100), y: Math.round(art.focus.y * 100) });
}

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

const svgOpen = (w, h, label) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${xmlEscape(label)}" font-family="${FONT}">`;

const stripes = (id, size = 28, opacity = 0.07, color = '#fff') =>
  `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="${size / 2}" height="${size}" fill="${color}" fill-opacity="${opacity}"/></pattern>`;

const grad = (id, a, b, vertical = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 1}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;

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

/** A label in a rounded box; the text is set to a fixed length, so any font keeps 0.9 em of padding each side. */
function pill(x, y, label, { fill = RED, color = '#fff', size = 26 } = {}) {
  const text = Math.round(label.length * size * 0.72);
  const w = text + Math.round(size * 1.8);
  return `<rect x="${x}" y="${y}" width="${w}" height="${Math.round(size * 1.7)}" rx="${Math.round(size * 0.85)}" fill="${fill}"/><text x="${x + w / 2}" y="${y + size * 1.18}" font-size="${size}" font-weight="800" fill="${color}" text-anchor="middle" letter-spacing="2" textLength="${text}" lengthAdjust="spacingAndGlyphs">${xmlEscape(label)}</text>`;
}

// ---------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------

const BRAND_COLOURS = ['#0f4c81', '#1e6f5c', '#5b2a86', '#b5541c', '#2c3e50', '#7a1f3d', '#00796b', '#8d6e00', '#37474f', '#283593', '#6d4c41', '#00838f'];
const brandColour = (name) => BRAND_COLOURS[hashString(name) % BRAND_COLOURS.length];

function brandMark(name, x, y, s, colour) {
  const kind = hashString(`mark:${name}`) % 4;
  const c = colour;
  if (kind === 0)
    return `<circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 2}" fill="#fff"/><circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 4}" fill="${c}"/>`;
  if (kind === 1) return `<path d="M${x + s / 2} ${y}L${x + s} ${y + s}H${x}Z" fill="#fff"/>`;
  if (kind === 2)
    return `<path d="M${x + s / 2} ${y}L${x + s} ${y + s / 2}L${x + s / 2} ${y + s}L${x} ${y + s / 2}Z" fill="#fff"/><path d="M${x + s / 2} ${y + s * 0.25}L${x + s * 0.75} ${y + s / 2}L${x + s / 2} ${y + s * 0.75}L${x + s * 0.25} ${y + s / 2}Z" fill="${c}"/>`;
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

/** 600x600 kit shirt, no text: the shirt in the kit's colours with a plain shield. */
function kitImage(kind) {
  const specs = {
    home: { base: '#fff', stripe: RED, trim: NAVY, label: 'Home kit' },
    away: { base: NAVY, stripe: null, trim: RED, label: 'Away kit' },
    third: { base: '#f4f1ea', stripe: null, trim: NAVY, sash: RED, label: 'Third kit' },
    goalkeeper: { base: '#2e8b57', stripe: null, trim: '#0b3d24', label: 'Goalkeeper kit' },
  }[kind];
  const shirt = 'M190 110 240 90q60 40 120 0l50 20 110 80-50 90-50-30v270H180V260l-50 30-50-90Z';
  const stripesSvg = specs.stripe
    ? [250, 320, 390].map((x) => `<rect x="${x - 20}" y="80" width="40" height="500" fill="${specs.stripe}"/>`).join('') +
      `<rect x="170" y="80" width="40" height="500" fill="${specs.stripe}"/>`
    : '';
  const sash = specs.sash ? `<path d="M180 160 420 560H360L180 260Z" fill="${specs.sash}"/>` : '';
  const shield = `<path d="M330 170h44v30c0 18-10 28-22 34-12-6-22-16-22-34Z" fill="${specs.trim}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><defs><clipPath id="c"><path d="${shirt}"/></clipPath>${grad('g', '#eef1f6', '#d5dbe6', true)}</defs><rect width="600" height="600" fill="url(#g)"/><path d="${shirt}" fill="${specs.base}"/><g clip-path="url(#c)">${stripesSvg}${sash}</g><path d="${shirt}" fill="none" stroke="${specs.trim}" stroke-width="8" stroke-linejoin="round"/><path d="M240 90q60 40 120 0" stroke="${specs.trim}" stroke-width="14" fill="none"/>${shield}</svg>`;
}

/** Promo poster (a creative: its words are its content and its alt text). */
function poster({ w, h, title, sub, cta, label }) {
  const k = w / 1400;
  const lines = wrap(title.toUpperCase(), 120 * k, w - 200 * k, 4, 0.64);
  return `${svgOpen(w, h, `${title}. ${sub}`)}<defs>${grad('g', NAVY, NAVY_2, true)}${stripes('s', 40 * k, 0.07)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/><path d="M0 ${h * 0.78}L${w} ${h * 0.4}V${h}H0Z" fill="${RED}"/><path d="M0 ${h * 0.78}L${w} ${h * 0.4}V${h}H0Z" fill="url(#s)"/>${crest(100 * k, 90 * k, 1.1 * k)}${pill(360 * k, 150 * k, label, { size: Math.round(36 * k) })}${textLines(lines, 100 * k, 560 * k, Math.round(120 * k), Math.round(128 * k), 'font-weight="900" fill="#fff"')}<text x="${100 * k}" y="${h - 260 * k}" font-size="${Math.round(48 * k)}" font-weight="600" fill="#fff">${xmlEscape(sub)}</text><rect x="${100 * k}" y="${h - 200 * k}" width="${460 * k}" height="${110 * k}" rx="${55 * k}" fill="#fff"/><text x="${330 * k}" y="${h - 128 * k}" font-size="${Math.round(44 * k)}" font-weight="800" fill="${RED}" text-anchor="middle">${xmlEscape(cta)}</text></svg>`;
}

function crestFile() {
  return `${svgOpen(200, 240, 'Stoke City FC demo crest: SCFC monogram shield')}${crest(0, 0, 1)}</svg>`;
}

// ---------------------------------------------------------------------------
// Collect every key from the data
// ---------------------------------------------------------------------------

// Club crest (the one image that is a logo) and the placeholders
put('club/crest.svg', crestFile());
const settings = readJson('data/club/site-settings.json');
putScene(settings.placeholderImages.default, 'stripes', 1000, 1000, { focus: { x: 0.5, y: 0.3 } });
putScene(settings.placeholderImages.news, 'floodlights', 1600, 900);
putScene(settings.placeholderImages.player, 'portrait', 600, 600, { focus: PORTRAIT_FOCUS, seed: 0 });
putScene(settings.placeholderImages.video, 'floodlights', 1280, 720);
for (const [kind, key] of Object.entries(settings.kitImages)) {
  put(key, kitImage(kind));
  focalPoints.set(key, { x: 50, y: 50 });
}

// Teams
const TEAM_SCENES = { '': 'stripes', u21: 'pitch', u18: 'cones', women: 'crowd' };
for (const t of readJson('data/club/teams.json')) {
  if (t.imageKey) putScene(t.imageKey, TEAM_SCENES[t.slug] ?? 'stripes', 1600, 900);
}

// Menus: the featured tiles are tall (2:3) at every width, so the scene sits in the middle.
const MENU_SCENES = { Tickets: 'seats', Store: 'shirt' };
for (const menu of readJson('data/club/menus.json')) {
  for (const item of menu.items) {
    if (!item.imageKey) continue;
    putScene(item.imageKey, MENU_SCENES[item.label] ?? 'floodlights', 800, 800, { focus: { x: 0.5, y: 0.4 } });
  }
}

// News: the scene follows the first category (art.mjs newsScene, which also gives the alt text).
for (const file of listFiles('data/demo/news', '.md')) {
  const { data } = parseFrontMatterSubset(readFileSync(join(ROOT, file), 'utf8'));
  putScene(data.imageData.key, newsScene(data.imageData.key, data.categories[0]), 1600, 900);
}

// Pages
const SECTION_SCENES = {
  tickets: 'seats',
  hospitality: 'floodlights',
  'conference-events': 'floodlights',
  foundation: 'crowd',
  fans: 'crowd',
  juniors: 'cones',
  club: 'stripes',
  'live-streaming': 'audio',
  contact: 'microphone',
  'partnerships-advertising': 'shirt',
};
for (const file of listFiles('data/demo/pages', '.md')) {
  const { data } = parseFrontMatterSubset(readFileSync(join(ROOT, file), 'utf8'));
  if (!data.heroImage) continue;
  const section = data.fullPath.split('/')[0];
  putScene(data.heroImage.key, SECTION_SCENES[section] ?? ['stripes', 'pitch', 'floodlights'][hashString(data.heroImage.key) % 3], 1600, 900);
}

// Players: the face is in the upper half of the square.
for (const p of readJson('data/demo/players.json')) putScene(p.imageKey, 'portrait', 600, 600, { focus: PORTRAIT_FOCUS, seed: p.teamSlug === 'women' ? 1 : 0 });

// Sponsors
for (const row of readJson('data/demo/sponsor-rows.json')) for (const s of row.sponsors) put(s.imageKey, sponsorLogo(s));

// Advert slots
const ADVERT_COPY = {
  'home-mpu': { brand: 'Meridale Motors', headline: 'Drive away this season', sub: '0% finance on selected models', cta: 'Find out more' },
  'news-banner': {
    brand: 'ClearOdds',
    headline: 'Matchday odds, every game',
    sub: 'New customers only. T&Cs apply.',
    cta: 'Bet now',
    adult: '18+ Please gamble responsibly',
  },
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
  'fa-summer-camps-2024': {
    brand: 'Stoke City Foundation',
    headline: 'Summer camps 2024',
    sub: 'Ages 5 to 14, all abilities',
    cta: 'Book now',
    colour: '#1e6f5c',
  },
  'fa-audio-pass': { brand: 'Stoke City+', headline: 'Every game, live commentary', sub: 'Audio Pass from £3.99 a month', cta: 'Listen live', colour: NAVY_2 },
  'fa-christmas-parties': {
    brand: 'Conference & Events',
    headline: 'Christmas parties at the stadium',
    sub: 'Shared nights from £45',
    cta: 'Enquire',
    colour: '#7a1f3d',
  },
  'fa-kilnhouse-brewing': {
    brand: 'Kilnhouse Brewing Co.',
    headline: 'The matchday pint',
    sub: 'Brewed in the Potteries. 18+ only.',
    cta: 'Find a bar',
    adult: '18+ Please drink responsibly',
  },
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
  'promo-festive-fixtures': {
    title: 'Boxing Day at the bet365',
    sub: 'Wrexham (H) · Saturday 26 December · 3pm',
    cta: 'Buy tickets',
    label: 'FESTIVE FIXTURES',
  },
  'promo-memberships-2026': { title: 'Join us for 2026/27', sub: 'Early-bird membership prices end 26 June', cta: 'Join now', label: 'MEMBERSHIPS' },
  'promo-new-season-2026': { title: 'The season is on', sub: 'Every remaining match live on Stoke City+', cta: 'Subscribe now', label: 'STOKE CITY+' },
};
for (const p of readJson('data/demo/promo-overlays.json')) put(p.imageKey, poster({ w: 1400, h: 1400, ...PROMO_COPY[p.promoID] }));

// Videos and categories
const VIDEO_SCENES = {
  highlights: ['ball', 'net'],
  interviews: ['microphone'],
  'press-conferences': ['microphone'],
  'full-match-replays': ['floodlights'],
  academy: ['cones', 'pitch'],
  women: ['crowd', 'ball'],
};
const videoScene = (category, key) => {
  const options = VIDEO_SCENES[category] ?? ['floodlights'];
  return options[hashString(key) % options.length];
};
for (const v of readJson('data/demo/videos.json')) putScene(v.mediaData.thumbnailUrl, videoScene(v.metaData.category, v.mediaData.thumbnailUrl), 1280, 720);
for (const c of readJson('data/club/video-categories.json'))
  putScene(c.attributes.imageKey, videoScene(c.slug, c.attributes.imageKey), 400, 600, { focus: { x: 0.5, y: 0.35 } });

// Packages: audio passes get headphones, the rest floodlights.
for (const pkg of readJson('data/demo/packages.json')) {
  const scene = /audio/i.test(pkg.attributes.title) ? 'audio' : 'floodlights';
  putScene(pkg.attributes.imageData.landscape.imageKey, scene, 800, 450);
  if (pkg.attributes.styleData.backgroundImageKey) putScene(pkg.attributes.styleData.backgroundImageKey, scene, 600, 900, { focus: { x: 0.5, y: 0.3 } });
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
// The focal points, for the site's art direction (src/queries/imageFocus.ts → src/lib/artDirection.ts).
writeJson('data/media/focal-points.json', {
  description:
    'Focal points of the generated images in public/media (scripts/demo/generate-images.mjs): x and y in percent of the width and height, where the subject of the image is; src/lib/artDirection.ts keeps it in view in every crop.',
  images: Object.fromEntries([...focalPoints.entries()].sort(([a], [b]) => a.localeCompare(b))),
});
console.log(
  `images: ${images.size} SVG files in public/media (largest ${biggest[0]}, ${biggest[1]} bytes), ${focalPoints.size} focal points in data/media/focal-points.json`,
);
