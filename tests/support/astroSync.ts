/**
 * `astro sync` (the content-layer step of the build) over a changed copy of the embedded dataset:
 * the dataset is copied into `<work>/<name>`, `change` edits it, and sync runs with that folder as
 * TERRACE_CONTENT_DIR and its own cache. Returns the exit code and the output; never throws for a
 * failed sync.
 */
import { execFile } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Exit code and output (stdout then stderr) of one sync. */
export interface SyncResult {
  code: number;
  output: string;
}

/** Syncs a copy of data/ that `change` edited; `env` is added to the process's environment. */
export async function syncChangedDataset(work: string, name: string, change: (dir: string) => void, env: Record<string, string> = {}): Promise<SyncResult> {
  const dir = path.join(work, name);
  cpSync('data', dir, { recursive: true });
  change(dir);
  try {
    const { stdout, stderr } = await run('npm', ['exec', '--', 'astro', 'sync'], {
      env: { ...process.env, ...env, TERRACE_CONTENT_DIR: dir, ASTRO_CACHE_DIR: path.join(work, `${name}-cache`), ASTRO_TELEMETRY_DISABLED: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
