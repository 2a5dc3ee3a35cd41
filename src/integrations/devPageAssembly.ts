/**
 * Page assembly under `astro dev` (docs/publishing.md "Includes"): adds the middleware that
 * assembles pages (src/integrations/devAssemblyMiddleware.ts) when Astro's command is `dev`, and
 * only then. A build gets no middleware at all, so its pages keep their directives whatever
 * NODE_ENV says: under NODE_ENV=test (builds the test runner starts) `import.meta.env.DEV` is true
 * and Astro even runs `astro:server:setup` for the build's own Vite server, so neither can tell.
 */
import type { AstroIntegration } from 'astro';

/** The middleware's module, for `addMiddleware`. */
export const DEV_ASSEMBLY_MIDDLEWARE = new URL('./devAssemblyMiddleware.ts', import.meta.url);

/** The integration (astro.config.mjs). */
export function devPageAssembly(): AstroIntegration {
  return {
    name: 'terrace:dev-page-assembly',
    hooks: {
      'astro:config:setup': ({ command, addMiddleware }) => {
        if (command === 'dev') addMiddleware({ entrypoint: DEV_ASSEMBLY_MIDDLEWARE, order: 'post' });
      },
    },
  };
}
