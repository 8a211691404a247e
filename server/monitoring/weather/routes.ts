import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forecastAnswer, weatherAnswer } from '../../../contract/monitoring';
import * as s from '../../../contract/monitoring-requests';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { utcOffsetMinutes } from '../../core/time/local-clock';
import { contextOf } from '../context';
import { systemInScope } from '../scope';
import { localDate } from '../target';
import { pvForecast } from './forecast';
import { sunUp, weatherHours } from './service';

const HOUR_MS = 3_600_000;

/** UTC instant of local midnight of a day in a zone. */
function localMidnight(day: string, timeZone: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  return new Date(Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes(timeZone, noonUtc) * 60_000);
}

/** The weather at a system now and for the next day (/api/ESS), and the PV forecast it gives (/api/Power). */
export const weatherRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now } = contextOf(deps);

  app.post('/ESS/GetWeatherData', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags: ['ESS'],
      summary: 'Weather at the system now (or at nowTime) and for the next 24 hours',
      body: s.weatherBody,
      response: { 200: envelopeOf(weatherAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      const at = request.body.nowTime ? new Date(request.body.nowTime) : now();
      const hours = await weatherHours(db, system, at, new Date(at.getTime() + 24 * HOUR_MS));
      // An hour is shown by its start; the current weather is the time asked for.
      const toJson = (w: (typeof hours)[number], shownAt = w.hour) => ({
        hour: w.hour.toISOString(),
        temperature_c: w.temperatureC,
        cloud_cover: w.cloudCover,
        condition: w.condition,
        sun_up: sunUp(system, shownAt),
      });
      return ok({
        sn: system.sysSn,
        time_zone: system.timeZone,
        current: hours[0] ? toJson(hours[0], at) : null,
        hours: hours.map((w) => toJson(w)),
      });
    },
  });

  app.post('/Power/PredictivePower', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags: ['Power'],
      summary: 'Expected PV per hour of a local day (default today) from the weather forecast',
      body: s.dayBody,
      response: { 200: envelopeOf(forecastAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), system.timeZone);
      return ok({ date, time_zone: system.timeZone, ...(await pvForecast(db, system, localMidnight(date, system.timeZone))) });
    },
  });
};
