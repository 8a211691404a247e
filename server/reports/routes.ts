import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../contract/codes';
import { reportAnswer, reportIdBody, reportListBody } from '../../contract/mailings';
import type { AppDeps } from '../config';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';
import { XLSX_MEDIA_TYPE } from '../monitoring/exports/xlsx';
import { generateReportJob, removeOldReportsJob } from './jobs';
import { deleteReport, listReports, reportFor } from './service';

/**
 * Generated reports (/BasicSettings/reportGenerateResult): every report and long export made in the
 * background (a mail run's report, a statistics export asked for in the background or too long for a direct one),
 * its state, who asked, size and times, and its download (the asker and administrators only: 45 for others).
 */
export const reportRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['Reports'];
  fastify.jobs.declare(generateReportJob, removeOldReportsJob);

  app.post('/Reports/GetReportList', {
    config: { permission: { subject: 'generatedReport', action: 'read' } },
    schema: {
      tags,
      summary: "Generated reports, newest first: one's own; an administrator's every one (mine: only their own)",
      body: reportListBody,
      response: { 200: envelopeOf(z.object({ dataCount: z.number().int(), data: z.array(reportAnswer) })) },
    },
    handler: async (request) => ok(await listReports(db, request.user, request.body)),
  });
  app.post('/Reports/DownloadReport', {
    config: { permission: { subject: 'generatedReport', action: 'read' } },
    schema: {
      tags,
      summary: 'The file of a finished report (its asker and administrators; 45 for others, 8 while it is not done)',
      body: reportIdBody,
      produces: [XLSX_MEDIA_TYPE],
      response: { 200: z.file().describe('the report file; the JSON envelope when refused') },
    },
    handler: async (request, reply) => {
      const report = await reportFor(db, request.user, request.body.id);
      if (report.state !== 'done' || !report.storageKey) throw new ApiError(Code.NO_DATA);
      const stream = await fastify.storage.get(report.storageKey);
      return (reply as FastifyReply)
        .header('content-type', XLSX_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${report.fileName}"; filename*=UTF-8''${encodeURIComponent(report.fileName)}`)
        .send(stream);
    },
  });
  app.post('/Reports/DeleteReport', {
    config: { permission: { subject: 'generatedReport', action: 'delete' } },
    schema: {
      tags,
      summary: 'Removes a report and its file (its asker and administrators; 45 for others)',
      body: reportIdBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await deleteReport(db, fastify.storage, request.user, request.body.id);
      return ok(null);
    },
  });
};
