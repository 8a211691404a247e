import { Code } from '../../contract/codes';
import type { BackgroundAnswer } from '../../contract/reports';
import { ApiError } from '../core/http/envelope';
import type { Actor } from '../core/auth/actor';
import type { Database } from '../core/db';
import { EnvelopeInstead } from '../core/http/endpoint';
import type { AppJobs } from '../core/jobs/register';
import { generateReportJob } from './jobs';
import type { ReportKind } from './kinds';
import { createReport, languageOf } from './service';

export { BACKGROUND_EXPORT_ROWS } from './service';

/**
 * An export's file made in the background for `actor` (asked for with `background`, or too long for a direct
 * answer), as a download endpoint's handler answers it: a generated report of `kind`, queued for the job
 * 'reports.generate', which makes the same file as the direct export in the asker's scope and language (both read
 * again when it runs); the envelope naming the report goes out at once instead of the file.
 */
export async function exportInBackground<P extends Record<string, unknown>>(
  jobs: AppJobs,
  db: Database,
  actor: Actor,
  kind: ReportKind<P>,
  params: P,
  now: Date,
): Promise<EnvelopeInstead> {
  // Asked before the report is written: without a queue it would wait in the asker's list for ever (400, nothing kept).
  if (!jobs.running) throw new ApiError(Code.OPERATION_FAILED, 'Background work is not available on this server now');
  const id = await createReport(
    db,
    { kind: kind.name, params, fileName: kind.fileName(params), requestedBy: actor.id, language: await languageOf(db, actor.id) },
    now,
  );
  await jobs.send(generateReportJob.name, { reportId: id });
  const answer: BackgroundAnswer = { report_id: id, background: true };
  return new EnvelopeInstead(answer, 'generated in the background');
}
