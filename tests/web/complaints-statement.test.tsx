import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import StatisticalStatement from '../../src/features/complaints/statement/StatisticalStatement';
import { envelope } from './helpers';
import { renderWithData, signIn } from './render-portal';
import { server } from './setup';

/**
 * /statisticalStatement: asks for the last six months, grouped as chosen, draws the month totals
 * and shows every row in the reader's words and units.
 */
vi.mock('../../src/features/monitoring/shared/charts/chartLibrary', async () => {
  const { useEffect } = await import('react');
  // Charts draw one after the other: each says when G2 would have started, as the real one does.
  const Chart = ({ data, onReady }: { data: unknown[]; onReady?: (chart: unknown) => void }) => {
    useEffect(() => onReady?.({}), [onReady]);
    return <div data-testid="chart">{data.length} points</div>;
  };
  return { Line: Chart, Column: Chart, Area: Chart };
});

const H = 3_600_000;
const row = (month: string, group: string | null, complaintsIn: number) => ({
  month,
  group,
  complaints_in: complaintsIn,
  solved: 1,
  open_backlog: 2,
  median_first_response_ms: 5 * H,
  median_resolution_ms: 74 * H,
  first_response_within_target: 2 / 3,
  resolution_within_target: 1,
  reopen_rate: 0,
  ratings: 1,
  avg_rating_solved: 5,
  avg_rating_time: 4,
  avg_rating_attitude: 4.5,
});

function serveStatement() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/Complaints/GetStatisticalStatement', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const rows = body.groupBy ? [row(String(body.to), null, 3), row(String(body.to), 'battery', 2)] : [row(String(body.to), null, 3)];
      return HttpResponse.json(
        envelope(200, { months: [body.to], groupBy: body.groupBy ?? null, groups: body.groupBy ? ['battery'] : [], rows }),
      );
    }),
  );
  return bodies;
}

describe('the statistical statement', { timeout: 60_000 }, () => {
  it('asks for the last six months, then for the chosen grouping, and shows the figures with their units', async () => {
    signIn(['servicer'], 'servicer');
    const bodies = serveStatement();
    renderWithData(<StatisticalStatement />);
    await waitFor(() => expect(bodies.length).toBeGreaterThan(0));
    const { from, to, groupBy } = bodies[0]!;
    expect(groupBy).toBeUndefined();
    expect(String(from) < String(to)).toBe(true);
    expect(await screen.findByText('5 h')).toBeTruthy();
    expect(screen.getByText('74 h')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('chart').length).toBe(4));

    fireEvent.mouseDown(within(screen.getByTestId('statement-group')).getByRole('combobox'));
    fireEvent.click((await screen.findAllByTitle('Type')).find((o) => o.classList.contains('ant-select-item-option'))!);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ groupBy: 'type', from, to }));
    expect(await screen.findByText(/· Battery$/)).toBeTruthy();
    expect(screen.getByText(/· Total$/)).toBeTruthy();
  });

  it('lets an admin change the targets per priority', async () => {
    signIn(['admin'], 'admin');
    serveStatement();
    const saved: Record<string, unknown>[] = [];
    const targets = { firstResponseHours: { high: 4, normal: 24, low: 72 }, resolutionDays: { high: 3, normal: 10, low: 30 } };
    server.use(
      http.post('/api/Complaints/GetClockTargets', () => HttpResponse.json(envelope(200, targets))),
      http.post('/api/Complaints/SaveClockTargets', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved.push(body);
        return HttpResponse.json(envelope(200, body));
      }),
    );
    renderWithData(<StatisticalStatement />);
    fireEvent.click(await screen.findByTestId('clock-targets'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('spinbutton')).toHaveLength(6));
    const [highHours] = within(dialog).getAllByRole('spinbutton');
    fireEvent.change(highHours!, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ ...targets, firstResponseHours: { ...targets.firstResponseHours, high: 2 } });
  });

  it('shows no targets button to a servicer', async () => {
    signIn(['servicer'], 'servicer');
    serveStatement();
    renderWithData(<StatisticalStatement />);
    await screen.findByText('5 h');
    expect(screen.queryByTestId('clock-targets')).toBeNull();
  });
});
