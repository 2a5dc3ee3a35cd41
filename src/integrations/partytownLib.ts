import { fileURLToPath } from 'node:url';
import { copyLibFiles } from '@qwik.dev/partytown/utils';
import type { AstroIntegration } from 'astro';
import { PARTYTOWN_LIB } from './partytownConfig';

/**
 * Copies Partytown's library into the build output (/~partytown/). Unlike the stock Astro
 * integration it injects nothing into pages: Partytown starts only after the visitor accepts
 * analytics cookies (src/scripts/analytics.ts), so no page registers a service worker or loads
 * a sandbox before consent.
 */
export function partytownLib(): AstroIntegration {
  return {
    name: 'terrace:partytown-lib',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await copyLibFiles(fileURLToPath(new URL(PARTYTOWN_LIB.slice(1), dir)), { debugDir: false });
      },
    },
  };
}
