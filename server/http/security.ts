import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer. The CSP admits the built Vite app (own scripts and styles) and antd,
 * which writes inline styles; images may be data: or blob: URLs (charts, previews). Swagger UI sets its own
 * stricter CSP on /api/docs.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
}
