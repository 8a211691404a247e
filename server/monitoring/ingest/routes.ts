import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../config';
import { ingestAnswer } from '../../../contract/monitoring';
import { envelopeOf, ok } from '../../core/http/envelope';
import { DeviceIdentities } from './device-identities';
import { ingestBatchSchema } from './schema';
import { ingestWithDeviceKey } from './service';

export const DEVICE_KEY_HEADER = 'x-device-key';

/**
 * /api/Device/Ingest: where systems post their samples, status and faults. No user token: the per-system
 * device key in X-Device-Key identifies the system (HTTP 401 when missing or unknown).
 */
export const deviceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const identities = new DeviceIdentities(deps.db);
  app.post('/Device/Ingest', {
    config: { public: true },
    // A full batch of 2,000 samples is ~250 kB of JSON.
    bodyLimit: 2 * 1024 * 1024,
    schema: {
      tags: ['Device'],
      summary: 'A batch of samples, the status and faults of one system (idempotent)',
      security: [],
      body: ingestBatchSchema,
      response: { 200: envelopeOf(ingestAnswer) },
    },
    handler: async (request) => {
      const key = request.headers[DEVICE_KEY_HEADER];
      const mailer = fastify.mailer;
      return ok(
        await ingestWithDeviceKey(
          deps.db,
          identities,
          typeof key === 'string' ? key : undefined,
          request.body,
          deps.clock(),
          (system, faults) => mailer.faultsRaised(system, faults),
          deps.config.rawRetentionDays,
        ),
      );
    },
  });
};
