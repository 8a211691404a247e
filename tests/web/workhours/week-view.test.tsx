import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { WeekView } from '../../../src/features/workhours/WeekView';
import { envelope } from '../helpers';
import { renderWithData, signIn } from '../render-portal';
import { server } from '../setup';

/**
 * The engineer's week: it asks for the week's days and the engineer's name, shows only the
 * engineer's own entries (the name filter also matches 'devops'), each day's total and the week's; the arrows move by
 * a week, an entry opens by its id.
 */
const entry = (id: number, engineer: string, work_date: string, hours: number, project = 'BMS') => ({
  id,
  engineer,
  engineer_id: 1,
  work_date,
  hours,
  kind: 'testing',
  complaint_id: null,
  project,
  note: '',
});

describe('the week view', { timeout: 30_000 }, () => {
  it("totals the engineer's own entries per day and for the week", async () => {
    signIn(['dev'], 'dev');
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/WorkHours/GetWorkHourPageList', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        const rows = [
          entry(1, 'dev', '2026-03-02', 7.5),
          entry(2, 'dev', '2026-03-02', 0.25),
          entry(3, 'dev', '2026-03-04', 1.75, 'Self-test'),
          entry(4, 'devops', '2026-03-04', 8, 'Not mine'),
        ];
        return HttpResponse.json(envelope(200, { data: rows, dataCount: rows.length }, 'Success'));
      }),
    );
    const weeks: string[] = [];
    const opened: (number | undefined)[] = [];
    renderWithData(<WeekView monday="2026-03-02" onWeek={(w) => weeks.push(w)} onOpen={(id) => opened.push(id)} />);

    await waitFor(() => expect(screen.getByTestId('workhours-week-total')).toHaveTextContent('Week total: 9.5 h'));
    expect(bodies[0]).toMatchObject({ work_date: ['2026-03-02', '2026-03-08'], engineer: 'dev' });
    // The picker names the week by its first and last day, the month and year written once.
    expect((screen.getByLabelText('This week') as HTMLInputElement).value.replace(/\s/g, ' ')).toBe('Mar 2 – 8, 2026');
    expect(within(screen.getByTestId('workhours-day-2026-03-02')).getByTestId('workhours-day-total')).toHaveTextContent('7.75 h');
    expect(within(screen.getByTestId('workhours-day-2026-03-04')).getByTestId('workhours-day-total')).toHaveTextContent('1.75 h');
    expect(within(screen.getByTestId('workhours-day-2026-03-03')).getByTestId('workhours-day-total')).toHaveTextContent('0 h');
    expect(screen.queryByText(/Not mine/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(weeks).toEqual(['2026-03-09', '2026-02-23']);
    fireEvent.click(screen.getByText(/Self-test/));
    fireEvent.click(screen.getByTestId('workhours-log'));
    await waitFor(() => expect(opened).toEqual([3, undefined]));
  });
});
