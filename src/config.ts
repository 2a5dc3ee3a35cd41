/**
 * Build-time configuration from the environment, with safe local defaults (see README and
 * .env.example). Only PUBLIC_* values and the client fields of astro.config.mjs `env.schema`
 * (astro:env/client) may reach browser code.
 */
import { LOCK_EMPTY_ENTITLEMENTS as LOCK_EMPTY_ENTITLEMENTS_ENV, RETURN_HOSTS as RETURN_HOSTS_ENV } from 'astro:env/client';
import { API_PATHS } from './platform/client';

/** Image library host (spec §7 Images). Default: the local stand-in served from public/media. */
export const IMAGE_HOST: string = import.meta.env.PUBLIC_IMAGE_HOST ?? '/media';

/** Image handler version of the image library: 'v2' → /fit-in/{w}x{h}/{key}, 'v1' → {w}x{h},contain. */
export const IMAGE_HANDLER: 'v1' | 'v2' = import.meta.env.PUBLIC_IMAGE_HANDLER === 'v1' ? 'v1' : 'v2';

/** Where advert impression and click events are sent (spec §7 Event logging). Default: the platform API. */
export const EVENTS_URL: string = import.meta.env.PUBLIC_EVENTS_URL || API_PATHS.events;

/**
 * Where the overlay promos are fetched (spec §7 promo overlays call). Default: the static list the
 * build emits from the promoOverlays collection (src/pages/data/promo-overlays.json.ts).
 */
export const PROMOS_URL: string = import.meta.env.PUBLIC_PROMOS_URL || '/data/promo-overlays.json';

/**
 * Hosts a return address after sign-in may point at besides the site's own (spec §4 Sign-in;
 * RETURN_HOSTS, comma-separated, read at build time; src/accounts/rules/returnAddress). The platform API
 * reads the same variable at run time and refuses to add the identity token for any other host.
 */
export const RETURN_HOSTS: string | undefined = RETURN_HOSTS_ENV;

/**
 * Spec §4 lock state rule 4 (`lockEmptyEntitlements`): whether a video whose entitlement list is
 * empty stays locked for a signed-in user. LOCK_EMPTY_ENTITLEMENTS ('true' or 'false', read at
 * build time through astro:env); default true (locked).
 */
export const LOCK_EMPTY_ENTITLEMENTS: boolean = LOCK_EMPTY_ENTITLEMENTS_ENV;
