// @ts-check
/**
 * Which ffmpeg the stream generator runs, and which ffprobe the tests read its media with: the
 * environment variable when set (FFMPEG_PATH, FFPROBE_PATH), else the static build that the npm
 * package (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`) ships for this platform
 * (installed by `npm install`, so a bare machine needs nothing by hand), else the command on the PATH.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ path: string, source: 'env' | 'npm' | 'PATH' }} ResolvedBinary the binary and where it came from
 */

/**
 * @param {string} envName variable naming the binary, read first
 * @param {string} packageName npm installer package exporting `{ path }`
 * @param {string} command fallback command on the PATH
 * @returns {ResolvedBinary}
 */
function resolveBinary(envName, packageName, command) {
  const fromEnv = process.env[envName]?.trim();
  if (fromEnv) return { path: fromEnv, source: 'env' };
  try {
    /** @type {{ path: string }} */
    const installer = require(packageName);
    if (existsSync(installer.path)) return { path: installer.path, source: 'npm' };
  } catch {
    // No build for this platform in the package: fall back to the PATH.
  }
  return { path: command, source: 'PATH' };
}

/** @returns {ResolvedBinary} ffmpeg: FFMPEG_PATH, else `@ffmpeg-installer/ffmpeg`, else `ffmpeg` */
export const resolveFfmpeg = () => resolveBinary('FFMPEG_PATH', '@ffmpeg-installer/ffmpeg', 'ffmpeg');

/** @returns {ResolvedBinary} ffprobe: FFPROBE_PATH, else `@ffprobe-installer/ffprobe`, else `ffprobe` */
export const resolveFfprobe = () => resolveBinary('FFPROBE_PATH', '@ffprobe-installer/ffprobe', 'ffprobe');
