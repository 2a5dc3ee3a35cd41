import { z } from 'astro/zod';
import { demoFlag, imageKey, isoDateTime, slug } from './common';

/** Video item (spec §3): metaData, mediaData, publicationData; duration in seconds. */
export const videoItemSchema = z.object({
  metaData: z.object({
    title: z.string().min(1),
    VideoDuration: z.number().int().min(0),
    SysEntryEntitlements: z.array(z.string()),
    description: z.string().default(''),
    category: slug,
    teamSlug: z.union([z.literal(''), slug]).default(''),
    matchID: slug.optional(),
  }),
  mediaData: z.object({ entryId: z.string().regex(/^[0-9a-z_]+$/i), thumbnailUrl: imageKey }),
  publicationData: z.object({ createdAt: isoDateTime, releaseFrom: isoDateTime }),
  demo: demoFlag,
});

/** Video category (spec §3): attributes with orderPosition. */
export const videoCategorySchema = z.object({
  slug: slug,
  attributes: z.object({ title: z.string().min(1), description: z.string(), orderPosition: z.number().int(), imageKey: imageKey }),
  demo: demoFlag,
});

/** Price entry of a catalogue package (spec §3). */
export const priceSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['recurring', 'one-off']),
  priceDisplay: z.string().min(1),
  offer: z.string().nullable(),
  furtherInformation: z.string().nullable(),
  backsideText: z.string().nullable(),
  accessData: z.object({ entitlements: z.array(z.string()).min(1) }),
});

/** Package, catalogue form (spec §3). mode: subscription or match-pass. description is HTML (sanitised before render). */
export const packageSchema = z.object({
  id: z.string().min(1),
  mode: z.enum(['subscription', 'match-pass']),
  attributes: z.object({
    title: z.string().min(1),
    description: z.string(),
    successfulPaymentPage: z.string(),
    cancelledPaymentPage: z.string(),
    styleData: z.object({
      displayType: z.enum(['icon-only', 'background-image']),
      icon: z.string().nullable(),
      customLabel: z.string().nullable(),
      backgroundImageKey: imageKey.nullable(),
      styleMode: z.enum(['light', 'dark']),
    }),
    imageData: z.object({ landscape: z.object({ imageKey }) }),
    priceData: z.array(priceSchema).min(1),
  }),
  demo: demoFlag,
});

/**
 * Packages widget data (spec §3 Widget data): the widget's style (cards whose styleMode equals it
 * get a border, others a shadow), title, footer style; the footer's two calls to action (cta1
 * opens the voucher panel; cta2 is a link); the tabs' own empty texts (null: spec §8's); the
 * voucher panel's title, text and button.
 */
export const widgetDataSchema = z.object({
  style: z.enum(['light', 'dark']),
  title: z.string(),
  footerStyle: z.enum(['light', 'dark']),
  cta1Text: z.string(),
  cta1ButtonCta: z.string().min(1),
  cta2Text: z.string(),
  cta2ButtonCta: z.string().min(1),
  cta2ButtonLink: z.string().min(1),
  noSubscriptionsText: z.string().nullable(),
  noMatchPassesText: z.string().nullable(),
  voucherTitle: z.string().min(1),
  voucherText: z.string(),
  voucherButton: z.string().min(1),
});

/** Streamer page configuration (spec §3 Streamer config: packages with their widget data, voucher section, FAQs, playlist). */
export const streamerConfigSchema = z.object({
  title: z.string(),
  intro: z.string(),
  widget: widgetDataSchema,
  faqGroup: slug,
  playlist: z.object({ title: z.string(), description: z.string(), amount: z.number().int().positive(), category: slug }),
  demo: demoFlag,
});

/** Stream asset statuses (Mux's live stream statuses; idle and disabled mean off air, spec §3). */
export const STREAM_ASSET_STATUSES = ['active', 'ready', 'idle', 'disabled'] as const;

/**
 * Stream asset (spec §3 Stream asset, data.attributes), with our access data: the entitlements
 * that may play it (a subscription's, or a match pass's `match-pass-<matchID>`), the countries it
 * may be played from (null: the configured default), and the fixture it shows (`matchID`, spec §3
 * Match id), so a match's page and the streamer page's next game offer its own stream.
 */
export const streamAssetSchema = z.object({
  id: slug,
  attributes: z.object({
    title: z.string().min(1),
    description: z.string(),
    mediaType: z.enum(['live-stream', 'live-audio']),
    matchID: slug.optional(),
    imageData: z.object({ offlineImageKey: imageKey, posterImageKey: imageKey }),
    assetData: z.object({
      playbackIds: z.array(z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,64}$/), policy: z.enum(['signed', 'public']) })).min(1),
      status: z.enum(STREAM_ASSET_STATUSES),
      drm: z.boolean().default(false),
    }),
    accessData: z.object({
      entitlements: z.array(z.string().min(1)).min(1),
      allowedCountries: z
        .array(z.string().regex(/^[A-Z]{2}$/))
        .nullable()
        .default(null),
    }),
  }),
  demo: demoFlag,
});
