/**
 * Only `astro dev` assembles pages in Astro itself: a build, whatever its NODE_ENV, must get no
 * assembly middleware, or its pages would be written assembled and change with every new article.
 */
import { describe, expect, it } from 'vitest';
import { DEV_ASSEMBLY_MIDDLEWARE, devPageAssembly } from '../../src/integrations/devPageAssembly';

type Added = { entrypoint: string | URL; order: string };
type ConfigSetup = (options: { command: string; addMiddleware: (m: Added) => void }) => void;

function middlewareFor(command: string): Added[] {
  const added: Added[] = [];
  (devPageAssembly().hooks['astro:config:setup'] as unknown as ConfigSetup)({ command, addMiddleware: (m) => added.push(m) });
  return added;
}

describe('devPageAssembly', () => {
  it('adds the assembly middleware to the dev server', () => {
    expect(middlewareFor('dev')).toEqual([{ entrypoint: DEV_ASSEMBLY_MIDDLEWARE, order: 'post' }]);
    expect(DEV_ASSEMBLY_MIDDLEWARE.pathname).toMatch(/\/src\/integrations\/devAssemblyMiddleware\.ts$/);
  });
  it('adds nothing to a build, a preview or a sync', () => {
    for (const command of ['build', 'preview', 'sync']) expect(middlewareFor(command), command).toEqual([]);
  });
});
