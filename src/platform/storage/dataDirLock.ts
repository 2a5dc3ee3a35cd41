/**
 * One process at a time on an embedded (PGlite) data folder. PGlite takes no lock of its own, and
 * two processes writing the same folder corrupt it (a server and `npm run admin` at once, say).
 * So before PGlite opens `<dataDir>`, we create `<dataDir>.lock` exclusively (O_EXCL) with our
 * process id; a lock left by a process that no longer runs is taken over. The lock goes when the
 * database closes or the process exits.
 *
 * Errors: DataDirInUseError (naming the holder's pid) when a live process holds the folder,
 * including this process through another open database.
 */
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** The embedded data folder is open elsewhere. */
export class DataDirInUseError extends Error {
  readonly pid: number;
  readonly dataDir: string;
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid}${pid === process.pid ? ' (this process)' : ''}. ` +
        'Stop that process first (PGlite allows one process per folder), or set DATABASE_URL to use a PostgreSQL server.',
    );
    this.name = 'DataDirInUseError';
    this.pid = pid;
    this.dataDir = dataDir;
  }
}

/** A held lock; release() is idempotent. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes `<dataDir>.lock` for this process.
 * @throws DataDirInUseError when a running process holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = `${dataDir.replace(/\/+$/, '')}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holder !== null && isRunning(holder)) throw new DataDirInUseError(dataDir, holder);
      if (attempt > 0) throw new DataDirInUseError(dataDir, holder ?? 0);
      // Stale: its process is gone. Remove and try once more (a racing process may win).
      try {
        unlinkSync(path);
      } catch {
        /* someone else removed it */
      }
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readHolder(path) === process.pid) {
      try {
        unlinkSync(path);
      } catch {
        /* already gone */
      }
    }
  };
  process.on('exit', release);
  return { path, release };
}
