import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app';
import { migrate, openDatabase } from '../../server/core/db';

/**
 * One server of the throughput benchmark, in a process of its own so that the load generator does not share
 * its core: `bare` is Fastify answering a constant JSON; `ours` is an authenticated route that touches no
 * database, behind every plugin of the real app (security headers, access-token check, permission check,
 * validation, envelope). Tells its parent the address and a token, then serves until killed.
 */
async function start(kind: string): Promise<{ app: FastifyInstance; token: string }> {
  if (kind === 'bare') {
    const app = Fastify();
    app.get('/api/Bench/Ping', async () => ({ hello: 'world' }));
    return { app, token: '' };
  }
  const database = await openDatabase({ inMemory: true });
  await migrate(database.db);
  const app = await buildApp({
    db: database.db,
    clock: () => new Date(),
    config: { jwtSecret: randomBytes(32).toString('hex'), demoPassword: 'bench-password', logLevel: false },
  });
  app.get('/api/Bench/Ping', { config: { permission: { subject: 'account', action: 'read' } } }, async () => ({
    code: 200,
    data: { pong: true },
    info: 'Success',
  }));
  await app.ready();
  // The access token is verified without the database, so a signed one is all the route needs.
  const token = app.jwt.sign({ sub: '1', username: 'admin', roles: ['admin'], menuDenied: [], sid: 'bench' }, { expiresIn: '1h' });
  return { app, token };
}

const { app, token } = await start(process.argv[2] ?? 'bare');
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/Bench/Ping`, token });
