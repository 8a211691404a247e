import type { FastifyPluginAsync } from 'fastify';
import { weatherCalls as calls } from '../../../contract/monitoring-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { contextOf } from '../context';
import { forecastOf } from './forecast';
import { weatherOf } from './service';

/**
 * The weather at a system now and for the next day (/api/ESS), and the PV forecast it gives (/api/Power). Each call
 * is an object of contract/monitoring-calls.ts (weatherCalls).
 */
export const weatherRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const { now, inScope } = contextOf(deps);
  await registerEndpoint(app, calls.weather, async (actor, { sn, nowTime }) =>
    weatherOf(db, await inScope(actor, sn), nowTime ? new Date(nowTime) : now()),
  );
  await registerEndpoint(app, calls.forecast, async (actor, { sn, date }) => forecastOf(db, await inScope(actor, sn), date, now()));
};
