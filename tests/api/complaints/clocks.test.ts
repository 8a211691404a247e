import { describe, expect, it } from 'vitest';
import { complaintClocks, DEFAULT_CLOCK_TARGETS, nextDueAt, type ClockHistoryRow } from '../../../server/complaints/clocks';

/** Hand-made histories: every moment is filing + some hours, so each figure below is checked by hand. */
const FILED = new Date('2026-03-02T08:00:00Z');
const H = 3_600_000;
const D = 24 * H;
const at = (hours: number) => new Date(FILED.getTime() + hours * H);
const row = (hours: number, action: string, toState: string, fields?: Record<string, unknown>): ClockHistoryRow => ({
  action,
  toState,
  fields: fields ?? null,
  createdAt: at(hours),
});

/** Filed, accepted after 2 h, processing, solution proposed at 10 h (paused), confirmed at 40 h, completed at 50 h. */
const solvedWithPause = [
  row(2, 'accept', 'accepted'),
  row(3, 'process', 'processing'),
  row(10, 'proposeSolution', 'waitingConfirmation'),
  row(40, 'confirm', 'confirmed'),
  row(50, 'complete', 'completed'),
];

describe('complaint clocks', () => {
  it('a new complaint: both clocks run from filing, due at filing + the priority target', () => {
    const clocks = complaintClocks({ createdAt: FILED, priority: 'high', history: [], now: at(1) });
    expect(clocks.first_response).toEqual({
      state: 'running',
      elapsed_ms: H,
      target_ms: 4 * H,
      due_at: at(4).toISOString(),
      overdue: false,
    });
    expect(clocks.resolution).toMatchObject({ state: 'running', elapsed_ms: H, target_ms: 3 * D, due_at: at(72).toISOString() });
    expect(clocks.rnd).toEqual({ state: 'none', elapsed_ms: 0 });
    expect(nextDueAt(clocks)?.toISOString()).toBe(at(4).toISOString());
  });

  it('an unanswered complaint past its target is overdue; an unknown priority counts as normal', () => {
    const clocks = complaintClocks({ createdAt: FILED, priority: 'weird', history: [], now: at(30) });
    expect(clocks.first_response).toMatchObject({ state: 'running', elapsed_ms: 30 * H, target_ms: 24 * H, overdue: true });
    expect(clocks.first_response.due_at).toBe(at(24).toISOString());
  });

  it('the accept is the first response; the resolution stops while waiting for confirmation and ends at completion', () => {
    const clocks = complaintClocks({ createdAt: FILED, priority: 'normal', history: solvedWithPause, now: at(100) });
    expect(clocks.first_response).toMatchObject({ state: 'met', elapsed_ms: 2 * H, due_at: null, overdue: false });
    // Open: 0-10 h and 40-50 h; the 30 h waiting for the customer and the time after completion do not count.
    expect(clocks.resolution).toMatchObject({ state: 'met', elapsed_ms: 20 * H, due_at: null, overdue: false });
    expect(nextDueAt(clocks)).toBeNull();
  });

  it('while paused the clock holds its time and has no due date; it runs on when the customer answers', () => {
    const paused = complaintClocks({ createdAt: FILED, priority: 'normal', history: solvedWithPause.slice(0, 3), now: at(30) });
    expect(paused.resolution).toMatchObject({ state: 'paused', elapsed_ms: 10 * H, due_at: null });
    expect(nextDueAt(paused)).toBeNull();
    const resumed = complaintClocks({ createdAt: FILED, priority: 'normal', history: solvedWithPause.slice(0, 4), now: at(45) });
    // 10 h before the pause, 5 h since: 240 h - 15 h remain.
    expect(resumed.resolution).toMatchObject({ state: 'running', elapsed_ms: 15 * H, due_at: at(45 + 225).toISOString() });
  });

  it('a staff reply before the accept is the first response; a late one misses the target', () => {
    const replied = complaintClocks({
      createdAt: FILED,
      priority: 'high',
      history: [row(6, 'accept', 'accepted')],
      staffReplies: [at(9), at(3)],
      now: at(7),
    });
    expect(replied.first_response).toMatchObject({ state: 'met', elapsed_ms: 3 * H });
    const late = complaintClocks({ createdAt: FILED, priority: 'high', history: [row(6, 'accept', 'accepted')], now: at(7) });
    expect(late.first_response).toMatchObject({ state: 'missed', elapsed_ms: 6 * H, overdue: true });
  });

  it('a reopened complaint runs on from where its resolution stood, and a resolution past the target is missed', () => {
    const history = [...solvedWithPause, row(60, 'reopen', 'reopened'), row(61, 'accept', 'accepted')];
    const reopened = complaintClocks({ createdAt: FILED, priority: 'high', history, now: at(70) });
    // 20 h before, then 60-70 h open again.
    expect(reopened.resolution).toMatchObject({ state: 'running', elapsed_ms: 30 * H, due_at: at(70 + 42).toISOString() });
    const done = complaintClocks({
      createdAt: FILED,
      priority: 'high',
      history: [...history, row(120, 'complete', 'completed')],
      now: at(130),
    });
    expect(done.resolution).toMatchObject({ state: 'missed', elapsed_ms: 80 * H, overdue: true });
  });

  it('a rejection resolves the complaint (the clocks stop) and answers it', () => {
    const clocks = complaintClocks({ createdAt: FILED, priority: 'low', history: [row(5, 'reject', 'rejected')], now: at(500) });
    expect(clocks.first_response).toMatchObject({ state: 'met', elapsed_ms: 5 * H });
    expect(clocks.resolution).toMatchObject({ state: 'met', elapsed_ms: 5 * H, target_ms: 30 * D });
  });

  it('the R&D clock runs only while R&D has it, open: from the transfer until it hands back', () => {
    const history = [
      row(1, 'accept', 'accepted'),
      row(2, 'process', 'processing'),
      row(4, 'transfer', 'forwarded', { team: 'rnd' }),
      row(10, 'takeOver', 'processing'),
      row(20, 'proposeSolution', 'waitingConfirmation'),
      row(30, 'notConfirm', 'notConfirmed'),
    ];
    const running = complaintClocks({ createdAt: FILED, priority: 'normal', history, now: at(35) });
    // 4-20 h open with R&D, 20-30 h paused, 30-35 h open again (still with R&D).
    expect(running.rnd).toEqual({ state: 'running', elapsed_ms: 21 * H });
    const handedBack = [...history, row(36, 'process', 'processing'), row(38, 'transfer', 'forwarded', { team: 'domestic' })];
    const back = complaintClocks({ createdAt: FILED, priority: 'normal', history: handedBack, now: at(50) });
    expect(back.rnd).toEqual({ state: 'stopped', elapsed_ms: 24 * H });
    // The resolution clock counts every open hour, R&D's too: 0-20 h and 30-50 h.
    expect(back.resolution.elapsed_ms).toBe(40 * H);
  });

  it('targets changed by an admin apply to every complaint, as the next read computes them', () => {
    const targets = { ...DEFAULT_CLOCK_TARGETS, firstResponseHours: { high: 1, normal: 2, low: 3 } };
    const clocks = complaintClocks({ createdAt: FILED, priority: 'normal', history: [], now: at(3), targets });
    expect(clocks.first_response).toMatchObject({ target_ms: 2 * H, overdue: true, due_at: at(2).toISOString() });
  });
});
