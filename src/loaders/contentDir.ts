import path from 'node:path';

/**
 * The embedded dataset's root folder: `TERRACE_CONTENT_DIR` (absolute or relative to the
 * working directory), default `./data`. The build benchmark points it at a synthetic archive.
 */
export function contentDir(): string {
  return path.resolve(process.env.TERRACE_CONTENT_DIR ?? 'data');
}

/** Which content source fills the collections: the platform's content API when its base URL is set. */
export function contentSource(): 'embedded' | 'platform' {
  return process.env.CONTENT_API_URL ? 'platform' : 'embedded';
}
