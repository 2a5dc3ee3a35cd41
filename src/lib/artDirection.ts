/**
 * Art direction of image-library images: every image shown with `object-fit: cover` keeps its
 * subject in view in every slot and at every width. An image may have a focal point (percent of its
 * width and height) and per-slot ones (hero, card, tile, thumb, portrait); as `object-position:
 * x% y%` that point stays inside any crop. Without one, the slot's default (portraits keep the top).
 * The CSP forbids style attributes, so the position travels as two classes ('focus-x-70
 * focus-y-35', rounded to FOCUS_STEP) read by the 'art' class (src/styles/global.css).
 * Framework-free; the manifest is read by src/queries/imageFocus.ts.
 */
import { z } from './zod.ts';

/** The places an image is shown cropped, each with its own shape (and breakpoints). */
export const IMAGE_SLOTS = ['hero', 'card', 'tile', 'thumb', 'portrait'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];

/** A point of an image in percent of its width (x, from the left) and height (y, from the top), 0–100. */
export interface FocalPoint {
  readonly x: number;
  readonly y: number;
}

const percent = z.number().min(0).max(100);
const pointSchema = z.object({ x: percent, y: percent });
const entrySchema = pointSchema.extend({ slots: z.partialRecord(z.enum(IMAGE_SLOTS), pointSchema).optional() });

/**
 * The focal-point manifest of an image library (data/media/focal-points.json for the local one):
 * `{ images: { [key]: { x, y, slots?: { [slot]: { x, y } } } } }`, keys as image keys.
 */
export const focalPointManifestSchema = z.object({
  description: z.string().optional(),
  images: z.record(z.string().min(1), entrySchema),
});

/** One image's focal point and its per-slot overrides. */
export type FocalPointEntry = z.infer<typeof entrySchema>;

/** Where a slot looks when the image has no focal point: the middle, or the top third for portraits. */
export const SLOT_FOCUS: Readonly<Record<ImageSlot, FocalPoint>> = {
  hero: { x: 50, y: 50 },
  card: { x: 50, y: 50 },
  tile: { x: 50, y: 50 },
  thumb: { x: 50, y: 50 },
  portrait: { x: 50, y: 25 },
};

/** Granularity of the focus classes, in percent (21 positions per axis, one rule each in global.css). */
export const FOCUS_STEP = 5;

/**
 * The manifest's entries by image key (a leading '/' dropped). Throws zod's ZodError, naming the
 * key and field, when the value is not a valid manifest.
 */
export function parseFocalPoints(value: unknown): Map<string, FocalPointEntry> {
  const manifest = focalPointManifestSchema.parse(value);
  return new Map(Object.entries(manifest.images).map(([key, entry]) => [key.replace(/^\//, ''), entry]));
}

/** The focal point of an image in a slot: the slot's override, else the image's, else the slot's default. */
export function focalPointFor(entry: FocalPointEntry | undefined, slot: ImageSlot): FocalPoint {
  const own = entry?.slots?.[slot] ?? entry;
  return own ? { x: own.x, y: own.y } : SLOT_FOCUS[slot];
}

/** A percentage rounded to the nearest FOCUS_STEP and kept within 0–100. */
function step(value: number): number {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 50));
  return Math.round(clamped / FOCUS_STEP) * FOCUS_STEP;
}

/**
 * The classes that position a cropped image on `point`: 'art focus-x-70 focus-y-30'. Values are
 * rounded to FOCUS_STEP and clamped to 0–100 (a non-number counts as the middle).
 */
export function focusClasses(point: FocalPoint): string {
  return `art focus-x-${step(point.x)} focus-y-${step(point.y)}`;
}
