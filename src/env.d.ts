/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on intent (src/directives/intent.ts); the value may name another element to watch. */
    'client:intent'?: boolean | string;
  }
}

declare global {
  interface ImportMetaEnv {
    readonly PUBLIC_IMAGE_HOST?: string;
    readonly PUBLIC_IMAGE_HANDLER?: string;
    readonly PUBLIC_EVENTS_URL?: string;
    readonly PUBLIC_PROMOS_URL?: string;
    readonly PUBLIC_TAG_MANAGER_URL?: string;
    readonly PUBLIC_ANALYTICS_URL?: string;
    readonly PUBLIC_ERROR_REPORTING_URL?: string;
  }
}

export {};
