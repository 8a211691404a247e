import type { FastifyPluginAsync } from 'fastify';
import { reportCalls as calls } from '../../contract/reports-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { generateReportJob, removeOldReportsJob } from './jobs';
import { deleteReport, listReports, reportFile } from './service';

/**
 * Generated reports (/BasicSettings/reportGenerateResult): every report and long export made in the
 * background (a mail run's report, a statistics export asked for in the background or too long for a direct one),
 * its state, who asked, size and times, and its download (the asker and administrators only: 45 for others). Each
 * call is an object of contract/reports-calls.ts; a line here says which service answers it.
 */
export const reportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.jobs.declare(generateReportJob, removeOldReportsJob);

  await registerEndpoint(app, calls.list, (actor, body) => listReports(db, actor, body));
  await registerEndpoint(app, calls.download, (actor, { id }) => reportFile(db, app.storage, actor, id));
  await registerEndpoint(app, calls.remove, async (actor, { id }) => {
    await deleteReport(db, app.storage, actor, id);
    return null;
  });
};
