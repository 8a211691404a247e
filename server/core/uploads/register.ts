import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../config';
import { DEFAULT_MIN_FREE_BYTES, UploadQuota } from './quota';
import { removeAbandonedPartials } from './service';

/**
 * What every upload route of the app shares, after `app.storage` is decorated: one quota per app (its uploads in
 * flight are counted across every resource), and the partial files a crash left, removed before the app serves (the
 * hourly clean-up of ./jobs.ts removes them too, for a crash of another node sharing the folder).
 */
export function registerUploadCore(app: FastifyInstance, deps: AppDeps): void {
  app.decorate(
    'uploadQuota',
    new UploadQuota({
      db: deps.db,
      clock: deps.clock,
      storage: app.storage,
      minFreeBytes: deps.config.uploadMinFreeBytes ?? DEFAULT_MIN_FREE_BYTES,
    }),
  );
  app.addHook('onReady', async () => {
    const removed = await removeAbandonedPartials({ storage: app.storage, now: deps.clock() });
    if (removed > 0) app.log.info({ removed }, 'abandoned partial uploads removed');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-user upload limits and the disk's free-space floor (./quota.ts). */
    uploadQuota: UploadQuota;
  }
}
