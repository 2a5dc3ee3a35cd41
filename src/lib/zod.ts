/**
 * zod for code that can run in the browser (islands, stores, the typed API clients and the lib
 * rules they share), set up for the site's Content-Security-Policy: jitless, so zod never calls
 * `new Function` — its compiled object parsers, and even the probe that checks whether eval is
 * allowed, would be refused by a `script-src` without `'unsafe-eval'` and reported as
 * a violation. Import `z` from here, never from 'zod', in anything a browser bundle can reach
 * (ESLint enforces it); schemas made before this module ran would keep zod's JIT.
 *
 * The setting is zod's global configuration, so server code that imports these modules parses
 * jitless too: slower per object parse by microseconds, which the API does not notice.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
