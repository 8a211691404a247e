import type { FastifyPluginAsync } from 'fastify';
import { deviceCalls as calls } from '../../../contract/monitoring-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { DeviceIdentities } from './device-identities';
import { ingestWithDeviceKey } from './service';

/**
 * /api/Device/Ingest: where systems post their samples, status and faults. No user token: the per-system device key
 * in X-Device-Key identifies the system (HTTP 401 when missing or unknown).
 */
export const deviceRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const identities = new DeviceIdentities(deps.db);
  await registerEndpoint(app, calls.ingest, (device, batch) =>
    ingestWithDeviceKey(
      deps.db,
      identities,
      device.deviceKey,
      batch,
      deps.clock(),
      (system, faults) => app.mailer.faultsRaised(system, faults),
      deps.config.rawRetentionDays,
    ),
  );
};
