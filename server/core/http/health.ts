import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CODE_MESSAGES, Code } from '../../../contract/codes';
import type { DatabaseLiveness } from '../db/liveness';
import { envelopeOf, ok } from './envelope';

const healthData = z.object({ database: z.enum(['up', 'down']) });

/**
 * GET /api/health, for load balancers and supervisors (no token): HTTP 200 with code 200 when the database
 * answers a `SELECT 1` now, else HTTP 503 with code 500, so a probe that reads only the status works too.
 */
/** The probe's path: no call of the portal's contract (its answer is for machines, with HTTP 503 when down). */
export const HEALTH_PATH = '/api/health';

export function registerHealth(app: FastifyInstance, liveness: DatabaseLiveness): void {
  app.get(HEALTH_PATH, {
    config: { public: true },
    schema: {
      tags: ['platform'],
      summary: 'Whether the server and its database answer (HTTP 503 when the database does not)',
      response: { 200: envelopeOf(healthData), 503: envelopeOf(healthData) },
    },
    handler: async (_request, reply) => {
      if (await liveness.check()) return ok({ database: 'up' as const });
      return reply.status(503).send({
        code: Code.SERVER_ERROR,
        data: { database: 'down' as const },
        info: `${CODE_MESSAGES[Code.SERVER_ERROR]}: the database does not answer`,
      });
    },
  });
}
