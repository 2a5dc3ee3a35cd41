/**
 * Where the media and database helpers take their binaries: the variable that names one, else the
 * npm package, never the PATH or a server the machine happens to have; a missing package gives an
 * error naming it. As root, PostgreSQL runs from a world-readable copy made once per version.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveFfmpeg, resolveFfprobe } from '../../scripts/local/streams/ffmpeg.mjs';
import { findPostgresBin, POSTGRES_PACKAGE, sharedPostgresBin } from '../support/postgres';

const missing = (id: string): never => {
  throw new Error(`Cannot find module '${id}'`);
};

describe.each([
  { name: 'ffmpeg', resolve: resolveFfmpeg, envName: 'FFMPEG_PATH', packageName: '@ffmpeg-installer/ffmpeg' },
  { name: 'ffprobe', resolve: resolveFfprobe, envName: 'FFPROBE_PATH', packageName: '@ffprobe-installer/ffprobe' },
])('$name', ({ name, resolve, envName, packageName }) => {
  it('takes the variable when it is set', () => {
    expect(resolve({ env: { [envName]: ' /usr/bin/x ' }, require: missing })).toEqual({ path: '/usr/bin/x', source: 'env' });
  });

  it("takes the npm package's build otherwise", () => {
    const found = resolve({ env: {} });
    expect(found.source).toBe('npm');
    expect(found.path).toContain(`${path.sep}node_modules${path.sep}`);
    expect(existsSync(found.path)).toBe(true);
  });

  it('names the package and the variable when the package is missing, whatever the PATH holds', () => {
    const error = `${name} not found: run \`npm install\` (it installs ${packageName}) or set ${envName}`;
    expect(() => resolve({ env: { PATH: '/usr/bin:/usr/local/bin' }, require: missing })).toThrow(error);
    expect(() => resolve({ env: {}, require: () => ({ path: '/no/such/build' }) })).toThrow(error);
  });
});

describe('findPostgresBin', () => {
  it("takes the npm package's native/bin", () => {
    const { bin, from } = findPostgresBin({ env: {} });
    expect(from).toBe('package');
    expect(bin).toContain(path.join('node_modules', POSTGRES_PACKAGE, 'native', 'bin'));
  });

  it('names the package when it is missing, never falling back to a server on the machine', () => {
    expect(() =>
      findPostgresBin({
        env: {},
        resolve: (id) => {
          throw new Error(`Cannot find module '${id}'`);
        },
      }),
    ).toThrow(`PostgreSQL server binaries not found: run \`npm install\` (it installs ${POSTGRES_PACKAGE}), or set POSTGRES_BIN.`);
  });

  it('takes POSTGRES_BIN, refusing a folder without pg_ctl and initdb', () => {
    const { bin } = findPostgresBin({ env: {} });
    expect(findPostgresBin({ env: { POSTGRES_BIN: bin }, resolve: missing })).toEqual({ bin, from: 'POSTGRES_BIN' });
    expect(() => findPostgresBin({ env: { POSTGRES_BIN: '/no/such/bin' } })).toThrow('POSTGRES_BIN=/no/such/bin has no pg_ctl and initdb');
  });
});

describe('sharedPostgresBin', () => {
  let source = '';
  let version = '';
  const cache = () => path.join(os.tmpdir(), `terrace-postgres-${version}-${process.getuid?.() ?? 0}`);
  beforeEach(() => {
    source = mkdtempSync(path.join(os.tmpdir(), 'shared-pg-test-'));
    version = `test-${path.basename(source)}`;
    const native = path.join(source, 'native');
    mkdirSync(path.join(native, 'bin'), { recursive: true, mode: 0o700 });
    mkdirSync(path.join(native, 'lib'), { mode: 0o700 });
    writeFileSync(path.join(native, 'bin', 'initdb'), '#!/bin/sh\n', { mode: 0o700 });
    writeFileSync(path.join(native, 'lib', 'libpq.so.5.18'), 'lib', { mode: 0o600 });
    symlinkSync('libpq.so.5.18', path.join(native, 'lib', 'libpq.so.5'));
  });
  afterEach(() => {
    rmSync(source, { recursive: true, force: true });
    rmSync(cache(), { recursive: true, force: true });
  });

  it('copies the tree once, readable and runnable by every account, links kept', () => {
    const { bin, privateCopy } = sharedPostgresBin(path.join(source, 'native', 'bin'), version);
    expect(bin).toBe(path.join(cache(), 'bin'));
    expect(privateCopy).toBeUndefined();
    expect(statSync(cache()).mode & 0o777).toBe(0o755);
    expect(statSync(bin).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(bin, 'initdb')).mode & 0o777).toBe(0o755);
    expect(statSync(path.join(cache(), 'lib', 'libpq.so.5.18')).mode & 0o777).toBe(0o644);
    expect(readlinkSync(path.join(cache(), 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
    const made = lstatSync(cache()).ino;
    expect(sharedPostgresBin(path.join(source, 'native', 'bin'), version)).toEqual({ bin });
    expect(lstatSync(cache()).ino).toBe(made);
  });

  it('never trusts a folder of that name that others can write to', () => {
    mkdirSync(path.join(cache(), 'bin'), { recursive: true });
    writeFileSync(path.join(cache(), 'bin', 'initdb'), '#!/bin/sh\necho planted\n', { mode: 0o755 });
    chmodSync(cache(), 0o777);
    const { bin, privateCopy } = sharedPostgresBin(path.join(source, 'native', 'bin'), version);
    expect(bin).not.toBe(path.join(cache(), 'bin'));
    expect(privateCopy, 'the private copy, for the caller to delete').toBe(path.dirname(bin));
    expect(readFileSync(path.join(bin, 'initdb'), 'utf8')).toBe('#!/bin/sh\n');
    rmSync(privateCopy!, { recursive: true, force: true });
  });
});
