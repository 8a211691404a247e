import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/**
 * Serves the built web app. Any other GET outside /api is a client-side route of the single-page app and
 * gets index.html; unknown /api paths keep their 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: staticDir, index: 'index.html' });
  // A file that is not there falls through to here (the static route calls the not-found handler).
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && existsSync(join(staticDir, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
}
