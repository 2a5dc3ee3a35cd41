/**
 * The build benchmark's work folder (scripts/bench/workDir.mjs). CI's bench smoke failed with
 * EEXIST when /tmp held a node_modules link left by an earlier clone that had been deleted: the
 * link must be replaced whatever is there, and a default folder must be the run's own.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkTo, workFolder } from '../../scripts/bench/workDir.mjs';

let tmp = '';
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-workdir-test-'));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('linkTo', () => {
  it('makes the link when nothing is there', async () => {
    const target = path.join(tmp, 'modules');
    mkdirSync(target);
    await linkTo(path.join(tmp, 'node_modules'), target);
    expect(readlinkSync(path.join(tmp, 'node_modules'))).toBe(target);
  });

  it('replaces a dangling link left by a deleted clone', async () => {
    const target = path.join(tmp, 'modules');
    mkdirSync(target);
    symlinkSync(path.join(tmp, 'deleted-clone/node_modules'), path.join(tmp, 'node_modules'), 'dir');
    await linkTo(path.join(tmp, 'node_modules'), target);
    expect(readlinkSync(path.join(tmp, 'node_modules'))).toBe(target);
  });

  it("replaces a link to another clone's node_modules without touching that folder", async () => {
    const target = path.join(tmp, 'modules');
    const other = path.join(tmp, 'other/node_modules');
    mkdirSync(target);
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, 'kept.txt'), 'x');
    symlinkSync(other, path.join(tmp, 'node_modules'), 'dir');
    await linkTo(path.join(tmp, 'node_modules'), target);
    expect(readlinkSync(path.join(tmp, 'node_modules'))).toBe(target);
    expect(existsSync(path.join(other, 'kept.txt'))).toBe(true);
  });

  it('leaves a link that already points at the target', async () => {
    const target = path.join(tmp, 'modules');
    mkdirSync(target);
    symlinkSync(target, path.join(tmp, 'node_modules'), 'dir');
    const before = lstatSync(path.join(tmp, 'node_modules')).ino;
    await linkTo(path.join(tmp, 'node_modules'), target);
    expect(lstatSync(path.join(tmp, 'node_modules')).ino).toBe(before);
  });
});

describe('workFolder', () => {
  it('gives each run a new folder of its own by default', async () => {
    const a = await workFolder(undefined);
    const b = await workFolder(undefined);
    try {
      expect(a.own && b.own).toBe(true);
      expect(a.dir).not.toBe(b.dir);
      expect(existsSync(a.dir) && existsSync(b.dir)).toBe(true);
    } finally {
      rmSync(a.dir, { recursive: true, force: true });
      rmSync(b.dir, { recursive: true, force: true });
    }
  });

  it('uses BENCH_DIR when given, creating it, and does not claim it', async () => {
    const dir = path.join(tmp, 'given/work');
    expect(await workFolder(dir)).toEqual({ dir, own: false });
    expect(existsSync(dir)).toBe(true);
  });
});
