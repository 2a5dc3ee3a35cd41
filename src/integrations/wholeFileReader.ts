/**
 * Whole files read synchronously into one reused buffer, each with the stat of the open file (one
 * open, fstat, read and close per file). Used where a build reads tens of thousands of pages on a
 * thread of its own: the search index following the rendering (searchIndexStream.ts) and the CSP
 * scan (securityHeaders.ts). A new buffer per page was garbage a small worker heap collected too
 * late (a 30,000-article build's tree reached 3.5 GB), and `fs/promises` readFile with a separate
 * stat cost the scan 13.1–14.7 s against 10.5 s. Loaded by Node itself in worker threads (type
 * stripping), so it imports only Node's modules.
 */
import { closeSync, fstatSync, openSync, readSync, type Stats } from 'node:fs';

export class WholeFileReader {
  #buffer: Buffer;

  /** @param initialBytes The buffer's first size; it grows to twice the largest file read. */
  constructor(initialBytes = 128 * 1024) {
    this.#buffer = Buffer.alloc(initialBytes);
  }

  /**
   * A file's bytes — a view of the reused buffer, valid until the next read — and the stat of the
   * open file. Reads up to one byte more than the stat's size: a file still being written reads
   * longer than its size, which a caller following a writer can see (bytes.length !== info.size).
   * @throws {Error} When the file cannot be opened or read (ENOENT for a file not written yet).
   */
  read(file: string): { bytes: Buffer; info: Stats } {
    const fd = openSync(file, 'r');
    try {
      const info = fstatSync(fd);
      if (info.size + 1 > this.#buffer.length) this.#buffer = Buffer.alloc(info.size * 2 + 1);
      let length = 0;
      while (length <= info.size) {
        const n = readSync(fd, this.#buffer, length, this.#buffer.length - length, null);
        if (n === 0) break;
        length += n;
      }
      return { bytes: this.#buffer.subarray(0, length), info };
    } finally {
      closeSync(fd);
    }
  }
}
