import { z } from 'astro/zod';
import { demoFlag, flag01, httpUrl, imageKey, isoDateTime, link } from './common';

/** Sponsor (spec §3); isChildFriendly is 0 or 1 as the platform sends it. */
export const sponsorSchema = z.object({
  campaignID: z.string(),
  sponsorID: z.string(),
  imageKey: imageKey,
  published: z.boolean(),
  title: z.string().min(1),
  url: httpUrl,
  adminName: z.string(),
  mediaLibraryID: z.string(),
  forcedOrder: z.number().int(),
  isChildFriendly: flag01,
});

/** Sponsor row (spec §3, §9: Principal 2, Platinum 6, Foundation 4; sizes small). */
export const sponsorRowSchema = z.object({
  adminName: z.string(),
  forcedOrder: z.number().int(),
  rowID: z.string(),
  sponsorSize: z.enum(['small', 'medium', 'large']),
  title: z.string().min(1),
  titleSize: z.enum(['small', 'medium', 'large']),
  sponsors: z.array(sponsorSchema).min(1),
  showInHeader: z.boolean().default(false),
  demo: demoFlag,
});

const sizedImage = z.object({ key: imageKey, imageSize: z.string() });

/** Advert slot (spec §3): shows only with a url and a mobile image key (spec §5). */
export const advertSlotSchema = z.object({
  slotID: z.string().min(1),
  size: z.enum(['mpu', 'banner', 'largeBanner']),
  advertTitle: z.string(),
  advertData: z.object({
    url: link.nullable(),
    images: z.object({ mobile: sizedImage.nullable(), desktop: sizedImage.nullable() }),
  }),
  childFriendly: z.boolean(),
  demo: demoFlag,
});

/** Footer advert (spec §3) for the footerSlot1..3 squares. */
export const footerAdvertSchema = z.object({
  id: z.string().min(1),
  slot: z.enum(['footerSlot1', 'footerSlot2', 'footerSlot3']),
  advertName: z.string(),
  advertRef: z.string(),
  campaignRef: z.string(),
  enabled: z.boolean(),
  channel: z.enum(['', 'web', 'app']),
  childFriendly: z.boolean(),
  timings: z.object({ startUTC: isoDateTime, endUTC: isoDateTime }),
  url: link,
  images: z.object({ square: z.object({ imageKey }).optional(), banner: z.object({ imageKey }).optional() }),
  demo: demoFlag,
});

/** Promo overlay (spec §3, §4 Overlay promo). */
export const promoOverlaySchema = z.object({
  promoID: z.string().min(1),
  type: z.enum(['Default', 'Mini']),
  url: link,
  webNewWindow: z.boolean(),
  imageKey: imageKey,
  imageAltText: z.string().min(1),
  startDateTime: isoDateTime,
  endDateTime: isoDateTime,
  demo: demoFlag,
});
