import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import { ApiError, ok } from '../../core/http/envelope';
import { energyColumns, exportTexts } from '../exports/texts';
import { sendXlsx } from '../exports/xlsx';
import { dailyStatistics, periodBars } from '../stats/service';
import { localDate, resolveTarget } from '../target';
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
    schema: { tags, summary: 'The statistics table as xlsx, headers in the caller\'s language (code 8 when empty)', body: s.rangeBody },
    handler: async (request, reply) => {
      const statistics = await rows(request, request.body);
      const t = await exportTexts(db, request);
      return sendXlsx(reply, `statistics-${request.body.sn}-${request.body.beginDate}-${request.body.endDate}.xlsx`, t('monitoring:xlsx.statisticsSheet'), [
        { header: t('monitoring:xlsx.date'), value: (r) => r.day },
        { header: t('monitoring:xlsx.sn'), value: (r) => r.sys_sn, width: 16 },
        ...energyColumns(t),
        { header: `${t('monitoring:rates.selfConsumption')} (%)`, value: (r) => r.self_consumption_rate },
        { header: `${t('monitoring:rates.autarky')} (%)`, value: (r) => r.autarky_rate },
      ], statistics);
    },
  });

  // The lifetime view's export (issue 11, point 15): a whole life is too long for the 366 days of the export
  // above, so it is the lifetime table itself, one row per year, and its total: the same sums of the rollups as
  // the 'since start' figures (SticsSummeryDataForUser) and the lifetime bars (SticsByPeriod).
  app.post('/ExportLifetimeStatistic', {
    config: { permission: { subject: 'system', action: 'export' } },
    schema: { tags, summary: "The lifetime table (one row per year) and its total as xlsx, headers in the caller's language (code 8 when empty)", body: s.snBody },
    handler: async (request, reply) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      const { bars, totals } = await periodBars(db, target, 'lifetime', localDate(now(), target.timeZone));
      const t = await exportTexts(db, request);
      const total = { ...totals, label: t('monitoring:xlsx.total') };
      return sendXlsx(reply, `lifetime-${request.body.sn}.xlsx`, t('monitoring:xlsx.lifetimeSheet'), [
        { header: t('monitoring:xlsx.year'), value: (r) => r.label },
        ...energyColumns(t),
      ], bars.length ? [...bars, total] : []);
    },
  });
};
