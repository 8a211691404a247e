import { declareJob } from '../core/jobs/declaration';
import { purgeRawSamples } from './retention';
import { markSilentSystemsOffline } from './systems/service';

/** Monitoring's background work (DESIGN §11), run by the job queue (server/core/jobs). */

/** Daily at 02:30 UTC: raw samples older than RAW_RETENTION_DAYS local days go; the rollups stay (retention.ts). */
export const purgeRawSamplesJob = declareJob({
  name: 'monitoring.purge-raw-samples',
  cron: '30 2 * * *',
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  async run({ db, clock, config, log }) {
    const { deleted } = await purgeRawSamples(db, clock(), config.rawRetentionDays);
    log.info({ deleted }, 'raw samples past the retention window purged');
  },
});

/**
 * Every minute: a system that stopped reporting (three intervals without a sample) turns offline. A lost run
 * costs a minute's delay only, so it is not retried (the next minute's run does the same work).
 */
export const markSilentSystemsOfflineJob = declareJob({
  name: 'monitoring.mark-silent-systems-offline',
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  async run({ db, clock }) {
    await markSilentSystemsOffline(db, clock());
  },
});
