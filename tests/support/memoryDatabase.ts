/**
 * A migrated in-memory PGlite for one test file: `const mem = useMemoryDatabase()` opens it in
 * beforeAll and closes it in afterAll; `mem.storage` is the open database, `mem.db` the API's
 * PlatformDatabase over it (both read inside tests, after beforeAll ran).
 */
import { afterAll, beforeAll } from 'vitest';
import { lazyDatabase, type PlatformDatabase } from '../../src/platform/deps';
import { openDatabase, type OpenDatabase } from '../../src/platform/storage/platformStorage';

/** The open database of the file, set in beforeAll. */
export interface MemoryDatabase {
  storage: OpenDatabase;
  db: PlatformDatabase;
}

/** Registers the file's beforeAll/afterAll and returns the holder they fill. */
export function useMemoryDatabase(): MemoryDatabase {
  const holder = {} as MemoryDatabase;
  beforeAll(async () => {
    holder.storage = await openDatabase({ dataDir: 'memory://' });
    await holder.storage.migrate();
    holder.db = lazyDatabase(async () => holder.storage);
  }, 60_000);
  afterAll(async () => {
    await holder.storage?.close();
  });
  return holder;
}
