import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../config';
import type { Storage } from '../storage';

/** What a job's handler works with: the app's own dependencies (its database, clock, config), never globals. */
export interface JobContext extends AppDeps {
  storage: Storage;
  log: FastifyBaseLogger;
  /** What the job was sent with (a scheduled run: an empty object). */
  data: Record<string, unknown>;
}

/**
 * One piece of background work (DESIGN §11), written by its area (e.g. server/monitoring/jobs.ts) and declared to
 * the app by it (`app.jobs.declare`). The queue (pg-boss, in the database) runs it once across every server process, retries it
 * with backoff, and keeps its runs for /api/Jobs/GetJobRuns.
 */
export interface JobDeclaration {
  /** Unique, `<area>.<what>` (it names the queue and the runs). */
  name: string;
  /** When it runs by itself: a cron expression read in UTC (minutes are its finest step); none: only when sent. */
  cron?: string;
  /** Attempts after the first failure (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry; each further one waits about twice as long (default 30). */
  retryDelaySeconds?: number;
  /**
   * 'one at a time' (default): at most one job of this name (and singleton key) waits and one runs, so scheduled
   * work whose run takes long does not pile up behind itself, and a second send while one waits is dropped.
   * 'every send': each send is a job of its own (work for a user, a record).
   */
  concurrency?: 'one at a time' | 'every send';
  /** How long one attempt may run before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /** The work. A throw fails the attempt (the error's message is what GetJobRuns shows). */
  run(context: JobContext): Promise<void>;
}

/** Declares a job (an identity, for the type check and for a reader looking for "declareJob"). */
export function declareJob(declaration: JobDeclaration): JobDeclaration {
  return declaration;
}
