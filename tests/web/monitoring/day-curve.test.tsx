import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { DayCurveCard } from '../../../src/features/monitoring/shared/charts/DayCurveCard';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

/** Previous / next day arrows on the power curve; next stops at the system's today. */
const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  server.use(
    http.post('/api/Power/SticsByDay', async ({ request }) => {
      const { date } = (await request.json()) as { date: string };
      asked.push(date);
      return HttpResponse.json(envelope(200, { sn: 'ESS-A', date, time_zone: 'Europe/Berlin', points: [] }));
    }),
  );
});

it("steps a day back and forth; next is disabled on the system's today", async () => {
  signIn(['customer']);
  // The system's today, as the view computes it in the system's time zone.
  renderAt(<DayCurveCard sn="ESS-A" today="2026-03-01" />);
  const previous = screen.getByTestId('day-previous');
  const next = screen.getByTestId('day-next');
  await waitFor(() => expect(asked).toContain('2026-03-01'));
  expect(next).toBeDisabled();

  fireEvent.click(previous);
  await waitFor(() => expect(asked).toContain('2026-02-28'));
  expect(next).toBeEnabled();
  fireEvent.click(previous);
  await waitFor(() => expect(asked).toContain('2026-02-27'));

  fireEvent.click(next);
  fireEvent.click(next);
  await waitFor(() => expect(next).toBeDisabled());
  expect(screen.getByRole('button', { name: 'Previous day' })).toBeEnabled();
});
