import PgBoss from 'pg-boss';
import { jobQueueDatabase } from './database-adapter';
import type { JobContext, JobDeclaration } from './declaration';

/** The PostgreSQL schema pg-boss keeps its tables in (jobs, their archive, schedules); ./runs.ts reads it. */
export const JOB_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  /** The jobs this server runs; by default every one declared while the app was built (`app.jobs.declare`, ./register.ts). */
  jobs?: readonly JobDeclaration[];
  /**
   * How often an idle worker asks the database for work and the schedules are looked at, in seconds (default:
   * pg-boss's, 2 s for work and 30 s for the schedules); tests go faster.
   */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /** A job declared 'one at a time': one job per key waits and one runs; a second send while one waits is dropped (null). */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/**
 * The app's job queue (DESIGN §11) on pg-boss: jobs are rows in the database, so they survive a restart, one
 * process's worker takes each (SELECT … FOR UPDATE SKIP LOCKED), failures are retried with exponential backoff,
 * and the cron schedules are kept there too (every process checks them; a run is sent once per minute at most).
 * A job declared 'one at a time' is pg-boss's 'stately' policy: one job waits and one runs per name and singleton key.
 */
export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly names: ReadonlySet<string>,
  ) {}

  static async start(context: Omit<JobContext, 'data'>, jobs: readonly JobDeclaration[], options: JobQueueOptions = {}): Promise<JobQueue> {
    const seconds = options.pollingIntervalSeconds;
    // pg-boss checks a setting that is present, even as undefined: without one, none is passed (its defaults hold).
    const polling = seconds === undefined ? {} : { pollingIntervalSeconds: seconds };
    const scheduleChecks =
      seconds === undefined ? {} : { cronMonitorIntervalSeconds: Math.max(1, seconds), cronWorkerIntervalSeconds: Math.max(1, seconds) };
    const boss = new PgBoss({
      db: jobQueueDatabase(context.db),
      schema: JOB_SCHEMA,
      migrate: true,
      supervise: true,
      schedule: true,
      ...scheduleChecks,
    });
    boss.on('error', (error) => context.log.error({ err: error }, 'job queue'));
    await boss.start();
    for (const job of jobs) {
      const settings: PgBoss.Queue = {
        name: job.name,
        policy: job.concurrency === 'every send' ? 'standard' : 'stately',
        retryLimit: job.retryLimit ?? 2,
        retryDelay: job.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds ?? 15 * 60,
      };
      // Creating is idempotent (several processes start at once); the update applies a changed declaration.
      await boss.createQueue(job.name, settings);
      await boss.updateQueue(job.name, settings);
      // A schedule is kept in the database: set it to the declaration's (or remove one a former version set).
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
      else await boss.unschedule(job.name);
      await boss.work<Record<string, unknown>>(job.name, { batchSize: 1, ...polling }, async ([sent]) => {
        try {
          await job.run({ ...context, data: sent?.data ?? {} });
        } catch (error) {
          // pg-boss keeps the error with the run (GetJobRuns) and retries; the log tells whoever watches it now.
          context.log.warn({ err: error, job: job.name, id: sent?.id }, 'job failed');
          throw error;
        }
      });
    }
    return new JobQueue(boss, new Set(jobs.map((job) => job.name)));
  }

  /** Puts a job in the queue (its id), or null when its singleton key already waits. */
  async send(name: string, data: Record<string, unknown> = {}, options: SendOptions = {}): Promise<string | null> {
    if (!this.names.has(name)) throw new Error(`no job named '${name}' is declared`);
    return this.boss.send(name, data, { singletonKey: options.singletonKey, startAfter: options.startAfterSeconds });
  }

  /** Stops taking work and waits for the runs under way (they finish; what waits stays in the queue for the next start). */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}
