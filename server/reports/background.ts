import type { FastifyInstance } from 'fastify';
import type { Database } from '../core/db';
import type { RangeBody } from '../monitoring/exports/statistics';
import { generateReportJob } from './jobs';
import { createReport, languageOf } from './service';

export { BACKGROUND_EXPORT_ROWS } from './service';

/**
 * A statistics export made in the background (asked for, or too long for a direct answer): a generated report,
 * queued for the job 'reports.generate', which makes the same file as the direct export in the asker's scope and
 * language. Answers the report for the export's answer.
 */
export async function queueStatisticsReport(app: FastifyInstance, db: Database, userId: number, body: RangeBody, now: Date) {
  const id = await createReport(
    db,
    {
      kind: 'statistics',
      params: { sn: body.sn, beginDate: body.beginDate, endDate: body.endDate },
      fileName: `statistics-${body.sn}-${body.beginDate}-${body.endDate}.xlsx`,
      requestedBy: userId,
      language: await languageOf(db, userId),
    },
    now,
  );
  await app.jobs.send(generateReportJob.name, { reportId: id });
  return { report_id: id, background: true };
}
