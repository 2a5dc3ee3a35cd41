// @ts-check
/**
 * Lets Node run the site's own rules of src/lib, whose imports name no extension (Vite resolves
 * them at build time), for `npm run matchday:simulate`: a module resolve hook that, when a
 * specifier without an extension is not found, tries it with `.ts`, then `.js`. Loaded with
 * `node --import ./scripts/matchday/resolve-ts.mjs`.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (/\.[cm]?[jt]sx?$/.test(specifier) || /** @type {{ code?: string }} */ (error).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      for (const extension of ['.ts', '.js']) {
        try {
          return nextResolve(specifier + extension, context);
        } catch {
          // Try the next one.
        }
      }
      throw error;
    }
  },
});
