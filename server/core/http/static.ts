import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTE_PAGES_INDEX } from '../../../contract/route-pages';
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
 * each file (build/precompress.ts); `preCompressed` sends the one the browser accepts (Vary: Accept-Encoding).
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
  // A page behind the login gets the copy of index.html that fetches its chunks at once (build/route-preloads.ts).
  const routePages = readRoutePages(staticDir);
  const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html').sendFile(routePages.get(pagePath(request.url)) ?? 'index.html');
  // The root goes on to the dashboard: its copy, when the build made one (the static route would send index.html).
  if (routePages.has('/')) app.get('/', sendPage);
  // A file that is not there falls through to here (the static route calls the not-found handler).
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A script or style of an older build is gone: a 404, not index.html, which the browser would refuse as a script.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD') && existsSync(join(staticDir, 'index.html'))) {
      return sendPage(request, reply);
    }
    return apiNotFound(request, reply);
  });
}

/** A request's path as the route pages name it: without query, in lower case (routes match without regard to case), no trailing slash. */
export function pagePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!.toLowerCase().replace(/\/+$/, '');
  return path || '/';
}

/** The build's copies of index.html by page path (route-pages/index.json); none for a build without them. */
function readRoutePages(staticDir: string): Map<string, string> {
  const index = join(staticDir, ROUTE_PAGES_INDEX);
  if (!existsSync(index)) return new Map();
  return new Map(Object.entries(JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>));
}
