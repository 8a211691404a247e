import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { buildApp } from '../../server/app';
import { migrate, openDatabase } from '../../server/core/db';
import { registerEndpoint } from '../../server/core/http/endpoint';

/** The call the benchmark asks: nothing in, a constant out, behind the access token and a permission. */
const ping = defineEndpoint({
  path: '/Bench/Ping',
  method: 'GET',
  permission: { subject: 'account', action: 'read' },
  summary: 'A constant answer',
  schemas: async () => ({ body: z.object({}), answer: z.object({ pong: z.boolean() }) }),
});

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
  // A call as the portal registers every call: from its endpoint object, the handler given the caller and the body.
  await app.register(async (api) => registerEndpoint(api, ping, async () => ({ pong: true })), { prefix: '/api' });
  await app.ready();
  // The access token is verified without the database, so a signed one is all the route needs.
  const token = app.jwt.sign({ sub: '1', username: 'admin', roles: ['admin'], menuDenied: [], sid: 'bench' }, { expiresIn: '1h' });
  return { app, token };
}

const { app, token } = await start(process.argv[2] ?? 'bare');
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/Bench/Ping`, token });
