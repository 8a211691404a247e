import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import { migrate, openDatabase } from '../../server/db';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;

async function requestsPerSecond(app: FastifyInstance, path: string, headers: Record<string, string> = {}): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    // A short warm-up so both servers are measured with their code compiled.
    await autocannon({ url: `http://127.0.0.1:${port}${path}`, headers, connections: CONNECTIONS, duration: 1 });
    const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, headers, connections: CONNECTIONS, duration: DURATION_S });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return result.requests.average;
  } finally {
    await app.close();
  }
}

/** The reference: Fastify answering a constant JSON with nothing else. */
export async function bareHelloWorld(): Promise<number> {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  return requestsPerSecond(app, '/hello');
}

/**
 * Ours: an authenticated route that touches no database, behind every plugin of the real app (security
 * headers, access-token check, permission check, validation, envelope).
 */
export async function authenticatedRoute(): Promise<number> {
  const database = await openDatabase({ inMemory: true });
  await migrate(database.db);
  const app = await buildApp({
    db: database.db,
    clock: () => new Date(),
    config: { jwtSecret: randomBytes(32).toString('hex'), demoPassword: 'bench-password', logLevel: false },
  });
  app.get('/api/Bench/Ping', { config: { permission: 'dashboard' } }, async () => ({ code: 200, data: { pong: true }, info: 'Success' }));
  await app.ready();
  // The access token is verified without the database, so a signed one is all the route needs.
  const token = app.jwt.sign({ sub: '1', username: 'admin', roles: ['admin'], menuDenied: [], sid: 'bench' }, { expiresIn: '1h' });
  try {
    return await requestsPerSecond(app, '/api/Bench/Ping', { authorization: `Bearer ${token}` });
  } finally {
    await database.close();
  }
}
