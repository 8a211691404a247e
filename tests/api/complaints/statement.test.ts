import { describe, expect, it } from 'vitest';
import { DEFAULT_CLOCK_TARGETS } from '../../../contract/complaint-clocks';
import { statementBody } from '../../../contract/complaints-statement';
import { buildStatement, type StatementComplaint } from '../../../server/complaints/statement/figures';

/**
 * The statement's figures against a hand-computed set. Four complaints, times in UTC:
 * A battery/DE high, filed 5 Jan: accepted after 2 h, solution at 10 h (paused until 40 h), completed at 50 h
 *   (open 20 h), rated 5/4/5 on 10 Jan.
 * B inverter/FR normal, filed 20 Jan: accepted after 30 h (target 24 h: missed), to R&D, solution at 50 h (paused
 *   until 2 Feb), completed 3 Feb (open 50 h + 24 h = 74 h), reopened 10 Feb, accepted again 11 Feb.
 * C battery/DE low, filed 15 Feb: never answered.
 * D other/DE normal, filed 25 Jan: rejected after 5 h.
 */
const H = 3_600_000;
const NOW = new Date('2026-03-10T00:00:00Z');
const at = (iso: string, hours = 0) => new Date(new Date(iso).getTime() + hours * H);
const row = (createdAt: Date, action: string, toState: string, fields?: Record<string, unknown>) => ({
  action,
  toState,
  createdAt,
  fields,
});

const A_FILED = '2026-01-05T00:00:00Z';
const B_FILED = '2026-01-20T00:00:00Z';
const A: StatementComplaint = {
  id: 1,
  created_at: at(A_FILED),
  priority: 'high',
  type: 'battery',
  country: 'DE',
  model: 'M1',
  team: null,
  history: [
    row(at(A_FILED, 2), 'accept', 'accepted'),
    row(at(A_FILED, 3), 'process', 'processing'),
    row(at(A_FILED, 10), 'proposeSolution', 'waitingConfirmation'),
    row(at(A_FILED, 40), 'confirm', 'confirmed'),
    row(at(A_FILED, 50), 'complete', 'completed'),
    row(at('2026-01-10T00:00:00Z'), 'evaluate', 'evaluated', { rating_solved: 5, rating_time: 4, rating_attitude: 5 }),
  ],
};
const B: StatementComplaint = {
  id: 2,
  created_at: at(B_FILED),
  priority: 'normal',
  type: 'inverter',
  country: 'FR',
  model: 'M2',
  team: 'rnd',
  history: [
    row(at(B_FILED, 30), 'accept', 'accepted'),
    row(at(B_FILED, 31), 'process', 'processing'),
    row(at(B_FILED, 32), 'transfer', 'forwarded', { team: 'rnd' }),
    row(at(B_FILED, 40), 'takeOver', 'processing'),
    row(at(B_FILED, 50), 'proposeSolution', 'waitingConfirmation'),
    row(at('2026-02-02T00:00:00Z'), 'confirm', 'confirmed'),
    row(at('2026-02-03T00:00:00Z'), 'complete', 'completed'),
    row(at('2026-02-10T00:00:00Z'), 'reopen', 'reopened'),
    row(at('2026-02-11T00:00:00Z'), 'accept', 'accepted'),
  ],
};
const C: StatementComplaint = {
  id: 3,
  created_at: at('2026-02-15T00:00:00Z'),
  priority: 'low',
  type: 'battery',
  country: 'DE',
  model: 'M1',
  team: null,
  history: [],
};
const D: StatementComplaint = {
  id: 4,
  created_at: at('2026-01-25T00:00:00Z'),
  priority: 'normal',
  type: 'other',
  country: 'DE',
  model: 'M1',
  team: null,
  history: [row(at('2026-01-25T00:00:00Z', 5), 'reject', 'rejected')],
};
const ALL = [A, B, C, D];

const empty = { median_first_response_ms: null, first_response_within_target: null, ratings: 0, avg_rating_solved: null };
const unsolved = { solved: 0, median_resolution_ms: null, resolution_within_target: null, reopen_rate: null };

describe('the statistical statement', () => {
  it('per month: in, solved, backlog, median times, shares within target, reopen rate and ratings', () => {
    const statement = buildStatement(ALL, { from: '2026-01', to: '2026-02' }, DEFAULT_CLOCK_TARGETS, NOW);
    expect(statement.months).toEqual(['2026-01', '2026-02']);
    expect(statement.rows).toEqual([
      {
        month: '2026-01',
        group: null,
        complaints_in: 3,
        solved: 1,
        open_backlog: 1,
        median_first_response_ms: 5 * H,
        median_resolution_ms: 20 * H,
        first_response_within_target: 2 / 3,
        resolution_within_target: 1,
        reopen_rate: 0,
        ratings: 1,
        avg_rating_solved: 5,
        avg_rating_time: 4,
        avg_rating_attitude: 5,
      },
      {
        month: '2026-02',
        group: null,
        complaints_in: 1,
        solved: 1,
        open_backlog: 2,
        median_first_response_ms: null,
        median_resolution_ms: 74 * H,
        first_response_within_target: null,
        resolution_within_target: 1,
        reopen_rate: 1,
        ratings: 0,
        avg_rating_solved: null,
        avg_rating_time: null,
        avg_rating_attitude: null,
      },
    ]);
  });

  it('grouped by type: a row per month and type with any figure, after the month total', () => {
    const { groups, rows } = buildStatement(ALL, { from: '2026-01', to: '2026-02', groupBy: 'type' }, DEFAULT_CLOCK_TARGETS, NOW);
    expect(groups).toEqual(['battery', 'inverter', 'other']);
    expect(rows.map((r) => `${r.month} ${r.group ?? 'total'}`)).toEqual([
      '2026-01 total',
      '2026-01 battery',
      '2026-01 inverter',
      '2026-01 other',
      '2026-02 total',
      '2026-02 battery',
      '2026-02 inverter',
    ]);
    const find = (month: string, group: string) => rows.find((r) => r.month === month && r.group === group);
    expect(find('2026-01', 'battery')).toMatchObject({ complaints_in: 1, median_first_response_ms: 2 * H, solved: 1, open_backlog: 0 });
    expect(find('2026-01', 'inverter')).toMatchObject({ complaints_in: 1, first_response_within_target: 0, ...unsolved, open_backlog: 1 });
    expect(find('2026-02', 'battery')).toMatchObject({ complaints_in: 1, ...empty, ...unsolved, open_backlog: 1 });
    expect(find('2026-02', 'inverter')).toMatchObject({
      complaints_in: 0,
      solved: 1,
      median_resolution_ms: 74 * H,
      reopen_rate: 1,
      open_backlog: 1,
    });
  });

  it('by team, a complaint without one counts as none; months after now are left out', () => {
    const statement = buildStatement(ALL, { from: '2026-02', to: '2026-06', groupBy: 'team' }, DEFAULT_CLOCK_TARGETS, NOW);
    expect(statement.months).toEqual(['2026-02', '2026-03']);
    expect(statement.groups).toEqual(['none', 'rnd']);
    // March so far: nobody filed, solved or rated; B and C still open.
    expect(statement.rows.find((r) => r.month === '2026-03' && r.group === null)).toMatchObject({ complaints_in: 0, open_backlog: 2 });
  });

  it('a target changed by admins changes the shares', () => {
    const strict = { ...DEFAULT_CLOCK_TARGETS, resolutionDays: { high: 3, normal: 3, low: 3 } };
    const [, february] = buildStatement(ALL, { from: '2026-01', to: '2026-02' }, strict, NOW).rows;
    // B took 74 h, over 3 days.
    expect(february!.resolution_within_target).toBe(0);
  });

  it.each([
    [{ from: '2026-13', to: '2026-12' }],
    [{ from: '2026-03', to: '2026-01' }],
    [{ from: '2024-01', to: '2026-02' }],
    [{ from: '2026-01', to: '2026-02', groupBy: 'colour' }],
  ])('refuses %j', (body) => {
    expect(statementBody.safeParse(body).success).toBe(false);
  });
});
