import { describe, expect, it } from 'vitest';
import { chromeChunkName, type ImportGraph } from '../../src/integrations/chromeChunk';

const LAYOUT = '/site/src/layouts/DefaultLayout.astro?astro&type=script&index=0&lang.ts';

/** A module graph from `importer → imported` pairs. */
function graph(edges: [string, string][]): ImportGraph {
  return { getModuleInfo: (id) => ({ importers: edges.filter(([, to]) => to === id).map(([from]) => from) }) };
}

describe('the chrome chunk (src/integrations/chromeChunk.ts)', () => {
  const modules = graph([
    [LAYOUT, '/site/src/browser/siteChrome.ts'],
    ['/site/src/browser/siteChrome.ts', '/site/src/browser/cookieNotice.ts'],
    ['/site/src/browser/cookieNotice.ts', '/site/src/stores/consent.ts'],
    ['/site/src/stores/consent.ts', '/site/node_modules/js-cookie/index.mjs'],
    ['/site/src/stores/consent.ts', '/site/src/lib/consentRules.ts'],
    ['/site/src/islands/HeaderActions.tsx', '/site/src/stores/consent.ts'],
    ['/site/src/islands/HeaderActions.tsx', '/site/src/payments/rules/packageRules.ts'],
    ['/site/src/islands/HeaderActions.tsx', '/site/node_modules/react/index.js'],
    // A cycle away from the layout must not loop.
    ['/site/src/lib/a.ts', '/site/src/lib/b.ts'],
    ['/site/src/lib/b.ts', '/site/src/lib/a.ts'],
  ]);

  it('holds the state, rules and packages the layout reaches through static imports', () => {
    for (const id of ['/site/src/stores/consent.ts', '/site/src/lib/consentRules.ts', '/site/node_modules/js-cookie/index.mjs'])
      expect(chromeChunkName(id, modules), id).toBe('chrome');
  });

  it('holds the behaviour both layouts run before interaction: the player triggers, the hash links, the runtime', () => {
    const layouts = graph([
      [LAYOUT, '/site/src/islands/player/triggers.ts'],
      ['/site/src/layouts/StreamerLayout.astro?astro&type=script&index=0&lang.ts', '/site/src/islands/player/triggers.ts'],
      ['/site/src/browser/routeEvents.ts', '/site/src/browser/hashLinks.ts'],
    ]);
    for (const id of ['/site/src/islands/player/triggers.ts', '/site/src/browser/hashLinks.ts', '\0rolldown/runtime.js'])
      expect(chromeChunkName(id, layouts), id).toBe('chrome');
    expect(chromeChunkName('/site/src/islands/player/overlay.ts', layouts)).toBeNull();
  });

  it('holds the state and rules of the footer adverts, which the chrome imports when the footer nears', () => {
    const later = graph([
      ['/site/src/browser/footerAdvertsStart.ts', '/site/src/browser/footerAdverts.ts'],
      ['/site/src/browser/footerAdverts.ts', '/site/src/lib/escape.ts'],
      ['/site/src/browser/footerAdverts.ts', '/site/src/browser/siteClock.ts'],
      ['/site/src/islands/search/SearchPanel.tsx', '/site/src/lib/images.ts'],
    ]);
    for (const id of ['/site/src/lib/escape.ts', '/site/src/browser/siteClock.ts']) expect(chromeChunkName(id, later), id).toBe('chrome');
    expect(chromeChunkName('/site/src/browser/footerAdverts.ts', later)).toBeNull();
    expect(chromeChunkName('/site/src/lib/images.ts', later)).toBeNull();
  });

  it("leaves out the chrome's behaviour, the layout's entry and what only islands load", () => {
    for (const id of [
      LAYOUT,
      '/site/src/browser/siteChrome.ts',
      '/site/src/browser/cookieNotice.ts',
      '/site/src/payments/rules/packageRules.ts',
      '/site/node_modules/react/index.js',
      '/site/src/lib/a.ts',
    ])
      expect(chromeChunkName(id, modules), id).toBeNull();
  });
});
