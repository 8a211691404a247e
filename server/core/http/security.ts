import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Security headers on every answer, as helmet computes them. Helmet's headers depend on its options only,
 * so they are computed once at start and set with one `reply.headers()` per request: @fastify/helmet rebuilds
 * the middleware from its options on every request, which halved the throughput of every /api call, and even
 * a middleware built once costs a third of a bare request in `res.setHeader` calls (`npm run bench`).
 *
 * Pages get the full set; the CSP admits the built Vite app (own scripts and styles) and antd, which writes
 * inline styles; images may be data: or blob: URLs (charts, previews). Swagger UI sets its own stricter CSP
 * on /api/docs.
 */
const forPages = headersOf({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Helmet's default would break the portal served over plain http on a LAN address.
      upgradeInsecureRequests: null,
    },
  },
  // The portal serves no cross-origin embeds that would need these relaxed; keep helmet's defaults otherwise.
  crossOriginEmbedderPolicy: false,
});

/**
 * JSON answers are never rendered as documents: the headers that protect documents (script policy, DNS
 * prefetch, download options…) only add bytes to every call. What an API answer needs (OWASP REST Security
 * Cheat Sheet): nothing may load or frame it, no MIME sniffing, HSTS, no referrer, same-origin reads only.
 */
const forApi = headersOf({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  referrerPolicy: { policy: 'no-referrer' },
});
// Answers carry tokens, temporary passwords and personal data: no browser or proxy may keep a copy.
forApi['cache-control'] = 'no-store';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isApi ? forApi : forPages);
    done();
  });
}

/** Runs helmet once against a recording response and keeps the headers it sets. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
