import { vi } from 'vitest';
import { declareJob, type JobDeclaration } from '../../../server/core/jobs/declaration';

/** Test jobs for the queue's own tests: each run is recorded (its data and the app clock's time). */
export function recordingJob(name: string, options: Partial<JobDeclaration> = {}) {
  const runs: Record<string, unknown>[] = [];
  const job = declareJob({
    name,
    retryLimit: 0,
    ...options,
    async run(context) {
      runs.push(context.data);
      await options.run?.(context);
    },
  });
  return { job, runs };
}

/** A job that fails `times` times, then succeeds (or always, with Infinity), retried after 1 s with backoff. */
export function failingJob(name: string, times: number, retryLimit: number) {
  let attempts = 0;
  const job = declareJob({
    name,
    retryLimit,
    retryDelaySeconds: 1,
    async run() {
      attempts += 1;
      if (attempts <= times) throw new Error(`flaky on attempt ${attempts}`);
    },
  });
  return { job, attempts: () => attempts };
}

/** Waits for a condition the queue brings about in the background (its polling is 0.5 s in these tests). */
export const eventually = (check: () => Promise<void> | void, timeout = 20_000) => vi.waitFor(check, { timeout, interval: 100 });

export const FAST = { pollingIntervalSeconds: 0.5 };
