/**
 * src/integrations/wholeFileReader.ts: whole files through one reused buffer, each with the stat
 * of the open file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WholeFileReader } from '../../src/integrations/wholeFileReader';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'whole-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('WholeFileReader', () => {
  it('reads each file whole, growing its buffer for a file larger than it', async () => {
    const small = path.join(dir, 'small.html');
    const large = path.join(dir, 'large.html');
    await writeFile(small, '<p>é</p>');
    await writeFile(large, 'x'.repeat(40_000));
    const reader = new WholeFileReader(16);
    const first = reader.read(small);
    expect([first.bytes.toString('utf8'), first.info.size]).toEqual(['<p>é</p>', 9]);
    const second = reader.read(large);
    expect([second.bytes.length, second.info.size]).toEqual([40_000, 40_000]);
    expect(reader.read(small).bytes.toString('utf8')).toBe('<p>é</p>');
  });
  it('reads past the stat it took: a file longer than its size (still being written) reads longer, not cut at the size', () => {
    // A /proc file stands in for one being written: its stat says 0 bytes, and it holds more.
    const { bytes, info } = new WholeFileReader(16).read('/proc/self/status');
    expect(info.size).toBe(0);
    expect(bytes.length).toBeGreaterThan(info.size);
  });
  it('throws for a file that is not there (the search stream reads that as "not written yet")', () => {
    expect(() => new WholeFileReader().read(path.join(dir, 'missing.html'))).toThrow(/ENOENT/);
  });
});
