/**
 * drizzle-kit's configuration: `npm run db:generate` compares src/platform/storage/schema.ts with
 * the last snapshot in src/platform/storage/migrations/meta and writes the next versioned SQL
 * migration there (committed). Migrations are applied by openDatabase(...).migrate() at start
 * and by `npm run db:migrate`, never by drizzle-kit.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/storage/schema.ts',
  out: './src/platform/storage/migrations',
});
