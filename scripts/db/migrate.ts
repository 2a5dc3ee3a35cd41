/**
 * `npm run db:migrate`: applies the committed migrations (src/platform/storage/migrations) to the
 * database the environment names — DATABASE_URL, else the embedded PGlite in TERRACE_DATA_DIR
 * (default .terrace/data) — and prints what it did. Safe to run again and alongside starting
 * servers (one transaction behind an advisory lock). Exit 1 with the reason on failure.
 */
import { openDatabase, storageConfigFromEnv } from '../../src/platform/storage/platformStorage.ts';

try {
  const storage = await openDatabase(storageConfigFromEnv(process.env));
  try {
    const { applied, total } = await storage.migrate();
    process.stdout.write(`${storage.kind} ${storage.location}: applied ${applied} migration(s); ${total} committed, all applied.\n`);
  } finally {
    await storage.close();
  }
} catch (error) {
  process.stderr.write(`db:migrate failed: ${(error as Error).message}\n`);
  process.exitCode = 1;
}
