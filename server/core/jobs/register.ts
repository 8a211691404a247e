import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../config';
import type { JobDeclaration } from './declaration';
import { JobQueue, type SendOptions } from './queue';

/** The app's handle on its queue (`app.jobs`), there from the start; the queue itself runs between ready and close. */
export interface AppJobs {
  /**
   * Adds jobs the server runs. Core keeps the queue and knows no area: each part declares its own jobs while the
   * app is built (server/app.ts for core's mail and uploads, server/api.ts as it registers an area), before ready.
   */
  declare(...jobs: JobDeclaration[]): void;
  send(name: string, data?: Record<string, unknown>, options?: SendOptions): Promise<string | null>;
  /** Whether this node's queue runs (AppDeps.jobQueue set and the app ready): work sent now would be queued. */
  readonly running: boolean;
}

/**
 * Runs the job queue while the app is up (DESIGN §11): started when the app is ready, stopped (runs under way
 * finish, waiting jobs stay in the database) when it closes. Without `deps.jobQueue` the app runs no jobs
 * (most tests) and `app.jobs.send` refuses.
 */
export function registerJobQueue(app: FastifyInstance, deps: AppDeps): void {
  const options = deps.jobQueue;
  const declared = new Map<string, JobDeclaration>();
  let ready = false;
  let queue: JobQueue | undefined;
  const jobs: AppJobs = {
    declare(...added) {
      // The queue starts with what was declared by then: a later job would silently never run.
      if (ready) throw new Error('jobs are declared while the app is built, before it is ready');
      for (const job of added) {
        if (declared.has(job.name)) throw new Error(`a job named '${job.name}' is declared twice`);
        declared.set(job.name, job);
      }
    },
    get running() {
      return queue !== undefined;
    },
    send(name, data, sendOptions) {
      if (!queue) throw new Error('the job queue is not running (AppDeps.jobQueue, or the app is not ready)');
      return queue.send(name, data, sendOptions);
    },
  };
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    ready = true;
    if (!options) return;
    queue = await JobQueue.start({ ...deps, storage: app.storage, log: app.log }, options.jobs ?? [...declared.values()], options);
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
