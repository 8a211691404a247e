import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../contract/codes';
import { dayCurveAnswer, newestSampleAnswer, periodBarsAnswer, statisticsAnswer, summaryAnswer } from '../../../contract/monitoring';
import * as s from '../../../contract/monitoring-requests';
import type { AppDeps } from '../../config';
import { ApiError, envelopeOf, ok } from '../../core/http/envelope';
import { contextOf } from '../context';
import { lifetimeSheet, lifetimeReport } from '../exports/lifetime';
import { statisticsReport, statisticsRows, statisticsSheet } from '../exports/statistics';
import { exportTexts } from '../exports/texts';
import { BACKGROUND_EXPORT_ROWS, backgroundFlag, queueReport, sendBackgroundAnswer } from '../../reports/background';
import { sendXlsx, xlsxExport } from '../exports/xlsx';
import { systemInScope } from '../scope';
import { localDate, resolveTarget } from '../target';
import { currentFlow, dayCurve, periodBars, summary } from './service';

/**
 * A system's figures (or the customer's 'All'): the left panel's summary and the newest sample (/api/ESS), the day
 * curve and period bars (/api/Power), the daily statistics table (/api/Statistic), and their xlsx exports.
 */
export const statsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now } = contextOf(deps);

  app.post('/ESS/SticsSummeryDataForCustomer', {
    config: { permission: { subject: 'customerSystems', action: 'read' } },
    schema: {
      tags: ['ESS'],
      summary: "Left-panel figures and current power flow of a customer's system or 'All'",
      body: s.snBody,
      response: { 200: envelopeOf(summaryAnswer) },
    },
    handler: async (request) => ok(await summary(db, await resolveTarget(db, await viewer(request), request.body.sn, now()), now())),
  });

  app.post('/ESS/SticsSummeryDataForUser', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags: ['ESS'],
      summary: "Left-panel figures and current power flow of one system in the caller's scope",
      body: s.snBody,
      response: { 200: envelopeOf(summaryAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await summary(db, { systems: [system], timeZone: system.timeZone, currency: system.currency }, now()));
    },
  });

  app.get('/ESS/GetSecondDataBySn', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags: ['ESS'],
      summary: 'The newest sample of a system (real-time view)',
      querystring: s.snQuery,
      response: { 200: envelopeOf(newestSampleAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.query.sn, now());
      // Only the newest sample: the day and period sums of the summary would be wasted here.
      const flow = await currentFlow(db, { systems: [system], timeZone: system.timeZone, currency: system.currency }, now());
      return ok({ sn: system.sysSn, ems_status: system.emsStatus, ...flow });
    },
  });

  app.post('/Power/SticsByDay', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags: ['Power'],
      summary: "5-minute power curve of a local day (default today) of a system or 'All'",
      body: s.dayBody,
      response: { 200: envelopeOf(dayCurveAnswer) },
    },
    handler: async (request) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), target.timeZone);
      return ok({ date, time_zone: target.timeZone, ...(await dayCurve(db, target, date)) });
    },
  });

  app.post('/Power/SticsByPeriod', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags: ['Power'],
      summary: 'Energy bars from the daily rollups: days of a month, months of a year, or years',
      body: s.periodBody,
      response: { 200: envelopeOf(periodBarsAnswer) },
    },
    handler: async (request) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), target.timeZone);
      return ok({ period: request.body.period, date, ...(await periodBars(db, target, request.body.period, date)) });
    },
  });

  app.post('/Power/ExportSticsByDay', {
    config: { permission: { subject: 'system', action: 'export' } },
    schema: {
      tags: ['Power'],
      summary: "The day curve as xlsx, headers in the caller's language (code 8 when the day has no data)",
      body: s.dayBody,
      ...xlsxExport,
    },
    handler: async (request, reply) => {
      const target = await resolveTarget(db, await viewer(request), request.body.sn, now());
      const date = request.body.date ?? localDate(now(), target.timeZone);
      const { points } = await dayCurve(db, target, date);
      const t = await exportTexts(db, request);
      return sendXlsx(
        reply,
        `power-${request.body.sn}-${date}.xlsx`,
        date,
        [
          { header: t('monitoring:xlsx.time', { zone: target.timeZone }), value: (p) => p.time },
          { header: `${t('monitoring:series.pv')} (W)`, value: (p) => p.pv_w },
          { header: `${t('monitoring:series.load')} (W)`, value: (p) => p.load_w },
          { header: t('monitoring:xlsx.batteryW'), value: (p) => p.battery_w, width: 22 },
          { header: t('monitoring:xlsx.gridW'), value: (p) => p.grid_w, width: 20 },
          { header: 'SoC (%)', value: (p) => p.soc },
        ],
        points,
      );
    },
  });

  const rows = async (request: FastifyRequest, body: z.infer<typeof s.rangeBody>) => statisticsRows(db, await viewer(request), body, now());

  app.post('/Statistic/SystemStatistic', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags: ['Statistic'],
      summary: 'Daily energy, self-consumption and autarky per system over a date range (≤ 366 days)',
      body: s.rangeBody,
      response: { 200: envelopeOf(statisticsAnswer) },
    },
    handler: async (request) => ok(await rows(request, request.body)),
  });

  app.post('/Statistic/ExportSystemStatistic', {
    config: { permission: { subject: 'system', action: 'export' } },
    schema: {
      tags: ['Statistic'],
      summary:
        "The statistics table as xlsx, headers in the caller's language (code 8 when empty). With background (or over " +
        `${BACKGROUND_EXPORT_ROWS} rows) it is made in the background: the answer is the envelope naming the generated report`,
      body: s.rangeBody.extend(backgroundFlag),
      ...xlsxExport,
    },
    handler: async (request, reply) => {
      const { background, ...body } = request.body;
      const statistics = await rows(request, body);
      if (statistics.length === 0) throw new ApiError(Code.NO_DATA);
      if (background || statistics.length > BACKGROUND_EXPORT_ROWS) {
        // The same rows, made again by the job in the caller's scope and language (server/reports).
        return sendBackgroundAnswer(reply as FastifyReply, await queueReport(fastify, db, request.user.id, statisticsReport, body, now()));
      }
      const t = await exportTexts(db, request);
      const sheet = statisticsSheet(t, body);
      return sendXlsx(reply, sheet.fileName, sheet.sheetName, sheet.columns, statistics);
    },
  });

  app.post('/Statistic/ExportLifetimeStatistic', {
    config: { permission: { subject: 'system', action: 'export' } },
    schema: {
      tags: ['Statistic'],
      summary:
        "The lifetime table (one row per year) and its total as xlsx, headers in the caller's language (code 8 when empty). " +
        'With background it is made in the background: the answer is the envelope naming the generated report',
      body: s.snBody.extend(backgroundFlag),
      ...xlsxExport,
    },
    handler: async (request, reply) => {
      const { background, sn } = request.body;
      const sheet = await lifetimeSheet(db, await viewer(request), sn, await exportTexts(db, request), now());
      if (sheet.rows.length === 0) throw new ApiError(Code.NO_DATA);
      // Checked now (scope, data) as the direct export checks it; the job makes the file again as the asker's today.
      if (background)
        return sendBackgroundAnswer(reply as FastifyReply, await queueReport(fastify, db, request.user.id, lifetimeReport, { sn }, now()));
      return sendXlsx(reply, sheet.fileName, sheet.sheetName, sheet.columns, sheet.rows);
    },
  });
};
