import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../config';
import { DECLARED_JOBS } from './declared';
import { JobQueue, type SendOptions } from './queue';

/** The app's handle on its queue (`app.jobs`), there from the start; the queue itself runs between ready and close. */
export interface AppJobs {
  send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<string | null>;
}

/**
 * Runs the job queue while the app is up (DESIGN §11): started when the app is ready, stopped (runs under way
 * finish, waiting jobs stay in the database) when it closes. Without `deps.jobQueue` the app runs no jobs
 * (most tests) and `app.jobs.send` refuses.
 */
export function registerJobQueue(app: FastifyInstance, deps: AppDeps): void {
  const options = deps.jobQueue;
  let queue: JobQueue | undefined;
  const jobs: AppJobs = {
    send(name, data, sendOptions) {
      if (!queue) throw new Error('the job queue is not running (AppDeps.jobQueue, or the app is not ready)');
      return queue.send(name, data, sendOptions);
    },
  };
  app.decorate('jobs', jobs);
  if (!options) return;
  app.addHook('onReady', async () => {
    queue = await JobQueue.start({ ...deps, storage: app.storage, log: app.log }, options.jobs ?? DECLARED_JOBS, options);
  });
  app.addHook('onClose', async () => {
    await queue?.stop();
    queue = undefined;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (server/core/jobs). */
    jobs: AppJobs;
  }
}
