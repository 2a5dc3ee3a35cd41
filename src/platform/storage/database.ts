/**
 * Opens the platform's database (ARCHITECTURE §3): any PostgreSQL through `DATABASE_URL`
 * (node-postgres pool), else the embedded PGlite in `TERRACE_DATA_DIR` (`memory://` for tests);
 * both give the same Drizzle `Database`. `openDatabase(config)` → { db, migrate(), close() }; drivers
 * load on first use. PostgreSQL waits are bounded (POSTGRES_TIMEOUTS) and a lost server is
 * reconnected by the next query.
 * Errors: a zod error naming a bad variable; DataDirInUseError when another process holds the
 * folder (dataDirLock.ts); connection errors on the first query.
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

/**
 * Bounds on every wait for PostgreSQL (a database that is down or unresponsive
 * answers a coded 503 within seconds, never a hang). node-postgres settings of the pool:
 * - connectionTimeoutMillis: a new connection, or a free one from a full pool, within this (ms);
 * - query_timeout: the client gives up on an answer after this (ms), even from a server that
 *   stopped answering (a frozen host keeps its sockets open);
 * - statement_timeout / lock_timeout: the server cancels a statement running, or waiting for a
 *   row lock, longer than this (ms; SQLSTATE 57014 / 55P03) — kept under query_timeout so the
 *   server's clean cancel comes first;
 * - idle_in_transaction_session_timeout: a transaction left open is ended by the server (ms).
 * The hot paths are one short transaction each (ARCHITECTURE), milliseconds long; migrations are
 * small DDL, on a connection of their own without the statement and read timeouts. The errors
 * these produce are classified by ./unavailable.ts.
 */
export const POSTGRES_TIMEOUTS = Object.freeze({
  connectionTimeoutMillis: 3_000,
  query_timeout: 6_000,
  statement_timeout: 5_000,
  lock_timeout: 4_000,
  idle_in_transaction_session_timeout: 10_000,
});

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
    const url = config.url;
    const pool = new pg.Pool({ connectionString: url, max: config.maxConnections ?? 10, ...POSTGRES_TIMEOUTS });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db: Database = drizzle({ client: pool });
    let closed = false;
    return {
      db,
      kind: 'postgres',
      location: redact(config.url),
      // Migrations get a connection of their own, without the hot paths' statement and read
      // timeouts (DDL on a large table may take longer); connecting is still bounded.
      migrate: async (folder = MIGRATIONS_FOLDER) => {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectionTimeoutMillis });
        client.on('error', () => {});
        await client.connect();
        try {
          return await applyMigrations(drizzle({ client }), folder);
        } finally {
          await client.end();
        }
      },
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
