/**
 * A collection store for loader tests: entries in a Map, behaving like Astro's scoped data store
 * where the loaders rely on it (set() skips an entry whose digest is unchanged, returning false).
 */
import type { LoaderContext } from 'astro/loaders';

export type StoreEntry = Parameters<LoaderContext['store']['set']>[0];

export function mapStore(initial: StoreEntry[] = []): { store: LoaderContext['store']; entries: Map<string, StoreEntry> } {
  const entries = new Map(initial.map((entry) => [entry.id, entry]));
  const store = {
    get: (id: string) => entries.get(id),
    entries: () => [...entries.entries()],
    values: () => [...entries.values()],
    keys: () => [...entries.keys()],
    has: (id: string) => entries.has(id),
    delete: (id: string) => void entries.delete(id),
    clear: () => entries.clear(),
    addModuleImport: () => undefined,
    set: (entry: StoreEntry) => {
      if (entry.digest && entries.get(entry.id)?.digest === entry.digest) return false;
      entries.set(entry.id, entry);
      return true;
    },
  };
  return { store: store as unknown as LoaderContext['store'], entries };
}
