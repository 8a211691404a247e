import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code } from '../../contract/codes';
import { workHourTotals, workHourTotalsAnswer, workHourTotalsBody, type WorkHourTotalsBody } from '../../contract/workhours';
import { rdWorkHours } from '../../resources/rdWorkHours';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';
import { exportTexts } from '../monitoring/exports/texts';
import { xlsxExport } from '../monitoring/exports/xlsx';
import { backgroundFlag, queueReport, sendBackgroundAnswer } from '../reports/background';
import { workHoursReport, workHoursWorkbook } from './export';
import { readEntries, workHourHooks } from './service';

/**
 * R&D working hours (staff: the 'RAndDtimereport' screen's roles): the calls generated from the
 * declaration (`/WorkHours/<Verb>WorkHour`: list, one, save, delete, with the rules of service.ts), and the totals
 * per person, complaint or project, month and kind over a period, as JSON for the screen and as an xlsx workbook.
 */
export const workHourRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  registerResources(fastify, deps, { resources: [rdWorkHours], hooks: { [rdWorkHours.name]: workHourHooks(deps.db) } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [rdWorkHours.name];
  const entriesOf = (request: FastifyRequest, body: WorkHourTotalsBody) => readEntries(deps.db, request.user, body, deps.clock());

  app.post('/WorkHours/GetWorkHourTotals', {
    config: { permission: { subject: 'rdWorkHour', action: 'read' } },
    schema: {
      tags,
      summary: 'Hours over a period (from, to; engineer, kind, complaint_id) per person, complaint or project, month and kind',
      body: workHourTotalsBody,
      response: { 200: envelopeOf(workHourTotalsAnswer) },
    },
    handler: async (request) => ok(workHourTotals(await entriesOf(request, request.body))),
  });

  app.post('/WorkHours/ExportWorkHours', {
    config: { permission: { subject: 'rdWorkHour', action: 'export' } },
    schema: {
      tags,
      summary:
        'The entries and totals of a period as an xlsx workbook (code 8 when it has none). With background it is made ' +
        'in the background: the answer is the envelope naming the generated report',
      body: workHourTotalsBody.safeExtend(backgroundFlag),
      ...xlsxExport,
    },
    handler: async (request, reply) => {
      const { background, ...body } = request.body;
      if (background) {
        return sendBackgroundAnswer(
          reply as FastifyReply,
          await queueReport(fastify, deps.db, request.user.id, workHoursReport, body, deps.clock()),
        );
      }
      const entries = await entriesOf(request, body);
      if (entries.length === 0) throw new ApiError(Code.NO_DATA);
      const t = await exportTexts(deps.db, request.user);
      const buffer = await workHoursWorkbook(t, entries, workHourTotals(entries));
      const name = workHoursReport.fileName(body);
      // The workbook leaves as bytes; the route's schema documents it as the file (as sendXlsx does).
      return (reply as FastifyReply)
        .header('content-type', xlsxExport.produces[0])
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(buffer);
    },
  });
};
