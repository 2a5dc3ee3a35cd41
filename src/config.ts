/**
 * Build-time configuration from the environment, with safe local defaults (see README and
 * .env.example). Only PUBLIC_* values may reach browser code.
 */

/** Image library host (spec §7 Images). Default: the local stand-in served from public/media. */
export const IMAGE_HOST: string = import.meta.env.PUBLIC_IMAGE_HOST ?? '/media';

/** Image handler version of the image library: 'v2' → /fit-in/{w}x{h}/{key}, 'v1' → {w}x{h},contain. */
export const IMAGE_HANDLER: 'v1' | 'v2' = import.meta.env.PUBLIC_IMAGE_HANDLER === 'v1' ? 'v1' : 'v2';
