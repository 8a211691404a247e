import { z } from 'zod';

/**
 * The service-level clocks of a complaint (DESIGN §9), as the complaint calls answer them:
 * - `clocks` on every list row and on the detail: `{ first_response, resolution, rnd }` (ComplaintClocks);
 * - `due_at` (a column, sortable): when the nearest running clock reaches its target, null when none runs;
 * - `overdue` (list and detail): a running clock is past its target now;
 * - the list filter `sla`: 'due' (a clock runs, within its target) or 'overdue'.
 * Computed from the workflow history by server/complaints/clocks.ts; the targets are admins' to change
 * (/Complaints/GetClockTargets, /Complaints/SaveClockTargets).
 */

const hours = z
  .number()
  .int()
  .min(1)
  .max(24 * 365);
const days = z
  .number()
  .int()
  .min(1)
  .max(365 * 5);
const perPriority = (value: z.ZodNumber) => z.object({ high: value, normal: value, low: value });

/** The targets per priority: first response in hours, resolution in days. */
export const clockTargetsSchema = z.object({
  firstResponseHours: perPriority(hours),
  resolutionDays: perPriority(days),
});
export type ClockTargets = z.infer<typeof clockTargetsSchema>;

/** DESIGN §9's defaults. */
export const DEFAULT_CLOCK_TARGETS: ClockTargets = {
  firstResponseHours: { high: 4, normal: 24, low: 72 },
  resolutionDays: { high: 3, normal: 10, low: 30 },
};

/**
 * running: counting now; paused: waiting in a paused status; met / missed: stopped within / beyond the target
 * (for resolution: the complaint is resolved now).
 */
export type ClockState = 'running' | 'paused' | 'met' | 'missed';

export interface Clock {
  state: ClockState;
  elapsed_ms: number;
  target_ms: number;
  /** When a running clock reaches its target; null unless running. */
  due_at: string | null;
  /** The elapsed time is beyond the target. */
  overdue: boolean;
}

export interface RndClock {
  /** running: with R&D now; stopped: was with R&D; none: never was. No target. */
  state: 'running' | 'stopped' | 'none';
  elapsed_ms: number;
}

export interface ComplaintClocks {
  first_response: Clock;
  resolution: Clock;
  rnd: RndClock;
}

/** /Complaints/GetClockTargets takes nothing: none at all is as good as {}. */
export const clockTargetsBody = z
  .object({})
  .nullish()
  .transform(() => ({}));
