import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Code } from '../../../src/shared/codes';
import type { AppDeps } from '../../config';
import { ApiError, ok } from '../../http/envelope';
import { sendXlsx } from '../exports/xlsx';
import { dailyStatistics } from '../stats/service';
import { resolveTarget } from '../target';
import { contextOf } from './context';
import * as s from './schemas';

const tags = ['Statistic'];
const MAX_RANGE_DAYS = 366;

/** /api/Statistic/*: a table of daily figures over a date range, and its export. */
export const statisticRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now } = contextOf(deps);

  const rows = async (request: FastifyRequest, body: z.infer<typeof s.rangeBody>) => {
    const days = (Date.parse(body.endDate) - Date.parse(body.beginDate)) / 86_400_000;
    if (days < 0) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: endDate (before beginDate)');
    if (days >= MAX_RANGE_DAYS) throw new ApiError(Code.PARAM_ERROR, `Parameter error: endDate (at most ${MAX_RANGE_DAYS} days)`);
    const target = await resolveTarget(db, await viewer(request), body.sn, now());
    return dailyStatistics(db, target, body.beginDate, body.endDate);
  };

  app.post('/SystemStatistic', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'Daily energy, self-consumption and autarky per system over a date range (≤ 366 days)', body: s.rangeBody },
    handler: async (request) => ok(await rows(request, request.body)),
  });

  app.post('/ExportSystemStatistic', {
    config: { permission: { subject: 'system', action: 'export' } },
    schema: { tags, summary: 'The statistics table as xlsx (code 8 when empty)', body: s.rangeBody },
    handler: async (request, reply) =>
      sendXlsx(reply, `statistics-${request.body.sn}-${request.body.beginDate}-${request.body.endDate}.xlsx`, 'Statistics', [
        { header: 'Date', value: (r) => r.day },
        { header: 'S/N', value: (r) => r.sys_sn, width: 16 },
        { header: 'PV (kWh)', value: (r) => r.pv_kwh },
        { header: 'Load (kWh)', value: (r) => r.load_kwh },
        { header: 'Charge (kWh)', value: (r) => r.charge_kwh },
        { header: 'Discharge (kWh)', value: (r) => r.discharge_kwh },
        { header: 'Import (kWh)', value: (r) => r.import_kwh },
        { header: 'Export (kWh)', value: (r) => r.export_kwh },
        { header: 'Self-consumption (%)', value: (r) => r.self_consumption_rate },
        { header: 'Autarky (%)', value: (r) => r.autarky_rate },
      ], await rows(request, request.body)),
  });
};
