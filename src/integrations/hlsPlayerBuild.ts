import { createRequire } from 'node:module';
import path from 'node:path';
import type { AstroIntegration } from 'astro';

/**
 * Builds the site's hls.js from its own TypeScript sources with its own feature flags
 * (docs/performance.md "Playback"): hls.js's light build plus alternate audio (our replays carry
 * their audio as an `EXT-X-MEDIA` rendition). No subtitles (captions are side-loaded WebVTT
 * `<track>`s, src/islands/player/captions.ts), no EME (DRM live plays with shaka-player), CMCD,
 * content steering, variable substitution, interstitials, I-frames or advanced MPEG-2 TS codecs.
 */
export const HLS_FEATURE_FLAGS = {
  __USE_ALT_AUDIO__: true,
  __USE_EME_DRM__: false,
  __USE_SUBTITLES__: false,
  __USE_CMCD__: false,
  __USE_CONTENT_STEERING__: false,
  __USE_VARIABLE_SUBSTITUTION__: false,
  __USE_M2TS_ADVANCED_CODECS__: false,
  __USE_MEDIA_CAPABILITIES__: false,
  __USE_INTERSTITIALS__: false,
  __USE_IFRAMES__: false,
} as const;

/** Resolves `hls.js` to its sources (src/hls.ts, whose default export is the `Hls` class) and defines their build-time constants. */
export function hlsPlayerBuild(): AstroIntegration {
  return {
    name: 'terrace:hls-player-build',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        const require = createRequire(import.meta.url);
        const root = path.dirname(require.resolve('hls.js/package.json'));
        const { version } = require('hls.js/package.json') as { version: string };
        const define: Record<string, string> = { __VERSION__: JSON.stringify(version) };
        for (const [name, on] of Object.entries(HLS_FEATURE_FLAGS)) define[name] = String(on);
        updateConfig({
          vite: {
            resolve: { alias: [{ find: /^hls\.js$/, replacement: path.join(root, 'src', 'hls.ts') }] },
            define,
          },
        });
      },
    },
  };
}
