/**
 * The demo's editorial art: small original SVG scenes without text in the club's colours (red and
 * white stripes, navy, pitch green) — stands, balls, shirts, supporters, seats, a microphone, a
 * portrait silhouette. Each is drawn around a focal point (fractions of width and height) returned
 * with the SVG, so the site keeps it in view in every crop (data/media/focal-points.json →
 * src/lib/artDirection.ts). Used by generate-images.mjs (files) and generate-news.mjs (alt text).
 */
import { hashString } from './lib.mjs';

const RED = '#e03a3e';
const RED_DARK = '#9e1b20';
const NAVY = '#0b1a2f';
const NAVY_2 = '#16305a';
const INK = '#050d1a';
const GRASS = '#17502f';
const GRASS_2 = '#1b5e3b';

/** What each scene shows, as the alt text of an image that is not decorative. */
export const SCENE_ALT = {
  floodlights: 'Illustration: floodlights over a stand at night',
  ball: 'Illustration: a football on a striped pitch',
  net: 'Illustration: a football in the back of the net',
  pitch: 'Illustration: centre-circle markings on a pitch',
  stripes: 'Illustration: a red and white striped shirt with a navy collar',
  crowd: 'Illustration: supporters raising red and white scarves',
  cones: 'Illustration: training cones and a ball on a pitch',
  seats: 'Illustration: rows of red stadium seats and a gangway',
  shirt: 'Illustration: a red and white striped shirt on a hanger',
  microphone: 'Illustration: a microphone in front of a press backdrop',
  audio: 'Illustration: headphones and a sound level meter',
  portrait: 'Illustration: a player silhouette in a striped shirt',
};

/** Scenes that suit each news category (first category of an article), picked from by the key's hash. */
const CATEGORY_SCENES = {
  'match-reports': ['floodlights', 'ball', 'net'],
  'match-previews': ['floodlights', 'pitch'],
  'first-team': ['stripes', 'ball'],
  'club-news': ['stripes', 'crowd'],
  academy: ['cones', 'pitch'],
  women: ['crowd', 'ball'],
  community: ['crowd', 'cones'],
  tickets: ['seats', 'floodlights'],
  commercial: ['shirt', 'stripes'],
  'job-vacancies': ['seats', 'stripes'],
  interviews: ['microphone', 'crowd'],
};

/**
 * The scene of a news image: from its first category, varied by the image key.
 * @param {string} key image key, e.g. 'news/report-….svg'
 * @param {string | undefined} category first category slug
 * @returns {keyof typeof SCENE_ALT}
 */
export function newsScene(key, category) {
  const options = CATEGORY_SCENES[category ?? ''] ?? ['stripes', 'floodlights', 'crowd'];
  return options[hashString(key) % options.length];
}

/**
 * A focal point for an image key: upper right of centre, where the page's text (bottom left of
 * heroes and cards) does not cover it, varied by the key. Fractions of width and height, on the
 * site's 5% grid of focus classes (src/lib/artDirection.ts FOCUS_STEP), so the crop is exact.
 * @param {string} key
 * @returns {{ x: number, y: number }}
 */
export function focalFor(key) {
  const h = hashString(`focus:${key}`);
  return { x: [0.65, 0.7, 0.75][h % 3], y: [0.3, 0.35][(h >>> 4) % 2] };
}

const r0 = (n) => Math.round(n);

/** A seamless vertical band pattern (stripes of `a` on `b`), `size` wide, turned by `angle` degrees. */
const bands = (id, size, a, b, angle = 0, opacity = 1) =>
  `<pattern id="${id}" width="${r0(size)}" height="10" patternUnits="userSpaceOnUse"${angle ? ` patternTransform="rotate(${angle})"` : ''}>${b ? `<rect width="${r0(size)}" height="10" fill="${b}"/>` : ''}<rect width="${r0(size / 2)}" height="10" fill="${a}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ''}/></pattern>`;
const radial = (id, colour, opacity) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
const vertical = (id, top, bottom) =>
  `<linearGradient id="${id}" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

/** A football of radius r at cx, cy: white with a navy centre panel and five edge panels. */
function football(cx, cy, r, id) {
  const pent = (x, y, radius, turn = -90) => {
    const pts = [0, 1, 2, 3, 4].map((i) => {
      const a = ((turn + i * 72) * Math.PI) / 180;
      return `${r0(x + radius * Math.cos(a))} ${r0(y + radius * Math.sin(a))}`;
    });
    return `M${pts.join('L')}Z`;
  };
  // Edge panels lie out from each corner of the centre panel, a corner pointing back at it.
  const edges = [0, 1, 2, 3, 4].map((i) => {
    const deg = -90 + i * 72;
    const a = (deg * Math.PI) / 180;
    return pent(cx + r * 0.98 * Math.cos(a), cy + r * 0.98 * Math.sin(a), r * 0.36, deg + 180);
  });
  const seams = [0, 1, 2, 3, 4].map((i) => {
    const a = ((-90 + i * 72) * Math.PI) / 180;
    const b = ((-54 + i * 72) * Math.PI) / 180;
    return `M${r0(cx + r * 0.36 * Math.cos(a))} ${r0(cy + r * 0.36 * Math.sin(a))}L${r0(cx + r * 0.62 * Math.cos(a))} ${r0(cy + r * 0.62 * Math.sin(a))}M${r0(cx + r * 0.62 * Math.cos(b))} ${r0(cy + r * 0.62 * Math.sin(b))}L${r0(cx + r * Math.cos(b))} ${r0(cy + r * Math.sin(b))}`;
  });
  return `<clipPath id="${id}"><circle cx="${r0(cx)}" cy="${r0(cy)}" r="${r0(r)}"/></clipPath><ellipse cx="${r0(cx + r * 0.15)}" cy="${r0(cy + r * 1.02)}" rx="${r0(r * 0.9)}" ry="${r0(r * 0.16)}" fill="${INK}" fill-opacity=".5"/><circle cx="${r0(cx)}" cy="${r0(cy)}" r="${r0(r)}" fill="#f4f6f9"/><g clip-path="url(#${id})" fill="${NAVY}"><path d="${pent(cx, cy, r * 0.36)}${edges.join('')}"/><path d="${seams.join('')}" stroke="${NAVY}" stroke-width="${r0(r * 0.05)}" fill="none" stroke-opacity=".6"/><circle cx="${r0(cx + r * 0.35)}" cy="${r0(cy + r * 0.35)}" r="${r0(r)}" fill="${INK}" fill-opacity=".18"/></g>`;
}

/** Shoulders and chest of the portrait silhouette, in its 600-unit box. */
const BODY = 'M86 606c0-160 94-256 214-256s214 96 214 256Z';

/** The shirt outline of a 600-unit box (used at any scale through a transform). */
const SHIRT = 'M190 110 240 90q60 40 120 0l50 20 110 80-50 90-50-30v270H180V260l-50 30-50-90Z';

/**
 * Draws `scene` at w × h around the focal point f (fractions). Returns the SVG's <defs> and body.
 * @param {keyof typeof SCENE_ALT} scene
 * @param {number} w
 * @param {number} h
 * @param {{ x: number, y: number }} f
 * @param {number} seed variation
 */
function draw(scene, w, h, f, seed) {
  const k = Math.min(w, h) / 900; // element scale: 1 on a 1600 × 900 hero
  const fx = f.x * w;
  const fy = f.y * h;
  const flip = seed % 2 === 0;
  switch (scene) {
    case 'floodlights': {
      const lamp = (x, y, s) =>
        `<path d="M${r0(x - 10 * s)} ${r0(y + 40 * s)}L${r0(x - 34 * s)} ${h}H${r0(x + 34 * s)}L${r0(x + 10 * s)} ${r0(y + 40 * s)}Z" fill="${INK}"/><rect x="${r0(x - 96 * s)}" y="${r0(y - 54 * s)}" width="${r0(192 * s)}" height="${r0(104 * s)}" rx="${r0(6 * s)}" fill="${INK}"/><rect x="${r0(x - 84 * s)}" y="${r0(y - 44 * s)}" width="${r0(168 * s)}" height="${r0(84 * s)}" fill="url(#l)"/>`;
      const x2 = fx > w / 2 ? fx - w * 0.5 : fx + w * 0.5;
      const roof = h * 0.6;
      return {
        defs: `${vertical('g', INK, NAVY_2)}${radial('o', '#fff', 0.55)}${radial('p', RED, 0.35)}<pattern id="l" width="${r0(24 * k)}" height="${r0(21 * k)}" patternUnits="userSpaceOnUse"><rect x="${r0(3 * k)}" y="${r0(3 * k)}" width="${r0(18 * k)}" height="${r0(15 * k)}" rx="${r0(3 * k)}" fill="#fff"/></pattern><pattern id="r" width="10" height="${r0(22 * k)}" patternUnits="userSpaceOnUse"><rect width="10" height="${r0(3 * k)}" fill="#fff" fill-opacity=".07"/></pattern>${bands('m', 180 * k, GRASS_2, GRASS)}`,
        body: `<rect width="${w}" height="${h}" fill="url(#g)"/><ellipse cx="${r0(w / 2)}" cy="${h}" rx="${r0(w * 0.7)}" ry="${r0(h * 0.5)}" fill="url(#p)"/><circle cx="${r0(fx)}" cy="${r0(fy)}" r="${r0(520 * k)}" fill="url(#o)"/><circle cx="${r0(x2)}" cy="${r0(fy + 60 * k)}" r="${r0(300 * k)}" fill="url(#o)" opacity=".6"/><path d="M${r0(fx - 80 * k)} ${r0(fy)}L${r0(fx - 760 * k)} ${h}H${r0(fx + 240 * k)}Z" fill="#fff" fill-opacity=".05"/>${lamp(fx, fy, k)}${lamp(x2, fy + 60 * k, k * 0.6)}<path d="M0 ${r0(roof + (flip ? 40 : -20) * k)}L${w} ${r0(roof + (flip ? -30 : 30) * k)}V${h}H0Z" fill="${NAVY}"/><path d="M0 ${r0(roof + (flip ? 40 : -20) * k)}L${w} ${r0(roof + (flip ? -30 : 30) * k)}V${h}H0Z" fill="url(#r)"/><path d="M0 ${r0(roof + (flip ? 40 : -20) * k)}L${w} ${r0(roof + (flip ? -30 : 30) * k)}" stroke="${RED}" stroke-width="${r0(8 * k)}"/><rect y="${r0(h - 90 * k)}" width="${w}" height="${r0(90 * k)}" fill="url(#m)"/>`,
      };
    }
    case 'ball':
    case 'pitch':
    case 'cones': {
      const lines = '#fff';
      const base = `${bands('m', 220 * k, GRASS_2, GRASS, scene === 'pitch' ? 90 : 18)}<radialGradient id="d" r=".75"><stop offset=".45" stop-color="${INK}" stop-opacity="0"/><stop offset="1" stop-color="${INK}" stop-opacity=".75"/></radialGradient>`;
      const ground = `<rect width="${w}" height="${h}" fill="url(#m)"/>`;
      const vignette = `<rect width="${w}" height="${h}" fill="url(#d)"/>`;
      if (scene === 'pitch') {
        const box = flip
          ? `M0 ${r0(fy - 260 * k)}H${r0(300 * k)}V${r0(fy + 260 * k)}H0`
          : `M${w} ${r0(fy - 260 * k)}H${r0(w - 300 * k)}V${r0(fy + 260 * k)}H${w}`;
        return {
          defs: base,
          body: `${ground}<g fill="none" stroke="${lines}" stroke-opacity=".8" stroke-width="${r0(9 * k)}"><path d="M${r0(fx)} 0V${h}${box}"/><circle cx="${r0(fx)}" cy="${r0(fy)}" r="${r0(190 * k)}"/></g><circle cx="${r0(fx)}" cy="${r0(fy)}" r="${r0(14 * k)}" fill="${lines}"/>${vignette}`,
        };
      }
      if (scene === 'cones') {
        const cone = (x, y, s, c) =>
          `<ellipse cx="${r0(x)}" cy="${r0(y)}" rx="${r0(46 * s)}" ry="${r0(12 * s)}" fill="${INK}" fill-opacity=".35"/><path d="M${r0(x - 34 * s)} ${r0(y)}L${r0(x - 8 * s)} ${r0(y - 80 * s)}H${r0(x + 8 * s)}L${r0(x + 34 * s)} ${r0(y)}Z" fill="${c}"/><path d="M${r0(x - 22 * s)} ${r0(y - 30 * s)}H${r0(x + 22 * s)}" stroke="#fff" stroke-width="${r0(9 * s)}"/>`;
        const cones = [0, 1, 2, 3, 4, 5].map((i) => {
          const t = i / 5;
          const x = fx - (1 - t) * 900 * k + (i % 2 ? 60 : -60) * k;
          const y = fy + 40 * k + (1 - t) * 420 * k;
          return cone(x, y, k * (1.4 - t * 0.6), i % 2 ? RED : NAVY);
        });
        return { defs: base, body: `${ground}${cones.reverse().join('')}${football(fx + 110 * k, fy - 10 * k, 60 * k, 'c')}${vignette}` };
      }
      return {
        defs: base,
        body: `${ground}<circle cx="${r0(fx - 420 * k)}" cy="${r0(fy + 520 * k)}" r="${r0(420 * k)}" fill="none" stroke="${lines}" stroke-opacity=".6" stroke-width="${r0(10 * k)}"/><path d="M${r0(fx - 520 * k)} ${r0(fy + 10 * k)}H${r0(fx - 220 * k)}M${r0(fx - 470 * k)} ${r0(fy + 70 * k)}H${r0(fx - 210 * k)}M${r0(fx - 560 * k)} ${r0(fy - 50 * k)}H${r0(fx - 240 * k)}" stroke="#fff" stroke-opacity=".45" stroke-width="${r0(10 * k)}" stroke-linecap="round"/>${football(fx, fy, 150 * k, 'c')}${vignette}`,
      };
    }
    case 'net': {
      const post = fx + (flip ? 330 : -330) * k;
      const bar = fy - 250 * k;
      return {
        defs: `${vertical('g', INK, NAVY_2)}${radial('o', RED, 0.45)}<pattern id="n" width="${r0(44 * k)}" height="${r0(44 * k)}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0H${r0(44 * k)}M0 0V${r0(44 * k)}" stroke="#fff" stroke-opacity=".3" stroke-width="${r0(3 * k) || 1}" fill="none"/></pattern>`,
        body: `<rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="${r0(fx)}" cy="${r0(fy)}" r="${r0(560 * k)}" fill="url(#o)"/><rect width="${w}" height="${h}" fill="url(#n)"/><path d="M${flip ? 0 : w} ${r0(bar)}H${r0(post)}V${h}" fill="none" stroke="#fff" stroke-width="${r0(26 * k)}"/>${football(fx, fy + 60 * k, 120 * k, 'c')}`,
      };
    }
    case 'stripes': {
      const cw = 300 * k;
      const cy = fy;
      return {
        defs: `${bands('s', 240 * k, RED, '#eef1f5', -6)}<linearGradient id="sh" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${NAVY}" stop-opacity=".15"/><stop offset="1" stop-color="${NAVY}" stop-opacity=".85"/></linearGradient><linearGradient id="f" x2="1"><stop offset="0" stop-color="${INK}" stop-opacity="0"/><stop offset=".5" stop-color="${INK}" stop-opacity=".16"/><stop offset="1" stop-color="${INK}" stop-opacity="0"/></linearGradient>`,
        body: `<rect width="${w}" height="${h}" fill="url(#s)"/><path d="M${r0(fx - 700 * k)} 0L${r0(fx - 300 * k)} ${h}H${r0(fx)}L${r0(fx - 420 * k)} 0Z" fill="url(#f)"/><path d="M${r0(fx + 260 * k)} 0L${r0(fx + 520 * k)} ${h}H${r0(fx + 780 * k)}L${r0(fx + 480 * k)} 0Z" fill="url(#f)"/><path d="M${r0(fx - cw)} -10Q${r0(fx)} ${r0(cy + 90 * k)} ${r0(fx + cw)} -10H${r0(fx + cw - 70 * k)}Q${r0(fx)} ${r0(cy - 10 * k)} ${r0(fx - cw + 70 * k)} -10Z" fill="${NAVY}"/><rect width="${w}" height="${h}" fill="url(#sh)"/>`,
      };
    }
    case 'crowd': {
      const person = (x, y) =>
        `<circle cx="${x}" cy="${y}" r="13"/><path d="M${x - 22} ${y + 40}Q${x - 22} ${y + 17} ${x} ${y + 17}Q${x + 22} ${y + 17} ${x + 22} ${y + 40}Z"/>`;
      const tile = (id, s, op) =>
        `<pattern id="${id}" width="100" height="56" patternUnits="userSpaceOnUse" patternTransform="scale(${(s * k).toFixed(2)})"><g fill="${INK}" fill-opacity="${op}">${person(25, 16)}${person(75, 10)}<rect y="50" width="100" height="6"/></g></pattern>`;
      const scarf = (x, y, turn, s) =>
        `<g transform="translate(${r0(x)} ${r0(y)}) rotate(${turn}) scale(${(s * k).toFixed(2)})"><path d="M-150 30L-170 190M150 30L170 190" stroke="${INK}" stroke-width="18" stroke-linecap="round"/><rect x="-160" y="-22" width="320" height="52" fill="url(#q)"/></g>`;
      const top = h * 0.58;
      return {
        defs: `${vertical('g', NAVY, NAVY_2)}${radial('o', RED, 0.8)}${radial('w', '#fff', 0.3)}${bands('q', 80, RED, '#fff')}${tile('a', 1.2, 0.55)}${tile('b', 2, 1)}`,
        body: `<rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="${r0(fx)}" cy="${r0(fy + 120 * k)}" r="${r0(620 * k)}" fill="url(#o)"/><circle cx="${r0(fx)}" cy="${r0(fy - 60 * k)}" r="${r0(300 * k)}" fill="url(#w)"/>${scarf(fx - 40 * k, fy, flip ? -8 : 6, 1.15)}${scarf(fx - 560 * k, fy + 150 * k, flip ? 10 : -5, 0.8)}${scarf(fx + 440 * k, fy + 110 * k, flip ? 4 : -9, 0.7)}<rect y="${r0(top)}" width="${w}" height="${r0(h - top)}" fill="url(#a)"/><rect y="${r0(top + 120 * k)}" width="${w}" height="${r0(h - top)}" fill="url(#b)"/><rect y="${r0(h - 60 * k)}" width="${w}" height="${r0(60 * k)}" fill="${INK}"/>`,
      };
    }
    case 'seats': {
      // Rows of red seats in the dark, a grey gangway down the focal point, shade at the top and foot.
      const gw = 120 * k;
      const row = r0(58 * k);
      return {
        defs: `<pattern id="t" width="64" height="58" patternUnits="userSpaceOnUse" patternTransform="scale(${k.toFixed(2)})"><rect width="64" height="58" fill="#160b14"/><rect x="8" y="6" width="48" height="30" rx="9" fill="#b3262c"/><rect x="10" y="36" width="44" height="12" rx="4" fill="#6e141b"/></pattern><pattern id="u" width="10" height="${row}" patternUnits="userSpaceOnUse"><rect width="10" height="${r0(8 * k)}" fill="${INK}" fill-opacity=".45"/></pattern><linearGradient id="sh" x2="0" y2="1"><stop offset="0" stop-color="${INK}" stop-opacity=".9"/><stop offset=".4" stop-color="${INK}" stop-opacity=".15"/><stop offset=".7" stop-color="${INK}" stop-opacity=".15"/><stop offset="1" stop-color="${INK}" stop-opacity=".8"/></linearGradient>`,
        body: `<rect width="${w}" height="${h}" fill="url(#t)"/><rect x="${r0(fx - gw / 2)}" width="${r0(gw)}" height="${h}" fill="#56647c"/><rect x="${r0(fx - gw / 2)}" width="${r0(gw)}" height="${h}" fill="url(#u)"/><path d="M${r0(fx - gw / 2)} 0V${h}M${r0(fx + gw / 2)} 0V${h}" stroke="${INK}" stroke-width="${r0(8 * k)}"/><rect width="${w}" height="${h}" fill="url(#sh)"/>`,
      };
    }
    case 'shirt': {
      const s = 1.1 * k;
      const x = fx - 300 * s;
      const y = fy - 130 * s;
      return {
        defs: `${vertical('g', NAVY_2, INK)}${bands('s', 90, '#fff', null, 0, 0.05)}${radial('o', RED, 0.5)}<clipPath id="c"><path d="${SHIRT}"/></clipPath>${bands('k', 80, RED, '#fff')}`,
        body: `<rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#s)"/><circle cx="${r0(fx)}" cy="${r0(fy + 120 * k)}" r="${r0(560 * k)}" fill="url(#o)"/><g transform="translate(${r0(x)} ${r0(y)}) scale(${s.toFixed(2)})"><path d="M300 96V76c0-10 18-12 18-28a18 18 0 0 0-36 0M200 120 300 76 400 120" stroke="#c9d3e3" stroke-width="9" fill="none" stroke-linecap="round"/><rect x="170" y="80" width="260" height="520" fill="url(#k)" clip-path="url(#c)"/><path d="${SHIRT}" fill="none" stroke="${NAVY}" stroke-width="9" stroke-linejoin="round"/><path d="M240 90q60 40 120 0" stroke="${NAVY}" stroke-width="16" fill="none"/><path d="M330 170h44v30c0 18-10 28-22 34-12-6-22-16-22-34Z" fill="${NAVY}"/></g>`,
      };
    }
    case 'microphone': {
      const mw = 84 * k;
      const mh = 170 * k;
      return {
        defs: `<pattern id="b" width="180" height="120" patternUnits="userSpaceOnUse" patternTransform="scale(${(1.2 * k).toFixed(2)})"><rect width="180" height="120" fill="${NAVY_2}"/><path d="M45 14 70 39 45 64 20 39Z" fill="${RED}" fill-opacity=".75"/><circle cx="135" cy="90" r="18" fill="#fff" fill-opacity=".16"/></pattern>${radial('o', '#fff', 0.35)}<pattern id="gr" width="${r0(14 * k)}" height="${r0(14 * k)}" patternUnits="userSpaceOnUse"><circle cx="${r0(7 * k)}" cy="${r0(7 * k)}" r="${r0(3 * k)}" fill="${INK}" fill-opacity=".45"/></pattern>`,
        body: `<rect width="${w}" height="${h}" fill="url(#b)"/><circle cx="${r0(fx)}" cy="${r0(fy)}" r="${r0(480 * k)}" fill="url(#o)"/><path d="M${r0(fx - 14 * k)} ${r0(fy + mh / 2)}H${r0(fx + 14 * k)}L${r0(fx + 10 * k)} ${h}H${r0(fx - 10 * k)}Z" fill="${INK}"/><rect x="${r0(fx - mw / 2)}" y="${r0(fy - mh / 2)}" width="${r0(mw)}" height="${r0(mh)}" rx="${r0(mw / 2)}" fill="#d5dbe6"/><rect x="${r0(fx - mw / 2)}" y="${r0(fy - mh / 2)}" width="${r0(mw)}" height="${r0(mh * 0.55)}" rx="${r0(mw / 2)}" fill="url(#gr)"/><rect x="${r0(fx - mw / 2 - 6 * k)}" y="${r0(fy + 2 * k)}" width="${r0(mw + 12 * k)}" height="${r0(22 * k)}" rx="${r0(6 * k)}" fill="${RED}"/><rect y="${r0(h * 0.8)}" width="${w}" height="${r0(h * 0.2)}" fill="${INK}"/><rect y="${r0(h * 0.8)}" width="${w}" height="${r0(8 * k)}" fill="${RED}"/>`,
      };
    }
    case 'audio': {
      const bars = Array.from({ length: 24 }, (_, i) => {
        const bh = (60 + ((hashString(`bar${i}:${seed}`) % 100) / 100) * 260) * k;
        const x = fx - 620 * k + i * 52 * k;
        return `<rect x="${r0(x)}" y="${r0(h * 0.78 - bh)}" width="${r0(30 * k)}" height="${r0(bh)}" rx="${r0(6 * k)}"/>`;
      }).join('');
      return {
        defs: `${vertical('g', NAVY_2, INK)}${radial('o', RED, 0.6)}`,
        body: `<rect width="${w}" height="${h}" fill="url(#g)"/><circle cx="${r0(fx)}" cy="${r0(fy)}" r="${r0(560 * k)}" fill="url(#o)"/><g fill="#fff" fill-opacity=".22">${bars}</g><path d="M${r0(fx - 130 * k)} ${r0(fy + 60 * k)}V${r0(fy)}a${r0(130 * k)} ${r0(130 * k)} 0 0 1 ${r0(260 * k)} 0V${r0(fy + 60 * k)}" stroke="#fff" stroke-width="${r0(26 * k)}" fill="none"/><rect x="${r0(fx - 162 * k)}" y="${r0(fy + 20 * k)}" width="${r0(62 * k)}" height="${r0(110 * k)}" rx="${r0(18 * k)}" fill="${RED}"/><rect x="${r0(fx + 100 * k)}" y="${r0(fy + 20 * k)}" width="${r0(62 * k)}" height="${r0(110 * k)}" rx="${r0(18 * k)}" fill="${RED}"/>`,
      };
    }
    case 'portrait': {
      // A 600 × 600 head-and-shoulders silhouette in a striped shirt, scaled to the box.
      const s = Math.min(w, h) / 600;
      const women = seed === 1;
      const head = women
        ? `<path d="M300 146c-66 0-104 50-104 112 0 50 8 80-14 112h244c-22-32-14-62-14-112 0-62-38-112-112-112Z" fill="${INK}"/><circle cx="300" cy="254" r="76" fill="${NAVY}"/>`
        : `<circle cx="300" cy="250" r="84" fill="${NAVY}"/>`;
      return {
        defs: `${vertical('g', RED, RED_DARK)}${bands('s', 36, '#fff', null, 35, 0.08)}${bands('k', 88, RED, '#fff')}<clipPath id="c"><path d="${BODY}"/></clipPath>`,
        body: `<rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#s)"/><g transform="translate(${r0(fx - 300 * s)} ${r0(h - 600 * s)}) scale(${s.toFixed(3)})">${head}<path d="M266 310h68v60h-68Z" fill="${NAVY}"/><rect x="80" y="340" width="440" height="260" fill="url(#k)" clip-path="url(#c)"/><path d="${BODY}" fill="none" stroke="${NAVY}" stroke-width="12"/><path d="M250 356q50 50 100 0" stroke="${NAVY}" stroke-width="18" fill="none"/></g>`,
      };
    }
    default:
      throw new Error(`art: unknown scene ${scene}`);
  }
}

/**
 * One text-free scene as an SVG document, with its focal point.
 * @param {{ scene: keyof typeof SCENE_ALT, w: number, h: number, focus: { x: number, y: number }, seed?: number }} spec
 * @returns {{ svg: string, focus: { x: number, y: number } }}
 */
export function sceneSvg({ scene, w, h, focus, seed = 0 }) {
  const { defs, body } = draw(scene, w, h, focus, seed);
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`,
    focus,
  };
}
