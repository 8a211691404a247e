import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../config';
import { fleetHomeRoutes } from './fleet-home/routes';
import { incomeRoutes } from './income/routes';
import { deviceRoutes } from './ingest/routes';
import { settingsRoutes } from './settings/routes';
import { shareRoutes } from './shares/routes';
import { statsRoutes } from './stats/routes';
import { summaryRoutes } from './summary/routes';
import { systemRoutes } from './systems/routes';
import { weatherRoutes } from './weather/routes';

/**
 * Every monitoring call under /api, registered by server/api.ts. Each sub-area registers its calls in its routes.ts
 * from their endpoint objects (contract/monitoring-calls.ts: full paths /ESS/…, /Power/…, the spec's names), keeps
 * its SQL in its service, and its request shapes in contract/monitoring-requests.ts. The device ingest alone is
 * registered by hand (ingest/routes.ts: a device key header, not a user's token, and a larger body limit).
 */
export const monitoringRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const routes of [
    systemRoutes,
    fleetHomeRoutes,
    statsRoutes,
    weatherRoutes,
    incomeRoutes,
    shareRoutes,
    settingsRoutes,
    summaryRoutes,
    deviceRoutes,
  ]) {
    await app.register(routes, { deps });
  }
};
