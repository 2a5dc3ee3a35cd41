import { z } from 'astro/zod';
import { httpUrl, imageKey, link, seasonSlug } from './common';

/** Social networks in the footer's display order (spec §2 Footer). */
export const SOCIAL_NETWORKS = ['facebook', 'x', 'threads', 'instagram', 'youtube', 'snapchat', 'tiktok', 'linkedin', 'weibo'] as const;

/** Site settings (spec §3): social links, kit images, texts, portal URLs, date formats, share toggles. */
export const siteSettingsSchema = z.object({
  socialLinks: z.object({
    facebook: httpUrl.optional(),
    x: httpUrl.optional(),
    threads: httpUrl.optional(),
    instagram: httpUrl.optional(),
    youtube: httpUrl.optional(),
    snapchat: httpUrl.optional(),
    tiktok: httpUrl.optional(),
    linkedin: httpUrl.optional(),
    weibo: httpUrl.optional(),
  }),
  kitImages: z.object({ home: imageKey, away: imageKey, third: imageKey, goalkeeper: imageKey }),
  placeholderImages: z.object({ default: imageKey, news: imageKey, player: imageKey, video: imageKey }),
  pageTitles: z.record(z.string(), z.string()),
  pageDescriptions: z.record(z.string(), z.string()),
  headings: z.record(z.string(), z.string()),
  cookieNotice: z.object({ title: z.string(), body: z.string(), findOutMore: z.string(), acceptAll: z.string(), onlyEssential: z.string(), policyUrl: link }),
  signIn: z.object({ heading: z.string(), body: z.string() }),
  register: z.object({ heading: z.string(), body: z.string(), buttonText: z.string() }),
  upgradeNotice: z.object({ heading: z.string(), body: z.string(), buttonText: z.string() }),
  /**
   * Account pages: the site's own /account/* pages by default, or a club's
   * external account site; `afterLogin` is the optional route a sign-in goes to when no return
   * address is stored (spec §4 Sign-in).
   */
  portalUrls: z.object({ account: link, register: link, forgotPassword: link, profile: link, login: link, afterLogin: link.optional() }),
  dateFormats: z.object({ default: z.string(), match: z.string() }),
  shareToggles: z.object({ facebook: z.boolean(), x: z.boolean(), whatsapp: z.boolean(), email: z.boolean(), copyLink: z.boolean() }),
  defaultAuthor: z.string().min(1),
  headerType: z.string(),
  copyrightNotice: z.string().optional(),
  builtOn: z.object({ text: z.string(), url: httpUrl }),
  dataCredit: z.object({ text: z.string(), url: httpUrl }),
});

/** Platform settings (spec §3, §9): club, season, providers, brand names, pre-season. */
export const platformSettingsSchema = z.object({
  clubName: z.string().min(1),
  clubShortName: z.string().min(1),
  sport: z.string(),
  currentSeason: z.number().int(),
  currentSeasonAltLabel: z.string().regex(/^\d{4}\/\d{2}$/),
  currentSeasonSlug: seasonSlug,
  firstTeamSlug: z.string().regex(/^[a-z0-9-]+$/),
  ssoProvider: z.string(),
  videoProvider: z.string(),
  videoBrandName: z.string(),
  streamingBrandName: z.string(),
  signInText: z.string(),
  homeGround: z.string(),
  timezone: z.string(),
  matchCentreMinuteByMinute: z.boolean(),
  preseason: z.object({ display: z.boolean(), seasonSlug: seasonSlug, message: z.string() }),
  externalLinks: z.object({ shop: httpUrl, tickets: httpUrl, events: httpUrl, kit: httpUrl }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
