/**
 * Only `astro dev` assembles pages in Astro itself (src/middleware.ts): a build, whatever its
 * NODE_ENV, must keep the directives, or every page would change with every new article again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { devPageAssembly, isDevServer } from '../../src/integrations/devPageAssembly';

type ConfigSetup = (options: { command: string }) => void;
const setup = (command: string) => (devPageAssembly().hooks['astro:config:setup'] as unknown as ConfigSetup)({ command });

describe('devPageAssembly', () => {
  afterEach(() => setup('build'));
  it('marks the dev server', () => {
    setup('dev');
    expect(isDevServer()).toBe(true);
  });
  it('never marks a build, a preview or a sync, even after a dev server in the same process', () => {
    for (const command of ['build', 'preview', 'sync']) {
      setup('dev');
      setup(command);
      expect(isDevServer(), command).toBe(false);
    }
  });
});
