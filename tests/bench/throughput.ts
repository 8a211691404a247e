import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import { migrate, openDatabase } from '../../server/db';

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 3;
const CONNECTIONS = 20;

interface Target {
  url: string;
  headers: Record<string, string>;
}

async function listen(app: FastifyInstance, path: string, headers: Record<string, string> = {}): Promise<Target> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}${path}`, headers };
}

async function requestsPerSecond(target: Target, seconds: number): Promise<number> {
  const result = await autocannon({ ...target, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/** The reference: Fastify answering a constant JSON with nothing else. */
async function bareHelloWorld(): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  return app;
}

/**
 * Ours: an authenticated route that touches no database, behind every plugin of the real app (security
 * headers, access-token check, permission check, validation, envelope).
 */
async function appWithPing() {
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
  return { app, database, token };
}

/**
 * Both servers in this process, measured in alternating rounds after a warm-up; the best round of each
 * counts, so that a burst of other work on the machine does not decide the ratio.
 */
export async function authenticatedThroughput(): Promise<{ ours: number; reference: number }> {
  const bare = await bareHelloWorld();
  const ours = await appWithPing();
  try {
    const reference = await listen(bare, '/hello');
    const target = await listen(ours.app, '/api/Bench/Ping', { authorization: `Bearer ${ours.token}` });
    await requestsPerSecond(reference, 1);
    await requestsPerSecond(target, 1);
    const best = { ours: 0, reference: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      best.reference = Math.max(best.reference, await requestsPerSecond(reference, ROUND_SECONDS));
      best.ours = Math.max(best.ours, await requestsPerSecond(target, ROUND_SECONDS));
    }
    return best;
  } finally {
    await bare.close();
    await ours.app.close();
    await ours.database.close();
  }
}
