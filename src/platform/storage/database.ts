/**
 * Opens the platform's database (ARCHITECTURE §3): any PostgreSQL through `DATABASE_URL`
 * (node-postgres pool; Netlify DB / Neon in production), else the embedded PGlite, file-backed in
 * `TERRACE_DATA_DIR` (default `.terrace/data` under the working directory). Both give the same
 * Drizzle query layer (`Database`), so every repository in this folder runs on either.
 *
 *   const storage = await openDatabase(storageConfigFromEnv(process.env));
 *   await storage.migrate();          // at start; idempotent, race-safe
 *   await findUser(storage.db, …);
 *   await storage.close();
 *
 * PGlite is single-connection: its queries and transactions run one after another in this
 * process, and only one process may open a data folder (dataDirLock.ts). `dataDir: 'memory://'`
 * keeps it in memory (tests). The drivers are imported on first use, so a function that talks to
 * Postgres never loads PGlite's WebAssembly.
 *
 * Errors: invalid configuration throws a zod error naming the variable; DataDirInUseError when
 * another process holds the data folder; connection errors surface on the first query.
 */
import { resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { lockDataDir } from './dataDirLock.ts';
import { applyMigrations, MIGRATIONS_FOLDER, type MigrationResult } from './migrate.ts';

/** The query layer every repository takes (Drizzle over node-postgres or PGlite). */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction of a Database. */
export type Transaction = PgTransaction<PgQueryResultHKT>;
/** A database or a transaction: repositories accept either, so callers can compose them. */
export type Executor = Database | Transaction;

/** Where the data lives. `url` wins over `dataDir`. */
export interface DatabaseConfig {
  /** postgres://… (node-postgres). */
  url?: string;
  /** PGlite folder, or 'memory://'. Default DEFAULT_DATA_DIR. */
  dataDir?: string;
  /** Pool size for `url` (default 10; keep it small on serverless functions). */
  maxConnections?: number;
}

/** An open database. */
export interface OpenDatabase {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Where it is, without credentials (for logs). */
  location: string;
  /** Applies the committed migrations (see migrate.ts). */
  migrate(folder?: string): Promise<MigrationResult>;
  /** Ends the pool or closes PGlite (and releases its folder). Idempotent. */
  close(): Promise<void>;
}

/** The embedded database's default folder (gitignored with the rest of .terrace/). */
export const DEFAULT_DATA_DIR = '.terrace/data';

/** The storage part of the environment, parsed once; unset or empty means the default. */
export const storageEnvSchema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
  TERRACE_DATA_DIR: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
});

/**
 * DatabaseConfig from an environment (process.env or a test's object).
 * @throws ZodError naming DATABASE_URL when it is not a postgres:// URL.
 */
export function storageConfigFromEnv(env: Record<string, string | undefined>): DatabaseConfig {
  const parsed = storageEnvSchema.parse({ DATABASE_URL: env.DATABASE_URL, TERRACE_DATA_DIR: env.TERRACE_DATA_DIR });
  return parsed.DATABASE_URL ? { url: parsed.DATABASE_URL } : { dataDir: parsed.TERRACE_DATA_DIR ?? DEFAULT_DATA_DIR };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable)';
  }
}

/** Opens the database described by `config` (see the file header). */
export async function openDatabase(config: DatabaseConfig = {}): Promise<OpenDatabase> {
  if (config.url) {
    const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = new pg.Pool({ connectionString: config.url, max: config.maxConnections ?? 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db: Database = drizzle({ client: pool });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      location: redact(config.url),
      migrate: (folder = MIGRATIONS_FOLDER) => applyMigrations(db, folder),
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }

  const dataDir = config.dataDir ?? DEFAULT_DATA_DIR;
  const inMemory = dataDir.startsWith('memory://');
  const folder = inMemory ? dataDir : resolve(dataDir);
  const lock = inMemory ? null : lockDataDir(folder);
  try {
    const [{ PGlite }, { drizzle }] = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite')]);
    const client = await PGlite.create(folder);
    const db: Database = drizzle({ client });
    let closed = false;
    return {
      db,
      kind: 'pglite',
      location: folder,
      migrate: (migrations = MIGRATIONS_FOLDER) => applyMigrations(db, migrations),
      close: async () => {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
