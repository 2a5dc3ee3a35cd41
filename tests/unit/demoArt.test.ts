/**
 * The demo's generated art (scripts/demo/generate-images.mjs, art.mjs): the
 * editorial images carry no text — the page's typography carries the words — and every one has a
 * focal point in data/media/focal-points.json that the site can keep in view. Only creatives whose
 * words are their content (adverts, footer adverts, promo posters, sponsor wordmarks) and the crest
 * keep text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOCUS_STEP, parseFocalPoints } from '../../src/lib/artDirection';

const MEDIA = path.resolve('public/media');
const EDITORIAL = ['news', 'pages', 'teams', 'menu', 'players', 'videos', 'video-categories', 'packages', 'kit', 'placeholders'];
const svgs = (folder: string) =>
  readdirSync(path.join(MEDIA, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.svg'))
    .map((f) => `${folder}/${f}`);
const editorial = EDITORIAL.filter((f) => existsSync(path.join(MEDIA, f))).flatMap(svgs);
const focalPoints = parseFocalPoints(JSON.parse(readFileSync(path.resolve('data/media/focal-points.json'), 'utf8')));

describe('demo art', () => {
  it('has editorial images to check', () => {
    expect(editorial.length).toBeGreaterThan(200);
  });

  it('editorial images contain no text (no <text>, <tspan> or font)', () => {
    const withText = editorial.filter((key) => /<(text|tspan|textPath)\b|font-family/.test(readFileSync(path.join(MEDIA, key), 'utf8')));
    expect(withText).toEqual([]);
  });

  it('every editorial image has a focal point, and every focal point names an existing image', () => {
    expect(editorial.filter((key) => !focalPoints.has(key))).toEqual([]);
    expect([...focalPoints.keys()].filter((key) => !existsSync(path.join(MEDIA, key)))).toEqual([]);
  });

  it('focal points sit on the site’s grid of focus classes, so the crop is exactly on them', () => {
    const off = [...focalPoints].filter(([, p]) => [p.x, p.y, ...Object.values(p.slots ?? {}).flatMap((s) => [s.x, s.y])].some((v) => v % FOCUS_STEP !== 0));
    expect(off.map(([key]) => key)).toEqual([]);
  });

  it('images stay small enough for phones (each under 4 KB)', () => {
    const big = editorial.filter((key) => readFileSync(path.join(MEDIA, key)).byteLength >= 4 * 1024);
    expect(big).toEqual([]);
  });
});
