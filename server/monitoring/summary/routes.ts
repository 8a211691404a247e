import type { FastifyPluginAsync } from 'fastify';
import { Code } from '../../../contract/codes';
import { summaryCalls as calls } from '../../../contract/summary-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { ApiError } from '../../core/http/envelope';
import { BACKGROUND_EXPORT_ROWS, exportInBackground } from '../../reports/background';
import { summaryFile, summaryReport } from './export';
import { summaryAll, summaryPage } from './service';

/**
 * The system summary (/api/Information): one page of the systems in the caller's scope, and the same search as an
 * xlsx file, made now or in the background (contract/summary-calls.ts).
 */
export const summaryRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  await registerEndpoint(app, calls.list, (actor, body) => summaryPage(db, actor, body, clock()));
  await registerEndpoint(app, calls.export, async (actor, { background, ...search }) => {
    const rows = await summaryAll(db, actor, search, clock());
    if (rows.length === 0) throw new ApiError(Code.NO_DATA);
    // The same rows, read again by the job in the caller's scope and language (server/reports).
    if (background || rows.length > BACKGROUND_EXPORT_ROWS) return exportInBackground(app.jobs, db, actor, summaryReport, search, clock());
    return summaryFile(db, actor, rows);
  });
};
