import { COMPLAINT_PRIORITIES, complaintWorkflow, type ComplaintTeam } from '../../resources/complaints';
import type { StateCategory } from '../../resources/workflow';
import {
  DEFAULT_CLOCK_TARGETS,
  type Clock,
  type ClockState,
  type ClockTargets,
  type ComplaintClocks,
  type RndClock,
} from '../../contract/complaint-clocks';

/**
 * The service-level clocks of a complaint (DESIGN §9), computed from its workflow history every
 * time they are read — never a counter kept beside the record, which would drift from what happened:
 * - first response: from filing until the first staff answer (the first transition out of 'new', an accept or a
 *   reject, or an earlier staff reply), against the priority's target in hours;
 * - resolution: the time the complaint spends in an open-category status (DESIGN §9), against the priority's
 *   target in days: a paused status (waiting for the customer) stops it, a resolved one ends it, a reopen lets it
 *   run on from where it stood;
 * - R&D: the open time while the complaint is with R&D (a transfer to 'rnd' until a transfer elsewhere, a new
 *   accept or a resolution); it has no target.
 * Pure: the same history and `now` give the same clocks (tests feed hand-made histories). The answer's shape is
 * contract/complaint-clocks.ts.
 */

export { DEFAULT_CLOCK_TARGETS };

export type Priority = (typeof COMPLAINT_PRIORITIES)[number];

/** One transition as workflow_history keeps it (the fields the clocks read). */
export interface ClockHistoryRow {
  action: string;
  toState: string;
  /** The transition's fields; a transfer names its `team`. */
  fields?: Record<string, unknown> | null;
  createdAt: Date;
}

export interface ClockInput {
  createdAt: Date;
  priority: string;
  /** The complaint's transitions, oldest first. */
  history: readonly ClockHistoryRow[];
  /** When staff replied to the customer (a reply is a first response too); any order. */
  staffReplies?: readonly Date[];
  now: Date;
  /** Default: DESIGN §9's (admins may change them: server/complaints/clock-targets/service.ts). */
  targets?: ClockTargets;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function categoryOf(state: string): StateCategory {
  return (complaintWorkflow.states as Record<string, { category: StateCategory }>)[state]?.category ?? 'open';
}

function priorityOf(priority: string): Priority {
  return (COMPLAINT_PRIORITIES as readonly string[]).includes(priority) ? (priority as Priority) : 'normal';
}

/** A stretch of time in one status (and with one team), from `from` to `until`. */
interface Segment {
  from: number;
  until: number;
  state: string;
  withRnd: boolean;
}

/** The complaint's life cut at each transition: filed 'new', then each history row's status until the next (or now). */
function segmentsOf({ createdAt, history, now }: ClockInput): Segment[] {
  const segments: Segment[] = [];
  let from = createdAt.getTime();
  let state = 'new';
  let withRnd = false;
  for (const row of history) {
    const at = Math.max(row.createdAt.getTime(), from);
    segments.push({ from, until: at, state, withRnd });
    from = at;
    state = row.toState;
    if (row.action === 'transfer') withRnd = (row.fields?.team as ComplaintTeam | undefined) === 'rnd';
    // A new acceptance (after a reopen) starts with the first line again; a resolution ends R&D's part.
    if (row.action === 'accept' || categoryOf(state) === 'resolved') withRnd = false;
  }
  segments.push({ from, until: Math.max(now.getTime(), from), state, withRnd });
  return segments;
}

/** Open-category time of the segments, up to `until` (a moment inside or after them). */
function openTime(segments: readonly Segment[], until: number, only: (s: Segment) => boolean = () => true): number {
  let total = 0;
  for (const segment of segments) {
    if (segment.from >= until) break;
    if (categoryOf(segment.state) !== 'open' || !only(segment)) continue;
    total += Math.min(segment.until, until) - segment.from;
  }
  return total;
}

function clock(state: ClockState, elapsed: number, target: number, now: number): Clock {
  return {
    state,
    elapsed_ms: elapsed,
    target_ms: target,
    due_at: state === 'running' ? new Date(now + target - elapsed).toISOString() : null,
    overdue: elapsed > target,
  };
}

export function complaintClocks(input: ClockInput): ComplaintClocks {
  const targets = input.targets ?? DEFAULT_CLOCK_TARGETS;
  const priority = priorityOf(input.priority);
  const now = input.now.getTime();
  const segments = segmentsOf(input);
  const current = segments[segments.length - 1]!;
  const currentCategory = categoryOf(current.state);

  // First response: the first transition out of 'new' (only staff may take one) or an earlier staff reply.
  const firstTransition = input.history.find((row) => row.toState !== 'new');
  const answers = [...(input.staffReplies ?? []), ...(firstTransition ? [firstTransition.createdAt] : [])].map((d) => d.getTime());
  const respondedAt = answers.length ? Math.min(...answers) : undefined;
  const responseTarget = targets.firstResponseHours[priority] * HOUR_MS;
  const responseElapsed = openTime(segments, respondedAt ?? now);
  const first_response =
    respondedAt !== undefined
      ? clock(responseElapsed <= responseTarget ? 'met' : 'missed', responseElapsed, responseTarget, now)
      : clock(currentCategory === 'paused' ? 'paused' : 'running', responseElapsed, responseTarget, now);

  const resolutionTarget = targets.resolutionDays[priority] * DAY_MS;
  const resolutionElapsed = openTime(segments, now);
  const resolutionState: ClockState =
    currentCategory === 'resolved'
      ? resolutionElapsed <= resolutionTarget
        ? 'met'
        : 'missed'
      : currentCategory === 'paused'
        ? 'paused'
        : 'running';
  const resolution = clock(resolutionState, resolutionElapsed, resolutionTarget, now);

  const everRnd = segments.some((s) => s.withRnd);
  const rnd: RndClock = {
    state: current.withRnd && currentCategory === 'open' ? 'running' : everRnd ? 'stopped' : 'none',
    elapsed_ms: openTime(segments, now, (s) => s.withRnd),
  };
  return { first_response, resolution, rnd };
}

/** The nearest deadline of the running clocks (the list's `due_at`, sorted and filtered on); null when none runs. */
export function nextDueAt(clocks: ComplaintClocks): Date | null {
  const due = [clocks.first_response.due_at, clocks.resolution.due_at].filter((d): d is string => d !== null);
  return due.length ? new Date(Math.min(...due.map((d) => Date.parse(d)))) : null;
}
