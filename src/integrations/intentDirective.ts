import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers the `client:intent` hydration directive (src/directives/intent.ts). */
export function intentDirective(): AstroIntegration {
  return {
    name: 'terrace:intent-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('../directives/intent.ts', import.meta.url)) });
      },
    },
  };
}
