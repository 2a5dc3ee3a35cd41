/**
 * The worker thread that builds a full build's search index while Astro renders
 * (./searchIndexStream.ts), at the lowest CPU priority, as is the Pagefind process it starts.
 * workerData: {@link SearchWorkerData}. In: `{ type: 'plan', pages }` (DatedPage[], render order),
 * then `{ type: 'finish' }`. Out: `{ type: 'log', line }` per shard, then `{ type: 'outcome',
 * outcome }` (StreamOutcome). Loaded by Node itself (type stripping): imports name .ts files.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { DatedPage } from '../lib/searchShards.ts';
import { SearchStream } from './searchIndexStream.ts';

/** The worker's data: the build's output folder (absolute path) and most articles per shard. */
export interface SearchWorkerData {
  site: string;
  maxPerShard: number;
}

/** A message to the worker. */
export type SearchWorkerRequest = { type: 'plan'; pages: DatedPage[] } | { type: 'finish' };

/** The lowest priority (Linux: niceness 19 for this thread only; where that fails, the default). */
const LOWEST_PRIORITY = 19;

if (parentPort) {
  const port = parentPort;
  try {
    os.setPriority(LOWEST_PRIORITY); // pid 0: on Linux the calling thread, not Astro's
  } catch {
    // not allowed here: the index still builds, only competing with rendering
  }
  const { site, maxPerShard } = workerData as SearchWorkerData;
  const stream = new SearchStream({ site, maxPerShard, log: (line) => port.postMessage({ type: 'log', line }) });
  port.on('message', (request: SearchWorkerRequest) => {
    if (request.type === 'plan') stream.plan(request.pages);
    else void stream.finish().then((outcome) => port.postMessage({ type: 'outcome', outcome }));
  });
}
