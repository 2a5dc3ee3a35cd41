import { z } from 'astro/zod';
import { demoFlag, imageKey, isoDateTime, slug } from './common';

/**
 * A news article. The body is Markdown (embedded feed) or sanitised HTML (platform feed),
 * rendered by the loader. Field names follow the news search hit of spec §3 where they overlap
 * (slug, title, published_date, categories, imageData.key).
 */
export const newsArticleSchema = z.object({
  slug: slug,
  title: z.string().min(1).max(160),
  summary: z.string().min(1).max(400),
  published_date: isoDateTime,
  categories: z.array(slug).min(1),
  teamSlugs: z.array(z.union([z.literal(''), slug])).default([]),
  imageData: z.object({ key: imageKey, alt: z.string() }),
  author: z.string().optional(),
  matchID: slug.optional(),
  locked: z.boolean().default(false),
  demo: demoFlag,
});

/** A news category (the /category/:category listing). */
export const newsCategorySchema = z.object({
  slug: slug,
  name: z.string().min(1),
  description: z.string(),
  order: z.number().int(),
});

export type NewsArticle = z.infer<typeof newsArticleSchema>;
