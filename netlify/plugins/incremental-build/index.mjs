// @ts-check
/**
 * Netlify Build plugin (docs/publishing.md "In production"): gives each build the previous
 * successful output, so `astro build` renders only the pages whose inputs changed.
 * - onPreBuild: restores PREVIOUS_OUTPUT (and Astro's node_modules/.astro when Netlify did not keep
 *   it) from the build cache and, when there, sets INCREMENTAL_FROM; otherwise all is rendered.
 * - onPostBuild (after a successful build): replaces PREVIOUS_OUTPUT by hard links to the publish
 *   folder and saves it and Astro's cache folder to the build cache.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** Where the previous output lives during a build (relative to the base folder; not deployed). */
export const PREVIOUS_OUTPUT = '.incremental/previous';
/** Astro's default cache folder (astro.config.mjs sets no other on Netlify). */
export const ASTRO_CACHE = 'node_modules/.astro';

/**
 * @typedef {object} PluginOptions
 * @property {{ build: { publish: string, environment: Record<string, string | undefined> } }} netlifyConfig
 * @property {{ PUBLISH_DIR: string }} constants
 * @property {{ cache: { restore(path: string | string[]): Promise<boolean>, save(path: string | string[]): Promise<boolean> } }} utils
 */

/** @param {PluginOptions} options */
export async function onPreBuild({ netlifyConfig, utils }) {
  await utils.cache.restore(ASTRO_CACHE);
  if ((await utils.cache.restore(PREVIOUS_OUTPUT)) && existsSync(PREVIOUS_OUTPUT)) {
    netlifyConfig.build.environment.INCREMENTAL_FROM = path.resolve(PREVIOUS_OUTPUT);
    console.log(`incremental build from the previous output (${PREVIOUS_OUTPUT})`);
  } else {
    console.log('no previous output in the build cache: every page is rendered');
  }
}

/** @param {PluginOptions} options */
export async function onPostBuild({ constants, utils }) {
  await rm(PREVIOUS_OUTPUT, { recursive: true, force: true });
  await mkdir(path.dirname(PREVIOUS_OUTPUT), { recursive: true });
  await promisify(execFile)('cp', ['-al', constants.PUBLISH_DIR, PREVIOUS_OUTPUT]);
  await utils.cache.save([PREVIOUS_OUTPUT, ASTRO_CACHE]);
}
