// @ts-check
/**
 * Which ffmpeg the stream generator runs: FFMPEG_PATH when set, else the static build that the npm
 * package `@ffmpeg-installer/ffmpeg` ships for this platform (installed by `npm install`, so a bare
 * machine needs nothing by hand), else `ffmpeg` on the PATH.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * @returns {{ path: string, source: 'FFMPEG_PATH' | 'npm' | 'PATH' }} the binary and where it came from
 */
export function resolveFfmpeg() {
  const fromEnv = process.env.FFMPEG_PATH?.trim();
  if (fromEnv) return { path: fromEnv, source: 'FFMPEG_PATH' };
  try {
    /** @type {{ path: string }} */
    const installer = require('@ffmpeg-installer/ffmpeg');
    if (existsSync(installer.path)) return { path: installer.path, source: 'npm' };
  } catch {
    // No build for this platform in the package: fall back to the PATH.
  }
  return { path: 'ffmpeg', source: 'PATH' };
}
