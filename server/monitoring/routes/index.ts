import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../config';
import { provideSystemScope } from '../../core/scope';
import { systemScopeOfUser } from '../scope';
import { monitoringAccountRoutes } from './account';
import { deviceRoutes } from './device';
import { fleetHomeRoutes } from '../fleet-home/routes';
import { essRoutes } from './ess';
import { incomeRoutes } from './income';
import { positionRoutes } from './position';
import { powerRoutes } from './power';
import { statisticRoutes } from './statistic';
import { storageListRoutes } from './storage-list';

/** Every monitoring call under /api, registered by server/api.ts. */
export const monitoringRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // Core's row scopes (the CRUD engine, fault mails) scope systems by this area's rule.
  provideSystemScope(systemScopeOfUser);
  await app.register(essRoutes, { prefix: '/ESS', deps });
  await app.register(fleetHomeRoutes, { prefix: '/ESS', deps });
  await app.register(powerRoutes, { prefix: '/Power', deps });
  await app.register(statisticRoutes, { prefix: '/Statistic', deps });
  await app.register(incomeRoutes, { prefix: '/Income', deps });
  await app.register(positionRoutes, { prefix: '/Position', deps });
  await app.register(storageListRoutes, { prefix: '/EnergyStorageList', deps });
  await app.register(deviceRoutes, { prefix: '/Device', deps });
  await app.register(monitoringAccountRoutes, { prefix: '/Account', deps });
};
