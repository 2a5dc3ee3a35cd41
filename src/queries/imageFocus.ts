/**
 * Focal points of the image library's images (src/lib/artDirection.ts), read at build time from
 * data/media/focal-points.json, which scripts/demo/generate-images.mjs writes next to the local
 * stand-in's images in public/media. Without that file (another image library) every image gets
 * its slot's default. An invalid file fails the build naming the key and field.
 */
import { focalPointFor, focusClasses, parseFocalPoints, type ImageSlot } from '../lib/artDirection';

const files = import.meta.glob<unknown>('/data/media/focal-points.json', { eager: true, import: 'default' });
const manifest = parseFocalPoints(Object.values(files)[0] ?? { images: {} });

/**
 * The classes that keep the subject of image `key` in view when it is cropped in `slot`, e.g.
 * 'art focus-x-70 focus-y-30' (src/styles/global.css turns them into object-position).
 */
export function imageFocusClasses(key: string, slot: ImageSlot): string {
  return focusClasses(focalPointFor(manifest.get(key.replace(/^\//, '')), slot));
}
