// @ts-check
/**
 * Which ffmpeg the stream generator runs, and which ffprobe the tests read its media with: the
 * environment variable when set (FFMPEG_PATH, FFPROBE_PATH: a machine's own build, by choice),
 * else the static build the npm package (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`)
 * ships for this platform, installed by `npm install`. Never the PATH: a bare machine has none, and
 * a machine that has one must not hide a missing package.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * @typedef {{ path: string, source: 'env' | 'npm' }} ResolvedBinary the binary and where it came from
 * @typedef {{ env?: Record<string, string | undefined>, require?: (id: string) => unknown }} ResolveOptions
 *   seams for tests: the environment (default process.env) and the module loader
 */

/**
 * @param {{ command: string, envName: string, packageName: string }} tool
 * @param {ResolveOptions} options
 * @returns {ResolvedBinary}
 * @throws {Error} `<command> not found: run `npm install` (it installs <package>) or set <envName>`
 */
function resolveBinary({ command, envName, packageName }, options) {
  const fromEnv = (options.env ?? process.env)[envName]?.trim();
  if (fromEnv) return { path: fromEnv, source: 'env' };
  const load = options.require ?? createRequire(import.meta.url);
  try {
    const installer = /** @type {{ path?: unknown }} */ (load(packageName));
    if (typeof installer.path === 'string' && existsSync(installer.path)) return { path: installer.path, source: 'npm' };
  } catch {
    // Not installed, or no build for this platform: the error below names the package.
  }
  throw new Error(`${command} not found: run \`npm install\` (it installs ${packageName}) or set ${envName}`);
}

/**
 * @param {ResolveOptions} [options]
 * @returns {ResolvedBinary} ffmpeg: FFMPEG_PATH, else `@ffmpeg-installer/ffmpeg`'s build
 */
export const resolveFfmpeg = (options = {}) => resolveBinary({ command: 'ffmpeg', envName: 'FFMPEG_PATH', packageName: '@ffmpeg-installer/ffmpeg' }, options);

/**
 * @param {ResolveOptions} [options]
 * @returns {ResolvedBinary} ffprobe: FFPROBE_PATH, else `@ffprobe-installer/ffprobe`'s build
 */
export const resolveFfprobe = (options = {}) =>
  resolveBinary({ command: 'ffprobe', envName: 'FFPROBE_PATH', packageName: '@ffprobe-installer/ffprobe' }, options);
