import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { STAFF_ROLES, type Role } from '../../../permissions/roles';
import { ApiError } from './envelope';
import { Code } from '../../../contract/codes';

/** The routes of the OpenAPI document itself (the UI's page and assets around them hold nothing of the API). */
export const API_DOCUMENT_ROUTES = ['/api/docs/json', '/api/docs/yaml'];

/**
 * The OpenAPI document generated from the zod route schemas: JSON at /api/docs/json, the UI at /api/docs.
 * The document maps every call and field an attacker would probe, so it is for logged-in staff only: the auth
 * plugin requires an access token on it (HTTP 401 without), and customers and sharers get code 45. The UI's
 * page is public and sends the portal's access token (the web app keeps it in localStorage under `token`,
 * src/api/session.ts) with its requests, so staff logged in to the portal in the same browser read the docs
 * there and can try calls out.
 *
 * Registered after the auth plugin, whose token check then covers these routes as any other /api route.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ESS Portal API',
        description:
          'Every answer is `{ code, data, info }` with HTTP 200 (code 200 = success); HTTP 401 only for a missing, ' +
          'invalid or expired access token, HTTP 404 (code 101) for an unknown path.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiHooks: { preHandler: staffOnlyForTheDocument },
    uiConfig: { requestInterceptor: withPortalToken },
  });
}

async function staffOnlyForTheDocument(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!API_DOCUMENT_ROUTES.includes(request.routeOptions.url ?? '')) return;
  const roles = (request.user?.roles ?? []) as Role[];
  if (!roles.some((role) => STAFF_ROLES.includes(role))) throw new ApiError(Code.NO_PERMISSION);
}

/**
 * Runs in the browser, inside Swagger UI (@fastify/swagger-ui writes its source into the page's script), so it
 * may use nothing from this module: 'token' is STORAGE_KEYS.token of src/api/session.ts (a test checks it).
 */
function withPortalToken(request: { headers?: Record<string, string> }) {
  const token = window.localStorage.getItem('token');
  if (token && request.headers && !request.headers.Authorization) request.headers.Authorization = `Bearer ${token}`;
  return request;
}
