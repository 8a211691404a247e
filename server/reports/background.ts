import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Actor } from '../core/auth/actor';
import { EnvelopeInstead } from '../core/http/endpoint';
import type { AppJobs } from '../core/jobs/register';
import { z } from 'zod';
import type { BackgroundAnswer } from '../../contract/reports';
import type { Database } from '../core/db';
import { generateReportJob } from './jobs';
import type { ReportKind } from './kinds';
import { createReport, languageOf } from './service';

export { BACKGROUND_EXPORT_ROWS } from './service';

/** The flag an export's body takes to be made in the background (its answer is then the report's id). */
export const backgroundFlag = { background: z.boolean().optional() };

/**
 * An export made in the background (asked for, or too long for a direct answer): a generated report of `kind`,
 * queued for the job 'reports.generate', which makes the same file as the direct export in the asker's scope and
 * language (both read again when it runs). Answers at once with the report's id.
 */
export async function queueReport<P extends Record<string, unknown>>(
  app: FastifyInstance,
  db: Database,
  userId: number,
  kind: ReportKind<P>,
  params: P,
  now: Date,
): Promise<BackgroundAnswer> {
  const id = await createReport(
    db,
    { kind: kind.name, params, fileName: kind.fileName(params), requestedBy: userId, language: await languageOf(db, userId) },
    now,
  );
  await app.jobs.send(generateReportJob.name, { reportId: id });
  return { report_id: id, background: true };
}

/** The JSON envelope an export route answers instead of its file (its schema documents the file). */
export function sendBackgroundAnswer(reply: FastifyReply, answer: BackgroundAnswer): FastifyReply {
  return reply.type('application/json').serializer(JSON.stringify).send({ code: 200, info: 'generated in the background', data: answer });
}

/**
 * An export's file made in the background for `actor` (asked for with `background`, or too long for a direct
 * answer), as a download endpoint's handler answers it: the report is created and queued as by queueReport, and the
 * envelope naming it goes out instead of the file.
 */
export async function exportInBackground<P extends Record<string, unknown>>(
  jobs: AppJobs,
  db: Database,
  actor: Actor,
  kind: ReportKind<P>,
  params: P,
  now: Date,
): Promise<EnvelopeInstead> {
  const id = await createReport(
    db,
    { kind: kind.name, params, fileName: kind.fileName(params), requestedBy: actor.id, language: await languageOf(db, actor.id) },
    now,
  );
  await jobs.send(generateReportJob.name, { reportId: id });
  const answer: BackgroundAnswer = { report_id: id, background: true };
  return new EnvelopeInstead(answer, 'generated in the background');
}
