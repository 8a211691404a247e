import { declareJob } from '../core/jobs/declaration';
import { generateReport, removeOldReports } from './service';

/** The generated reports' background work (DESIGN §11), run by the job queue (server/core/jobs). */

/** One report or long export, sent when someone asks for it in the background (each its own job). */
export const generateReportJob = declareJob({
  name: 'reports.generate',
  concurrency: 'every send',
  retryLimit: 1,
  retryDelaySeconds: 30,
  expireInSeconds: 30 * 60,
  async run({ db, storage, clock, data }) {
    await generateReport(db, storage, Number(data.reportId), clock);
  },
});

/** Daily at 03:40 UTC: reports older than REPORT_KEEP_DAYS go, their files with them. */
export const removeOldReportsJob = declareJob({
  name: 'reports.remove-old',
  cron: '40 3 * * *',
  retryLimit: 3,
  retryDelaySeconds: 300,
  async run({ db, storage, clock, log }) {
    const removed = await removeOldReports(db, storage, clock());
    if (removed > 0) log.info({ removed }, 'old generated reports removed');
  },
});
