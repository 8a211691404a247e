import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { resolve } from 'node:path';

/** Serves a built single-page app (index.html for every unknown path), for size measurements. */
export async function serveStatic(root: string) {
  const app = Fastify();
  await app.register(fastifyStatic, { root: resolve(root) });
  app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
