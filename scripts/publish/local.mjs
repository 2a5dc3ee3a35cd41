// @ts-check
/**
 * `npm run publish:local` (docs/publishing.md "Locally"): builds the site from its feeds into
 * PUBLISH_DIR/builds/<id> (default .terrace/site; incremental from the live build unless
 * PUBLISH_INCREMENTAL=0) and, only when the build succeeds, swaps the `current` symlink to it by
 * rename(2), so a request sees the old site or the new one, never half of one. The local content
 * webhook runs this command.
 * Exit codes: 0 published; 1 the build failed (nothing changed); 75 another publish is running.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, readlink, rename, rm, symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dir = process.env.PUBLISH_DIR ? path.resolve(process.env.PUBLISH_DIR) : path.join(PROJECT, '.terrace/site');
const keep = Math.max(2, Number(process.env.PUBLISH_KEEP ?? 3) || 3);
const current = path.join(dir, 'current');
const lockFile = path.join(dir, 'publish.lock');

/** Takes the publish lock, or returns the pid holding it. A lock whose process is gone is taken over. */
async function lock() {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return null;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (holder > 0 && holder !== process.pid && alive(holder)) return holder;
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`cannot take ${lockFile}`);
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/** The folder `current` points at (absolute), or null before the first publish. */
async function live() {
  try {
    return path.resolve(dir, await readlink(current));
  } catch {
    return null;
  }
}

/**
 * Runs `astro build` into `outDir`, its output to the console and `logFile`.
 * @param {string} outDir
 * @param {string} logFile
 * @param {string | null} baseline The live site's content manifest, when there is one.
 * @param {string | null} from The live build, whose unchanged pages the build reuses.
 * @returns {Promise<{ code: number, feedErrors: string[] }>}
 */
async function build(outDir, logFile, baseline, from) {
  // Astro writes its prerender bundle inside the outDir only when the outDir is inside the working
  // directory, so the build runs in PUBLISH_DIR, with the project's node_modules linked there.
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) await symlink(path.join(PROJECT, 'node_modules'), modules, 'dir');
  const env = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_CACHE_DIR: path.join(dir, 'cache'),
    TERRACE_CONTENT_DIR: process.env.TERRACE_CONTENT_DIR ? path.resolve(process.env.TERRACE_CONTENT_DIR) : path.join(PROJECT, 'data'),
    ...(process.env.FEED_BASELINE ? {} : { FEED_BASELINE: baseline ?? 'none' }),
    ...(from && process.env.PUBLISH_INCREMENTAL !== '0' ? { INCREMENTAL_FROM: from } : {}),
  };
  const log = createWriteStream(logFile);
  /** @type {string[]} */
  const feedErrors = [];
  const child = spawn(process.execPath, [path.join(PROJECT, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', PROJECT, '--outDir', outDir], {
    cwd: dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onData = (/** @type {Buffer} */ chunk) => {
    log.write(chunk);
    process.stdout.write(chunk);
    for (const line of chunk.toString().split('\n')) if (line.includes('Content feed "') && !feedErrors.includes(line.trim())) feedErrors.push(line.trim());
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const code = await new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('close', (c) => resolve(c ?? 1));
  });
  await new Promise((resolve) => log.end(resolve));
  return { code: /** @type {number} */ (code), feedErrors };
}

/** Points `current` at `target` atomically: a new link beside it, renamed over it. @param {string} target */
async function swapTo(target) {
  const existing = await lstat(current).catch(() => null);
  if (existing && !existing.isSymbolicLink()) throw new Error(`${current} is not a symlink; move it away and publish again`);
  const temporary = `${current}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await symlink(path.relative(dir, target), temporary, 'dir');
  await rename(temporary, current);
}

/** Removes all but the newest `keep` builds, never the live one. @param {string} liveBuild */
async function prune(liveBuild) {
  const builds = (await readdir(path.join(dir, 'builds'))).sort();
  for (const name of builds.slice(0, Math.max(0, builds.length - keep))) {
    const folder = path.join(dir, 'builds', name);
    if (folder !== liveBuild) await rm(folder, { recursive: true, force: true });
  }
}

async function main() {
  await mkdir(path.join(dir, 'builds'), { recursive: true });
  await mkdir(path.join(dir, 'logs'), { recursive: true });
  const holder = await lock();
  if (holder !== null) {
    console.error(`publish: another publish is running (pid ${holder}); the webhook queues one more run after it`);
    return 75;
  }
  try {
    const started = performance.now();
    const previous = await live();
    const id = `${new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}-${process.pid}`;
    const outDir = path.join(dir, 'builds', id);
    const logFile = path.join(dir, 'logs', `${id}.log`);
    const manifest = previous ? path.join(previous, 'content-manifest.json') : null;
    console.log(`publish: building ${path.relative(PROJECT, outDir)} (live: ${previous ? path.relative(PROJECT, previous) : 'nothing yet'})`);
    const result = await build(outDir, logFile, manifest && existsSync(manifest) ? manifest : null, previous);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.code !== 0 || !existsSync(path.join(outDir, 'index.html'))) {
      await rm(outDir, { recursive: true, force: true });
      console.error(
        `\npublish: FAILED after ${seconds} s (exit ${result.code}); nothing was published, the live site is unchanged (${previous ? path.relative(PROJECT, previous) : 'none'}). Log: ${path.relative(PROJECT, logFile)}`,
      );
      for (const line of result.feedErrors.slice(0, 10)) console.error(`  ${line}`);
      return 1;
    }
    await swapTo(outDir);
    await prune(outDir);
    console.log(`\npublish: published ${path.relative(PROJECT, outDir)} in ${seconds} s; ${path.relative(PROJECT, current)} → builds/${id}`);
    return 0;
  } finally {
    await unlink(lockFile).catch(() => {});
  }
}

process.exitCode = await main().catch((error) => {
  console.error(`publish: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
