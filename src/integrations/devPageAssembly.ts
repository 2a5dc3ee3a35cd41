/**
 * Page assembly under `astro dev` (src/middleware.ts; docs/publishing.md "Includes"): the
 * integration marks the process as the dev server when Astro's command is `dev`, and the
 * middleware assembles pages only then. A build never sets the mark, so its pages keep their
 * directives whatever NODE_ENV says: under NODE_ENV=test (builds the test runner starts)
 * `import.meta.env.DEV` is true and Astro even runs `astro:server:setup` for the build's own
 * Vite server, which is why neither is used.
 */
import type { AstroIntegration } from 'astro';

const DEV_SERVER = Symbol.for('terrace.devServer');

/** Whether this process is serving `astro dev` (set by {@link devPageAssembly}). */
export function isDevServer(): boolean {
  return (globalThis as { [DEV_SERVER]?: boolean })[DEV_SERVER] === true;
}

/** The integration that sets the mark (astro.config.mjs). */
export function devPageAssembly(): AstroIntegration {
  return {
    name: 'terrace:dev-page-assembly',
    hooks: {
      'astro:config:setup': ({ command }) => {
        (globalThis as { [DEV_SERVER]?: boolean })[DEV_SERVER] = command === 'dev';
      },
    },
  };
}
