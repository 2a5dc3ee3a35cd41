/**
 * Content bodies kept beside Astro's data store instead of inside it (docs/publishing.md "Bodies
 * outside the data store"): news and page loaders store each rendered, sanitised body as a file
 * named by its SHA-256 under `<cacheDir>/content-bodies/<collection>/`; the entry keeps the name in
 * `rendered.metadata.bodyFile` with an empty `rendered.html`, so render keys still change with the
 * body. Bodies referring to local images stay inline (Astro's render() rewrites them).
 * Pages read a body with `entryBodyHtml(entry)`, which checks the file against its name.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';

type DataStore = LoaderContext['store'];
type DataEntry = NonNullable<ReturnType<DataStore['get']>>;

/** The folder under Astro's cacheDir that holds the bodies, one subfolder per collection. */
export const BODIES_FOLDER = 'content-bodies';
/** The metadata key that names an entry's body file. */
const BODY_FILE = 'bodyFile';
const BODY_NAME = /^([a-zA-Z][\w-]*)\/([0-9a-f]{64})\.html$/;

/** Where the bodies are for this build: set by the loaders (same process as the pages). */
const DIR = Symbol.for('terrace.contentBodies');
const holder = globalThis as { [DIR]?: string };

/** `<cacheDir>/content-bodies` for a loader's context, recorded for the pages of this build. */
export function bodiesDir(context: Pick<LoaderContext, 'config'>): string {
  const dir = path.join(fileURLToPath(context.config.cacheDir), BODIES_FOLDER);
  holder[DIR] = dir;
  return dir;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The body file an entry names ('news/<sha256>.html'), or undefined when its HTML is inline. */
export function bodyFileOf(entry: Pick<DataEntry, 'rendered'>): string | undefined {
  const name = entry.rendered?.metadata?.[BODY_FILE];
  return typeof name === 'string' ? name : undefined;
}

/** Whether the entry's HTML must stay inline: Astro's render() rewrites its local image references. */
function keepsInline(entry: DataEntry): boolean {
  const metadata = entry.rendered?.metadata;
  const local = metadata?.localImagePaths;
  return Boolean(metadata?.imagePaths?.length || (Array.isArray(local) && local.length > 0));
}

/**
 * The entry with its rendered HTML moved to `<dir>/<collection>/<sha256>.html` (written unless
 * already there) and named in `rendered.metadata.bodyFile`; the front matter copy Astro keeps in
 * the metadata is dropped (the validated data holds it). Entries without HTML, with local images
 * or already naming a body file are returned as they are.
 */
export function withBodyFile<T extends DataEntry>(entry: T, dir: string, collection: string): T {
  const rendered = entry.rendered;
  if (!rendered || keepsInline(entry) || bodyFileOf(entry) !== undefined) return entry;
  const name = `${collection}/${sha256(rendered.html)}.html`;
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written under a temporary name, then renamed: a build killed mid-write leaves no short body.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, rendered.html);
    renameSync(temporary, file);
  }
  const { frontmatter: _frontmatter, ...metadata } = rendered.metadata ?? {};
  return { ...entry, rendered: { html: '', metadata: { ...metadata, [BODY_FILE]: name } } };
}

/**
 * A store whose set() moves each entry's body to a file (withBodyFile). On creation it repairs
 * what an earlier build left: an entry naming a body file that is gone is deleted (its loader
 * renders it again), and an entry still holding its HTML inline is re-stored with a body file when
 * `ready(entry)` says its HTML may be moved (the Markdown loader: only once it is sanitised).
 * `prune()` deletes the collection's body files no entry names.
 */
export function bodyFileStore(
  store: DataStore,
  dir: string,
  collection: string,
  ready: (entry: DataEntry) => boolean = () => true,
): DataStore & { prune: () => number } {
  for (const entry of [...store.values()]) {
    const name = bodyFileOf(entry);
    if (name !== undefined) {
      if (!existsSync(path.join(dir, name))) store.delete(entry.id);
    } else if (entry.rendered?.html && !keepsInline(entry) && ready(entry)) {
      // set() skips an entry whose digest is unchanged, so the inline one is removed first.
      store.delete(entry.id);
      store.set(withBodyFile(entry, dir, collection));
    }
  }
  return {
    ...store,
    set: (entry) => store.set(withBodyFile(entry, dir, collection)),
    prune: () => pruneBodyFiles(store, dir, collection),
  };
}

/**
 * Deletes the collection's body files that no entry of `store` names; returns how many.
 */
export function pruneBodyFiles(store: Pick<DataStore, 'values'>, dir: string, collection: string): number {
  const folder = path.join(dir, collection);
  if (!existsSync(folder)) return 0;
  const named = new Set(store.values().map(bodyFileOf));
  let removed = 0;
  for (const file of readdirSync(folder)) {
    if (named.has(`${collection}/${file}`)) continue;
    rmSync(path.join(folder, file), { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * The sanitised HTML body of a news article or content page: from its body file, checked against
 * the SHA-256 in its name, or the inline `rendered.html` of an entry that has none (local images).
 * Spec §2 /news/:slug and content pages; the RSS feed's content.
 * @throws when the file is missing, renamed or changed since the loader wrote it, naming the entry
 */
export function entryBodyHtml(entry: { id: string; collection: string; rendered?: { html: string; metadata?: Record<string, unknown> } }): string {
  const name = bodyFileOf(entry);
  if (name === undefined) return entry.rendered?.html ?? '';
  const match = BODY_NAME.exec(name);
  const dir = holder[DIR];
  if (!match || !dir)
    throw new Error(`content body of ${entry.collection} "${entry.id}": ${dir ? `bad body file name ${JSON.stringify(name)}` : 'no loader ran in this build'}`);
  let html: string;
  try {
    html = readFileSync(path.join(dir, name), 'utf8');
  } catch (error) {
    throw new Error(`content body of ${entry.collection} "${entry.id}": ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (sha256(html) !== match[2]) throw new Error(`content body of ${entry.collection} "${entry.id}": ${name} changed since it was written`);
  return html;
}
