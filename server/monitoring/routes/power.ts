import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../config';
import { ok } from '../../core/http/envelope';
import { utcOffsetMinutes } from '../../core/time/local-clock';
import { exportTexts } from '../exports/texts';
import { sendXlsx } from '../exports/xlsx';
import { systemInScope } from '../scope';
import { dayCurve, periodBars } from '../stats/service';
import { localDate, resolveTarget } from '../target';
import { pvForecast } from '../weather/forecast';
import { contextOf } from './context';
import * as s from './schemas';

const tags = ['Power'];

/** UTC instant of local midnight of a day in a zone. */
function localMidnight(day: string, timeZone: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  return new Date(Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes(timeZone, noonUtc) * 60_000);
}

/** /api/Power/*: the day curve, period bars, the PV forecast, and the day-curve export. */
export const powerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now } = contextOf(deps);

  app.post('/SticsByDay', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: "5-minute power curve of a local day (default today) of a system or 'All'", body: s.dayBody },
    handler: async (request) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), target.timeZone);
      return ok({ date, time_zone: target.timeZone, ...(await dayCurve(db, target, date)) });
    },
  });

  app.post('/SticsByPeriod', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'Energy bars from the daily rollups: days of a month, months of a year, or years', body: s.periodBody },
    handler: async (request) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), target.timeZone);
      return ok({ period: request.body.period, date, ...(await periodBars(db, target, request.body.period, date)) });
    },
  });

  app.post('/PredictivePower', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'Expected PV per hour of a local day (default today) from the weather forecast', body: s.dayBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), system.timeZone);
      return ok({ date, time_zone: system.timeZone, ...(await pvForecast(db, system, localMidnight(date, system.timeZone))) });
    },
  });

  app.post('/ExportSticsByDay', {
    config: { permission: { subject: 'system', action: 'export' } },
    schema: { tags, summary: "The day curve as xlsx, headers in the caller's language (code 8 when the day has no data)", body: s.dayBody },
    handler: async (request, reply) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), target.timeZone);
      const { points } = await dayCurve(db, target, date);
      const t = await exportTexts(db, request);
      return sendXlsx(reply, `power-${request.body.sn}-${date}.xlsx`, date, [
        { header: t('monitoring:xlsx.time', { zone: target.timeZone }), value: (p) => p.time },
        { header: `${t('monitoring:series.pv')} (W)`, value: (p) => p.pv_w },
        { header: `${t('monitoring:series.load')} (W)`, value: (p) => p.load_w },
        { header: t('monitoring:xlsx.batteryW'), value: (p) => p.battery_w, width: 22 },
        { header: t('monitoring:xlsx.gridW'), value: (p) => p.grid_w, width: 20 },
        { header: 'SoC (%)', value: (p) => p.soc },
      ], points);
    },
  });
};
