import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes the SQL migrations that server/db/migrate.ts applies to PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
