/**
 * The content webhook's contract (docs/publishing.md "The webhook"): what the content platform
 * says changed, and what the API answers. Validated only after the signature matched.
 */
import { z } from '@hono/zod-openapi';

/** The feeds the site is built from (src/content.config.ts collections, by editor-facing name). */
export const CONTENT_FEEDS = ['news', 'fixtures', 'squads', 'pages', 'packages', 'videos', 'club'] as const;

/** What happened to the items. */
export const CONTENT_ACTIONS = ['created', 'updated', 'deleted'] as const;

/** POST /api/content/webhook body: one delivery naming the feed, the action and the items (ids or slugs). */
export const contentChangeSchema = z
  .object({
    /** The platform's delivery id (for the logs; replay is refused by signature). */
    id: z.string().trim().min(1).max(100),
    feed: z.enum(CONTENT_FEEDS),
    action: z.enum(CONTENT_ACTIONS),
    items: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(200)
          .regex(/^[\w./:-]+$/, 'must be an id or slug (letters, digits, _ . / : -)'),
      )
      .min(1)
      .max(500),
  })
  .strict()
  .openapi('ContentChange');

/** A validated delivery. */
export type ContentChange = z.infer<typeof contentChangeSchema>;

/** How the rebuild was started. */
export const REBUILD_MODES = ['netlify-build-hook', 'local-command'] as const;

/** 202 answer: the delivery was accepted and a rebuild started (or queued behind the running one). */
export const contentWebhookResponseSchema = z
  .object({
    data: z.object({
      accepted: z.literal(true),
      rebuild: z.object({ mode: z.enum(REBUILD_MODES), state: z.enum(['started', 'queued']) }),
    }),
  })
  .openapi('ContentWebhookAccepted');
