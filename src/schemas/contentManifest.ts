/**
 * The content manifest a build publishes at /content-manifest.json (
 * ARCHITECTURE §2): per guarded feed the number of items the site was built from, and when it
 * was built. The next build reads the last published manifest as its baseline, so a feed that
 * comes back empty or much smaller fails the build instead of emptying the site.
 */
import { z } from 'zod';

/** `{ version: 1, builtAt: ISO instant, feeds: { [feed]: item count ≥ 0 } }`. */
export const contentManifestSchema = z.object({
  version: z.literal(1),
  builtAt: z.iso.datetime({ offset: true }),
  feeds: z.record(z.string().min(1), z.number().int().min(0)),
});

export type ContentManifest = z.infer<typeof contentManifestSchema>;
