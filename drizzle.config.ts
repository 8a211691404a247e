import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the SQL migrations that server/core/db/migrate.ts applies to PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/core/db/schema/index.ts',
  out: './server/core/db/migrations',
});
