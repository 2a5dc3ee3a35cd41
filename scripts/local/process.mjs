// @ts-check
/**
 * Process plumbing shared by the local stand-ins: `freePort(host)`; `waitForHttp(url, { timeoutMs,
 * child })`, which resolves once `url` answers and rejects on timeout or as soon as `child` exits
 * (with its last output); `spawnGuarded(modulePath, { cwd, env, label, quiet })`, a Node child with
 * an IPC channel that exits when the channel closes — so it dies with its parent, even on SIGKILL —
 * its output echoed with a `[label]` prefix; `stop()` sends SIGTERM, then SIGKILL after 3 s.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';

/**
 * A port that is free on `host` at the time of the call (there is a small window before the
 * caller binds it).
 * @param {string} [host] default 127.0.0.1
 * @returns {Promise<number>}
 */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * @typedef {object} GuardedChild
 * @property {import('node:child_process').ChildProcess} process
 * @property {() => string} recentOutput the last lines the child wrote (stdout and stderr)
 * @property {Promise<number | null>} exited resolves with the exit code once the child is gone
 * @property {() => Promise<void>} stop SIGTERM, then SIGKILL after 3 s; resolves when it has exited
 */

/**
 * Runs `modulePath` (a CommonJS file) with this process's Node in a child that exits with us.
 * @param {string} modulePath absolute path of the entry point
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, label: string, quiet?: boolean }} options
 * @returns {GuardedChild}
 */
export function spawnGuarded(modulePath, { cwd, env, label, quiet = false }) {
  // The IPC channel closes when the parent dies, however it dies; 'disconnect' then ends the child.
  const bootstrap = `process.on('disconnect', () => process.exit(0)); require(${JSON.stringify(modulePath)});`;
  const child = spawn(process.execPath, ['-e', bootstrap], { cwd, env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  /** @type {string[]} */
  const recent = [];
  const onData = (/** @type {Buffer} */ chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      if (!quiet) process.stdout.write(`[${label}] ${line}\n`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  // A normal exit of the parent (including process.exit) takes the child along synchronously.
  const killOnExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  exited.then(() => process.removeListener('exit', killOnExit));

  return {
    process: child,
    recentOutput: () => recent.join('\n'),
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Resolves once `url` answers an HTTP GET (any status).
 * @param {string} url
 * @param {{ timeoutMs?: number, child?: GuardedChild, label?: string }} [options]
 * @returns {Promise<void>}
 * @throws {Error} when the time runs out or the child exits first (message includes its output)
 */
export async function waitForHttp(url, { timeoutMs = 15_000, child, label = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  let childExited = false;
  child?.exited.then(() => {
    childExited = true;
  });
  for (;;) {
    if (childExited) {
      throw new Error(`${label} exited before it was ready:\n${child?.recentOutput() ?? ''}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > deadline) {
        throw new Error(`${label} was not ready after ${timeoutMs} ms:\n${child?.recentOutput() ?? ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
