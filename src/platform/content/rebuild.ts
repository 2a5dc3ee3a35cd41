/**
 * Starting the site's rebuild after a content change (docs/publishing.md): in production a POST
 * to the Netlify build hook (NETLIFY_BUILD_HOOK_URL), which builds and deploys atomically — a
 * failed build (an invalid feed, src/loaders/) is never published; locally the command
 * `npm run publish:local` (scripts/publish/local.mjs), which builds into a fresh folder and swaps
 * it in only when the build succeeds. Local runs are coalesced: while one runs, further changes
 * queue exactly one more run, which then sees all of them.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../deps.ts';
import type { PlatformEnv } from '../env.ts';
import type { ContentChange, REBUILD_MODES } from './contentContract.ts';

/** How a rebuild was started and whether it runs now or after the running one. */
export interface RebuildStarted {
  mode: (typeof REBUILD_MODES)[number];
  state: 'started' | 'queued';
}

/** Starts (or queues) a rebuild for a change. @throws {RebuildUnavailableError} when it cannot be started. */
export type RebuildTrigger = (change: ContentChange) => Promise<RebuildStarted>;

/** The rebuild could not be started (the build hook refused or was unreachable, the command could not spawn). */
export class RebuildUnavailableError extends Error {
  override name = 'RebuildUnavailableError';
}

/** How long the build hook may take to answer (ms). */
export const BUILD_HOOK_TIMEOUT_MS = 10_000;

/** A short, single-line description of a change for build titles and logs. */
export function describeChange(change: ContentChange): string {
  const first = change.items.slice(0, 3).join(', ');
  const more = change.items.length > 3 ? ` and ${change.items.length - 3} more` : '';
  return `content webhook ${change.id}: ${change.feed} ${change.action} (${first}${more})`;
}

/**
 * A trigger POSTing to a Netlify build hook (https://api.netlify.com/build_hooks/<id>), with the
 * change as the deploy's title (`trigger_title`). Netlify answers 200 with an empty body and
 * queues the build; any other answer or a timeout is a RebuildUnavailableError.
 */
export function netlifyBuildHookTrigger(hookUrl: string, fetchImpl: typeof fetch = fetch): RebuildTrigger {
  return async (change) => {
    const url = new URL(hookUrl);
    url.searchParams.set('trigger_title', describeChange(change).slice(0, 200));
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(BUILD_HOOK_TIMEOUT_MS),
      });
    } catch (error) {
      throw new RebuildUnavailableError(`the build hook is unreachable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    await response.body?.cancel();
    if (!response.ok) throw new RebuildUnavailableError(`the build hook answered HTTP ${response.status}`);
    return { mode: 'netlify-build-hook', state: 'started' };
  };
}

/** The local publishing command: scripts/publish/local.mjs run by this Node. */
export function defaultPublishCommand(): string[] {
  const script = fileURLToPath(new URL('../../../scripts/publish/local.mjs', import.meta.url));
  return [process.execPath, script];
}

/**
 * A trigger running `command` (default: the local publishing command) in `cwd`, one run at a
 * time: a change during a run queues one more run after it (later changes join that one). The
 * command's output goes to this process's stdout/stderr; its end is logged with its exit code.
 */
export function localCommandTrigger(options: { logger: Logger; command?: string[]; cwd?: string; env?: NodeJS.ProcessEnv }): RebuildTrigger {
  const [program, ...args] = options.command ?? defaultPublishCommand();
  if (!program) throw new Error('localCommandTrigger: empty command');
  let running = false;
  let pending = false;
  const start = (reason: string) => {
    running = true;
    const child = spawn(program, args, { cwd: options.cwd ?? path.resolve('.'), env: options.env ?? process.env, stdio: ['ignore', 'inherit', 'inherit'] });
    options.logger.info('content rebuild started', { command: path.basename(args[0] ?? program), reason, pid: child.pid });
    let ended = false;
    /** Once per run, whether it exited or could not start: the next queued run may go. */
    const end = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (ended) return;
      ended = true;
      running = false;
      const fields = { reason, code, signal, ...(error ? { error: error.message } : {}) };
      if (code === 0) options.logger.info('content rebuild published', fields);
      else options.logger.error('content rebuild failed; the last good site stays live', fields);
      if (pending) {
        pending = false;
        start('queued change(s)');
      }
    };
    child.once('error', (error) => end(null, null, error));
    child.once('close', (code, signal) => end(code, signal));
  };
  return async (change) => {
    if (running) {
      pending = true;
      return { mode: 'local-command', state: 'queued' };
    }
    try {
      start(describeChange(change));
    } catch (error) {
      running = false;
      throw new RebuildUnavailableError(`the local publishing command could not start: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    return { mode: 'local-command', state: 'started' };
  };
}

/**
 * The environment's trigger: the Netlify build hook when NETLIFY_BUILD_HOOK_URL is set; else,
 * outside production, the local publishing command; else null (the webhook answers 503, since a
 * production API with nothing to rebuild must not pretend it published).
 */
export function rebuildTriggerFromEnv(env: PlatformEnv, logger: Logger): RebuildTrigger | null {
  if (env.NETLIFY_BUILD_HOOK_URL) return netlifyBuildHookTrigger(env.NETLIFY_BUILD_HOOK_URL);
  if (env.NODE_ENV !== 'production') return localCommandTrigger({ logger });
  return null;
}
