import { declareJob } from '../jobs/declaration';
import { removeAbandonedPartials, removeStaleUploads } from './service';

/**
 * Hourly: files uploaded but never attached to a record (or let go by their record) a day ago go, rows and bytes;
 * and the partial files of uploads a crash cut short (the start removes them too, server/core/uploads/register.ts).
 */
export const removeStaleUploadsJob = declareJob({
  name: 'uploads.remove-stale',
  cron: '15 * * * *',
  retryLimit: 3,
  retryDelaySeconds: 60,
  async run({ db, storage, clock, log }) {
    const removed = await removeStaleUploads({ db, storage, now: clock() });
    if (removed > 0) log.info({ removed }, 'stale uploads removed');
    const partials = await removeAbandonedPartials({ storage, now: clock() });
    if (partials > 0) log.info({ removed: partials }, 'abandoned partial uploads removed');
  },
});
