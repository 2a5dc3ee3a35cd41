// @ts-check
/**
 * Netlify Build plugin (netlify.toml [[plugins]]): gives each build the previous successful build's
 * output, so `astro build` renders only the pages whose inputs changed (INCREMENTAL_FROM;
 * src/integrations/renderPlan.ts, docs/publishing.md "One change costs one change").
 *
 * - onPreBuild: restores PREVIOUS_OUTPUT from Netlify's build cache and, when it is there, sets
 *   INCREMENTAL_FROM for the build command. Astro's cache folder (node_modules/.astro, with the
 *   build records that name the pages of that output) is restored too when Netlify has not kept it
 *   with node_modules. A first build, or one after "Clear cache and deploy", renders everything.
 * - onPostBuild (only after the build succeeded): replaces PREVIOUS_OUTPUT by hard links to the
 *   publish folder (no copy of the bytes) and saves it and Astro's cache folder to the build cache.
 *
 * Netlify uploads only the files whose digest changed, so a deploy after one article sends what
 * the benchmark reports as "upload" (npm run bench:build).
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
