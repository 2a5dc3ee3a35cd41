/**
 * zod for code a browser bundle can reach (islands, stores, API clients and the rules they share),
 * set jitless: zod never calls `new Function`, which the site's CSP (no 'unsafe-eval') would refuse
 * and report. Import `z` from here, never from 'zod', there (ESLint enforces it); schemas made
 * before this module ran keep zod's JIT. The setting is global, so server code importing these
 * modules parses jitless too.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
