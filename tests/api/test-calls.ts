import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEndpoint } from '../../contract/endpoint';
import { registerEndpoint, registerUpload } from '../../server/core/http/endpoint';

type Permission = { subject: string; action: string } | 'public';

/** A call only a test adds, with any body and any answer: an object as every call of the app is. */
export const testCall = (path: `/${string}`, permission: Permission) =>
  defineEndpoint({ path, permission, summary: 'A call of a test', schemas: async () => ({ body: z.unknown(), answer: z.unknown() }) });

/** Registers a test's calls as the app registers its own: on the /api instance, from their objects. */
export function withTestCalls(app: FastifyInstance, calls: Array<[ReturnType<typeof testCall>, () => Promise<unknown>]>): void {
  void app.register(
    async (api) => {
      for (const [call, handler] of calls) await registerEndpoint(api, call, handler);
    },
    { prefix: '/api' },
  );
}

/** A test's upload (a multipart form read as it streams in), registered from its object in a scope that parses forms. */
export const testUpload = (path: `/${string}`, permission: { subject: string; action: string }) =>
  defineEndpoint({
    path,
    kind: 'upload',
    permission,
    summary: 'An upload of a test',
    schemas: async () => ({ body: z.object({}), answer: z.unknown() }),
  });

export { registerUpload };
