// @ts-check
/**
 * The build benchmark's work folder (scripts/bench/build.mjs): where it is, and the
 * node_modules link its prerender bundles need.
 */
import { mkdir, mkdtemp, readlink, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The work folder: `explicit` (BENCH_DIR) when given, created if missing; otherwise a new folder
 * of this run's own under the system temp folder, so that runs never share or inherit one.
 * @param {string | undefined} explicit
 * @returns {Promise<{ dir: string, own: boolean }>} `own`: made for this run (the caller may
 *   delete it when done)
 */
export async function workFolder(explicit) {
  if (explicit) {
    const dir = path.resolve(explicit);
    await mkdir(dir, { recursive: true });
    return { dir, own: false };
  }
  return { dir: await mkdtemp(path.join(os.tmpdir(), 'terrace-bench-')), own: true };
}

/**
 * Makes `link` a symlink to `target`. Whatever is at `link` already (a link to another clone's
 * node_modules, a dangling link left by a deleted one, a file) is replaced; a link that already
 * points at `target` is left as it is.
 * @param {string} link
 * @param {string} target absolute path
 * @returns {Promise<void>}
 * @throws when the link cannot be made (e.g. the folder is not writable)
 */
export async function linkTo(link, target) {
  const current = await readlink(link).catch(() => null);
  if (current === target) return;
  // fs.rm does not follow symlinks: a link is removed, never what it points at.
  await rm(link, { recursive: true, force: true });
  await symlink(target, link, 'dir');
}
