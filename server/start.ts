import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { boot, closeOnSignals } from './boot';
import { DEMO_USERS } from './demo/users';
import { ensureWebBuild } from './web-build';

/** `npm start`: build the web app when needed, open/migrate/seed the database, serve app and /api on PORT. */
const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const distDir = join(root, 'dist');

try {
  await ensureWebBuild(root, distDir, (message) => console.log(message));
} catch (error) {
  // The API is useful without the web app (and the web app may be mid-change): say so and carry on.
  console.error(`the web app could not be built; serving /api only: ${error instanceof Error ? error.message : String(error)}`);
}

const booted = await boot({ staticDir: existsSync(join(distDir, 'index.html')) ? distDir : undefined }).catch((error: unknown) => {
  // The embedded MQTT broker's port taken (a Mosquitto already running here is common on a developer's machine).
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  if (code !== 'EADDRINUSE') throw error;
  console.error(`port ${port} is taken (another MQTT broker?): set MQTT_PORT to a free port, or MQTT_URL to use that broker`);
  process.exit(1);
});
closeOnSignals(booted);
const { app, env } = booted;
await app.listen({ port: env.port, host: '0.0.0.0' });
await booted.startBackground();

const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}/pglite`;
console.log(`\nESS Portal: http://localhost:${env.port}  (API docs: http://localhost:${env.port}/api/docs)`);
console.log(`database: ${where}${booted.seeded ? ', demo data created' : ''}`);
console.log(`demo users (password '${env.demoPassword}' unless it was changed): ${DEMO_USERS.map((u) => u.username).join(', ')}\n`);
