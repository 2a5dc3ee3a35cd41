import type { AstroIntegration } from 'astro';

/**
 * One client chunk for the shared code the site chrome runs before any interaction
 * (docs/performance.md "Public pages"), instead of one small file per combination of importers.
 * A module joins the `chrome` chunk when the layout's script reaches it by static imports and it
 * holds state or rules only (`src/stores`, `src/lib`, `src/platform`, `src/config`, the site clock
 * and offline state, packages, bundler helpers); behaviour (`src/browser`, `src/islands`) stays in
 * the entry that runs it, so an island sharing a store loads no page behaviour with it, except
 * the little both layouts run (below).
 */

/** The layout scripts whose static imports are the chrome (Astro's id of a component's script). */
const CHROME_ENTRY = /[\\/]src[\\/]layouts[\\/]DefaultLayout\.astro\?astro&type=script/;

/** Modules that only define state, rules or library code, safe to load with any importer. */
const STATE_OR_RULES =
  /[\\/]src[\\/](?:stores|lib|platform)[\\/]|[\\/]src[\\/](?:config|browser[\\/]siteClock|browser[\\/]offlineState)\.ts|[\\/]node_modules[\\/]|^\0/;

/**
 * Behaviour that both layouts with a chrome run before interaction (DefaultLayout and
 * StreamerLayout import them): the player triggers and the hash links. Shared by two entries, they
 * would otherwise be a chunk of their own on every page; every page that loads the chrome chunk
 * runs them anyway. The bundler's runtime joins for the same reason (the triggers' import of a
 * CommonJS library needs it).
 */
const LAYOUT_BEHAVIOUR = /[\\/]src[\\/](?:islands[\\/]player[\\/]triggers|browser[\\/]hashLinks)\.ts$|^\0rolldown[\\/]runtime\.js$/;

/**
 * Behaviour the chrome imports later, on every page that shows its part (the footer adverts, when
 * the footer nears the screen): the state and rules it reaches join the chrome chunk, so starting
 * it costs one request, not one per shared module.
 */
const LATER_CHROME = /[\\/]src[\\/]browser[\\/]footerAdverts\.ts$/;

/** The static importers of a module, as the bundler's chunking context gives them. */
export interface ImportGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Whether `id` is reached from a chrome entry (or LATER_CHROME) through static imports only. */
export function reachedFromChrome(id: string, graph: ImportGraph): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
      if (CHROME_ENTRY.test(importer) || LATER_CHROME.test(importer)) return true;
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return false;
}

/** The chunk name of a module: `chrome` for shared state and rules the chrome loads, else none. */
export function chromeChunkName(id: string, graph: ImportGraph): string | null {
  if (LAYOUT_BEHAVIOUR.test(id)) return 'chrome';
  if (CHROME_ENTRY.test(id) || !STATE_OR_RULES.test(id)) return null;
  return reachedFromChrome(id, graph) ? 'chrome' : null;
}

/** Adds the `chrome` code-splitting group to the client build. */
export function chromeChunk(): AstroIntegration {
  return {
    name: 'terrace:chrome-chunk',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            build: {
              rolldownOptions: {
                output: { codeSplitting: { groups: [{ name: (id: string, graph: ImportGraph) => chromeChunkName(id, graph) }] } },
              },
            },
          },
        });
      },
    },
  };
}
