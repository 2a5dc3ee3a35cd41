/**
 * `npm run admin -- <command> …`: opens the platform's database from the environment
 * (DATABASE_URL, else the embedded one in TERRACE_DATA_DIR, default .terrace/data), brings it up to
 * the committed migrations, runs one administration command (cli.ts) and exits with its status.
 * The embedded database can be open in one process only: stop a local server using it first.
 */
import { DataDirInUseError, openDatabase, storageConfigFromEnv } from '../storage/platformStorage.ts';
import { runAdmin } from './cli.ts';

async function main(): Promise<number> {
  let storage;
  try {
    storage = await openDatabase(storageConfigFromEnv(process.env));
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  try {
    await storage.migrate();
    return await runAdmin(process.argv.slice(2), {
      db: storage.db,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      now: () => new Date(),
      env: process.env,
    });
  } finally {
    await storage.close();
  }
}

process.exitCode = await main();
