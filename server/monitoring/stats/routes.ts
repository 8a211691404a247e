import type { FastifyPluginAsync } from 'fastify';
import { Code } from '../../../contract/codes';
import { statsCalls as calls } from '../../../contract/monitoring-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { ApiError } from '../../core/http/envelope';
import { BACKGROUND_EXPORT_ROWS, exportInBackground } from '../../reports/background';
import { contextOf } from '../context';
import { lifetimeReport, lifetimeSheet } from '../exports/lifetime';
import { statisticsReport, statisticsRows, statisticsSheet } from '../exports/statistics';
import { dayCurveColumns } from '../exports/day';
import { exportTexts } from '../exports/texts';
import { xlsxFile } from '../exports/xlsx';
import { resolveTarget } from '../target';
import { dayCurveOf, newestSample, periodBarsOf, summary } from './service';

/**
 * A system's figures (or the customer's 'All'): the left panel's summary and the newest sample (/api/ESS), the day
 * curve and period bars (/api/Power), the daily statistics table (/api/Statistic), and their xlsx exports. Each call
 * is an object of contract/monitoring-calls.ts (statsCalls).
 */
export const statsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const { viewer, now, inScope } = contextOf(deps);

  await registerEndpoint(app, calls.summaryForCustomer, async (actor, { sn }) =>
    summary(db, await resolveTarget(db, await viewer(actor), sn, now()), now()),
  );
  await registerEndpoint(app, calls.summaryForUser, async (actor, { sn }) => {
    const system = await inScope(actor, sn);
    return summary(db, { systems: [system], timeZone: system.timeZone, currency: system.currency }, now());
  });
  await registerEndpoint(app, calls.liveSample, async (actor, { sn }) => newestSample(db, await inScope(actor, sn), now()));
  await registerEndpoint(app, calls.dayCurve, async (actor, body) => dayCurveOf(db, await viewer(actor), body, now()));
  await registerEndpoint(app, calls.periodBars, async (actor, body) => periodBarsOf(db, await viewer(actor), body, now()));
  await registerEndpoint(app, calls.exportDay, async (actor, body) => {
    const curve = await dayCurveOf(db, await viewer(actor), body, now());
    const columns = dayCurveColumns(await exportTexts(db, actor), curve.time_zone);
    return xlsxFile(`power-${body.sn}-${curve.date}.xlsx`, curve.date, columns, curve.points);
  });

  await registerEndpoint(app, calls.statistics, async (actor, body) => statisticsRows(db, await viewer(actor), body, now()));
  await registerEndpoint(app, calls.exportStatistics, async (actor, { background, ...body }) => {
    const statistics = await statisticsRows(db, await viewer(actor), body, now());
    if (statistics.length === 0) throw new ApiError(Code.NO_DATA);
    // The same rows, made again by the job in the caller's scope and language (server/reports).
    if (background || statistics.length > BACKGROUND_EXPORT_ROWS)
      return exportInBackground(app.jobs, db, actor, statisticsReport, body, now());
    const sheet = statisticsSheet(await exportTexts(db, actor), body);
    return xlsxFile(sheet.fileName, sheet.sheetName, sheet.columns, statistics);
  });
  await registerEndpoint(app, calls.exportLifetime, async (actor, { background, sn }) => {
    const sheet = await lifetimeSheet(db, await viewer(actor), sn, await exportTexts(db, actor), now());
    if (sheet.rows.length === 0) throw new ApiError(Code.NO_DATA);
    // Checked now (scope, data) as the direct export checks it; the job makes the file again as the asker's today.
    if (background) return exportInBackground(app.jobs, db, actor, lifetimeReport, { sn }, now());
    return xlsxFile(sheet.fileName, sheet.sheetName, sheet.columns, sheet.rows);
  });
};
