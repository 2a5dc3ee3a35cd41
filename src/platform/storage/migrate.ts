/**
 * Applies the committed migrations (./migrations, from `npm run db:generate`) in one transaction
 * behind a transaction-scoped advisory lock, so instances starting at once apply each exactly once
 * (and it works behind a transaction-mode pooler). Bookkeeping is Drizzle's own table, so
 * drizzle-kit sees the same history; a migration runs when its `when` is newer than the newest
 * applied. Errors: a failing statement rolls the whole run back and rethrows.
 */
import { fileURLToPath } from 'node:url';
import { max, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

/** The committed migrations beside this file. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

const drizzleSchema = pgSchema('drizzle');
const migrationsTable = drizzleSchema.table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** What a run did: how many migrations it applied, of how many committed. */
export interface MigrationResult {
  applied: number;
  total: number;
}

/**
 * Brings the database up to the committed schema.
 * @param folder a drizzle-kit output folder (default: MIGRATIONS_FOLDER)
 */
export async function applyMigrations(db: Executor, folder: string = MIGRATIONS_FOLDER): Promise<MigrationResult> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('terrace.migrations', 0))`);
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    const [row] = await tx.select({ last: max(migrationsTable.createdAt) }).from(migrationsTable);
    const last = row?.last == null ? null : Number(row.last);
    let applied = 0;
    for (const migration of migrations) {
      if (last !== null && migration.folderMillis <= last) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.insert(migrationsTable).values({ hash: migration.hash, createdAt: migration.folderMillis });
      applied += 1;
    }
    return { applied, total: migrations.length };
  });
}
