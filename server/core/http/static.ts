import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from './errors';

/** Vite names every built script and style `assets/<name>-<content hash>.<ext>`: a new build gets a new name. */
const HASHED_ASSET = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css)(\.br|\.gz)?$/;

/**
 * Hashed assets never change under their name, so browsers keep them a year without asking again; every
 * other file (index.html above all, which names the current assets) is revalidated on each load (ETag), so a
 * new build is seen at the next page load.
 */
export function cacheControlFor(relativePath: string): string {
  return HASHED_ASSET.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Serves the built web app. Any other GET outside /api is a client-side route of the single-page app and
 * gets index.html; unknown /api paths keep their 404 envelope. The build writes brotli and gzip copies of
 * each file (server/precompress.ts); `preCompressed` sends the one the browser accepts (Vary: Accept-Encoding).
 */
export async function registerWebApp(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: staticDir,
    index: 'index.html',
    preCompressed: true,
    // Our own Cache-Control below instead of send's `max-age=0` for everything.
    cacheControl: false,
    setHeaders: (response, path) => {
      response.setHeader('cache-control', cacheControlFor(relative(staticDir, path).split(sep).join('/')));
      // The same URL answers brotli, gzip or plain by Accept-Encoding: a shared cache must keep them apart.
      response.setHeader('vary', 'accept-encoding');
    },
  });
  // A file that is not there falls through to here (the static route calls the not-found handler).
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A script or style of an older build is gone: a 404, not index.html, which the browser would refuse as a script.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD') && existsSync(join(staticDir, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
}
