import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../config';
import { fleetHomeRoutes } from './fleet-home/routes';
import { incomeRoutes } from './income/routes';
import { deviceRoutes } from './ingest/routes';
import { settingsRoutes } from './settings/routes';
import { shareRoutes } from './shares/routes';
import { statsRoutes } from './stats/routes';
import { systemRoutes } from './systems/routes';
import { weatherRoutes } from './weather/routes';

/**
 * Every monitoring call under /api, registered by server/api.ts. Each sub-area keeps its calls in its routes.ts
 * (full paths: /ESS/…, /Power/…, the spec's names), its SQL in its service, its request shapes in
 * contract/monitoring-requests.ts.
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
    deviceRoutes,
  ]) {
    await app.register(routes, { deps });
  }
};
