import { z } from 'astro/zod';
import { demoFlag, httpUrl, imageKey, isoDate, link, linkSlug, localTime, slug } from './common';

/**
 * Menu page (spec §3): one node of the content page tree of spec §2. `fullPath` is the URL path
 * without slashes at the ends ('tickets/matchday-tickets'); `nestedLevel` 1–4 equals its depth.
 * postType: internal (a page of its own), internalLink (points at linkSlug), external (externalUrl,
 * optionally in a new tab).
 */
export const menuPageSchema = z
  .object({
    postID: z.number().int().positive(),
    postTitle: z.string().min(1),
    postStatus: z.literal('Published'),
    pageTemplate: z.enum(['Default', 'Landing', 'Hub']),
    savedTimestamp: z.number().int(),
    pageOrder: z.number().int(),
    pageSlug: slug,
    fullPath: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+){0,3}$/, 'must be 1 to 4 slug segments joined by /'),
    publishedDate: isoDate,
    publishedTime: localTime,
    nestedLevel: z.number().int().min(1).max(4),
    postType: z.enum(['internal', 'internalLink', 'external']),
    linkSlug: linkSlug.nullable(),
    externalUrl: httpUrl.nullable(),
    newTab: z.boolean(),
    childIds: z.array(z.number().int()),
    summary: z.string().optional(),
    heroImage: z.object({ key: imageKey, alt: z.string() }).nullable().optional(),
    listStyle: z.boolean().default(false),
    showInMenu: z.boolean().default(true),
    callToAction: z.object({ text: z.string(), link: link }).nullable().optional(),
    demo: demoFlag,
  })
  .refine((p) => p.fullPath.split('/').length === p.nestedLevel, { message: 'nestedLevel must equal the depth of fullPath', path: ['nestedLevel'] })
  .refine((p) => p.fullPath.endsWith(p.pageSlug), { message: 'fullPath must end with pageSlug', path: ['fullPath'] })
  .refine((p) => p.postType !== 'external' || p.externalUrl !== null, { message: 'external pages need externalUrl', path: ['externalUrl'] })
  .refine((p) => p.postType !== 'internalLink' || p.linkSlug !== null, { message: 'internalLink pages need linkSlug', path: ['linkSlug'] });

/** A navigation menu item; `external` items open in a new tab when `newTab`. */
export const menuItemSchema = z.object({
  label: z.string().min(1),
  href: link,
  external: z.boolean().default(false),
  newTab: z.boolean().default(false),
  imageKey: imageKey.optional(),
  description: z.string().optional(),
});

/** A named navigation menu: primary, secondary, sticky, main, featured, footer, quickLinks. */
export const navigationMenuSchema = z.object({
  name: z.enum(['primary', 'secondary', 'sticky', 'main', 'featured', 'footer', 'quickLinks', 'streamerPolicies']),
  items: z.array(menuItemSchema).min(1),
});

/** Frequently asked question (content, not code: ARCHITECTURE "seed behaviours"). */
export const faqSchema = z.object({
  group: slug,
  order: z.number().int(),
  title: z.string().min(1),
  body: z.string().min(1),
  demo: demoFlag,
});

export type MenuPage = z.infer<typeof menuPageSchema>;
export type MenuItem = z.infer<typeof menuItemSchema>;
