/**
 * Image service URLs (spec §7 "Images") and the named sizes of §9.
 *
 * - handler 'v2' (default, the image library's handler): `{host}/fit-in/{w}x{h}/{key}`
 * - handler 'v1': `{host}/{w}x{h},contain/{key}`
 *
 * Widths and heights are pixels. The key is used as given (no encoding); image
 * library keys are path-safe. An empty host yields a root-relative path.
 */
import { IMAGE_SIZES } from './constants';

/** Pixel box the image is fitted into. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Image service handler version. */
export type ImageHandler = 'v2' | 'v1';

export interface ImageUrlOptions {
  /** Image service base address, e.g. 'https://images.example.com'. */
  host: string;
  /** Defaults to 'v2'. */
  handler?: ImageHandler;
}

/** Names of the §9 image sizes. */
export type ImageSizeName = keyof typeof IMAGE_SIZES;

/**
 * URL of `key` fitted into `size`. Trims one trailing '/' from the host and one
 * leading '/' from the key. Throws TypeError on an empty key and RangeError
 * unless width and height are positive integers.
 */
export function imageUrl(key: string, size: ImageSize, options: ImageUrlOptions): string {
  const path = key.startsWith('/') ? key.slice(1) : key;
  if (path === '') {
    throw new TypeError('Image key must not be empty');
  }
  for (const [dimension, value] of [
    ['width', size.width],
    ['height', size.height],
  ] as const) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new RangeError(`Image ${dimension} must be a positive integer, got ${value}`);
    }
  }
  const host = options.host.endsWith('/') ? options.host.slice(0, -1) : options.host;
  const box = `${size.width}x${size.height}`;
  return (options.handler ?? 'v2') === 'v1' ? `${host}/${box},contain/${path}` : `${host}/fit-in/${box}/${path}`;
}

/**
 * The `srcset` of `key` for an <img> shown at `size` CSS pixels: the image at that size and at
 * twice it (dense screens). With `byWidth` the candidates carry width descriptors
 * ('… 1600w, … 3200w'), which HTML requires whenever the <img> has a `sizes` attribute; without
 * it density descriptors ('… 1x, … 2x'). Throws like imageUrl.
 */
export function imageSrcset(key: string, size: ImageSize, options: ImageUrlOptions, byWidth = false): string {
  const double = { width: size.width * 2, height: size.height * 2 };
  const [one, two] = byWidth ? [`${size.width}w`, `${double.width}w`] : ['1x', '2x'];
  return `${imageUrl(key, size, options)} ${one}, ${imageUrl(key, double, options)} ${two}`;
}

/** The §9 size for a name, e.g. imageSize('categoryCard') → { width: 400, height: 600 }. Throws RangeError on an unknown name. */
export function imageSize(name: ImageSizeName): ImageSize {
  if (!Object.hasOwn(IMAGE_SIZES, name)) {
    throw new RangeError(`Unknown image size: ${String(name)}`);
  }
  return IMAGE_SIZES[name];
}
