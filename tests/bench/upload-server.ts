import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from '../../resources/attachments';
import { rules } from '../../resources/rules';
import { defineResource } from '../../resources/types';
import { buildApp } from '../../server/app';
import { LocalFolderStorage } from '../../server/core/storage';
import { registerCrud } from '../../server/core/crud/factory';
import { migrate, openDatabase } from '../../server/core/db';
import { seedDemo } from '../../server/demo/users';

/**
 * The server of the upload benchmark, in a process of its own: the real app (every plugin, an in-memory database,
 * the demo users) plus one declared resource with an attachments field of spec §5's size, its files stored in the
 * folder given as argument. Tells its parent the upload URL and a token; on 'watch' it starts sampling its own RSS,
 * on 'peak' it answers the highest seen since (and its idle RSS on 'idle').
 */
const documents = pgTable('bench_documents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
});
const declaration = defineResource({
  name: 'benchDocuments',
  route: '/BasicSettings/benchDocuments',
  namespace: 'admin',
  entity: 'complaint',
  endpoints: {
    save: '/BenchDocument/SaveBenchDocument',
    upload: '/BenchDocument/UploadBenchDocumentFile',
    download: '/BenchDocument/DownloadBenchDocumentFile',
  },
  fields: () => ({
    title: { schema: rules.requiredText(40), form: true },
    files: attachmentsField({ max: 3, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'documents' }),
  }),
});

const database = await openDatabase({ inMemory: true });
await migrate(database.db);
await database.db.execute(sql`CREATE TABLE bench_documents (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, title text NOT NULL)`);
await seedDemo(database.db, { password: randomBytes(12).toString('hex'), now: new Date() });
const storage = new LocalFolderStorage(process.argv[2]!);
const deps = {
  db: database.db,
  clock: () => new Date(),
  config: { jwtSecret: randomBytes(32).toString('hex'), demoPassword: 'bench', logLevel: false as const },
  storage,
};
const app = await buildApp(deps);
await app.register(async (scope) => void registerCrud(scope, deps, { declaration, table: documents }), { prefix: '/api' });
// The measured uploads are never attached: let each go once it is answered, so that the per-user cap on unattached
// bytes (server/core/uploads/quota.ts) never refuses a later round, however many rounds are asked for.
app.addHook('onResponse', async () => {
  await database.db.execute(sql`DELETE FROM uploads`);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const [admin] = await database.db
  .execute<{ id: number }>(sql`SELECT id FROM users WHERE username = 'admin'`)
  .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
const token = app.jwt.sign(
  { sub: String(admin!.id), username: 'admin', roles: ['admin'], menuDenied: [], sid: 'bench' },
  { expiresIn: '1h' },
);

let peak = 0;
let sampler: NodeJS.Timeout | undefined;
process.on('message', (message) => {
  if (message === 'idle') {
    global.gc?.();
    process.send?.({ rss: process.memoryUsage.rss() });
  } else if (message === 'watch') {
    // memoryUsage.rss() reads the RSS alone; memoryUsage() would also walk the heap's spaces every 5 ms, on the thread
    // that serves the uploads being measured.
    peak = process.memoryUsage.rss();
    sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    process.send?.({ watching: true });
  } else if (message === 'peak') {
    clearInterval(sampler);
    process.send?.({ rss: Math.max(peak, process.memoryUsage.rss()) });
  }
});
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.send?.({ url: `http://127.0.0.1:${port}/api/BenchDocument/UploadBenchDocumentFile`, token });
