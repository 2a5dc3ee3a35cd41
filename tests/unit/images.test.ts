import { describe, expect, it } from 'vitest';
import { imageSize, imageSrcset, imageUrl, type ImageSizeName } from '../../src/lib/images';

const host = 'https://images.example.com';

describe('imageUrl (spec §7 Images)', () => {
  it('builds handler v2 URLs by default: {host}/fit-in/{w}x{h}/{key}', () => {
    expect(imageUrl('abc/photo.jpg', { width: 400, height: 600 }, { host })).toBe('https://images.example.com/fit-in/400x600/abc/photo.jpg');
    expect(imageUrl('k.png', { width: 1, height: 2 }, { host, handler: 'v2' })).toBe(`${host}/fit-in/1x2/k.png`);
  });

  it('builds handler v1 URLs: {host}/{w}x{h},contain/{key}', () => {
    expect(imageUrl('abc/photo.jpg', { width: 800, height: 450 }, { host, handler: 'v1' })).toBe('https://images.example.com/800x450,contain/abc/photo.jpg');
  });

  it('trims one trailing slash from the host and one leading slash from the key', () => {
    expect(imageUrl('/k.jpg', { width: 10, height: 10 }, { host: `${host}/` })).toBe(`${host}/fit-in/10x10/k.jpg`);
    expect(imageUrl('/k.jpg', { width: 10, height: 10 }, { host: `${host}/`, handler: 'v1' })).toBe(`${host}/10x10,contain/k.jpg`);
  });

  it('throws a TypeError on an empty key', () => {
    expect(() => imageUrl('', { width: 10, height: 10 }, { host })).toThrow(TypeError);
    expect(() => imageUrl('/', { width: 10, height: 10 }, { host })).toThrow(TypeError);
  });

  it.each([
    [0, 10],
    [10, 0],
    [-1, 10],
    [10.5, 10],
    [10, Number.NaN],
    [Number.POSITIVE_INFINITY, 10],
  ])('throws a RangeError on size %sx%s', (width, height) => {
    expect(() => imageUrl('k.jpg', { width, height }, { host })).toThrow(RangeError);
  });
});

describe('imageSrcset', () => {
  it('offers the image at its size and twice it, by density without sizes', () => {
    expect(imageSrcset('k.jpg', { width: 300, height: 169 }, { host })).toBe(`${host}/fit-in/300x169/k.jpg 1x, ${host}/fit-in/600x338/k.jpg 2x`);
  });

  it('uses width descriptors when the <img> has sizes (HTML forbids x descriptors next to sizes)', () => {
    expect(imageSrcset('k.jpg', { width: 1600, height: 900 }, { host }, true)).toBe(
      `${host}/fit-in/1600x900/k.jpg 1600w, ${host}/fit-in/3200x1800/k.jpg 3200w`,
    );
  });
});

describe('imageSize (spec §9 image sizes)', () => {
  it.each([
    ['placeholder', 1000, 1000],
    ['audio', 600, 600],
    ['sponsor', 400, 400],
    ['search', 400, 400],
    ['advert', 750, 750],
    ['footerAdvert', 500, 500],
    ['promo', 1400, 1400],
    ['categoryCard', 400, 600],
    ['packageLandscape', 800, 450],
    ['packageBackground', 600, 900],
  ] as const)('%s is %ix%i', (name, width, height) => {
    expect(imageSize(name)).toEqual({ width, height });
  });

  it('feeds imageUrl', () => {
    expect(imageUrl('promo.jpg', imageSize('promo'), { host })).toBe(`${host}/fit-in/1400x1400/promo.jpg`);
  });

  it('throws a RangeError on an unknown name', () => {
    expect(() => imageSize('huge' as ImageSizeName)).toThrow(RangeError);
    expect(() => imageSize('toString' as ImageSizeName)).toThrow(RangeError);
  });
});
