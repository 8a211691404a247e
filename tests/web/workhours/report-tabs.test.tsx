import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import WorkHoursReport from '../../../src/features/workhours/WorkHoursReport';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../render-portal';
import { server } from '../setup';

/**
 * Whose screen R&D hours are: an engineer opens on their week and logs hours; admins and system managers read
 * everyone's entries and totals, have no week of their own and are offered nothing to log or change.
 */
const row = {
  id: 7,
  engineer: 'dev',
  engineer_name: 'Kenji Watanabe',
  engineer_id: 3,
  work_date: '2026-03-02',
  hours: 2,
  kind: 'testing',
  complaint_id: null,
  project: 'BMS',
  note: '',
};

function answerEntries() {
  server.use(
    http.post('/api/WorkHours/GetWorkHourPageList', () => HttpResponse.json(envelope(200, { data: [row], dataCount: 1 }, 'Success'))),
  );
}

describe('the R&D hours screen', { timeout: 30_000 }, () => {
  it('an engineer opens on their week with the button to log hours', async () => {
    signIn(['dev'], 'dev');
    answerEntries();
    renderAt('/RAndDtimereport', '/RAndDtimereport', <WorkHoursReport />, [{ name: 'RAndDtimereport', list: '/RAndDtimereport' }]);
    expect(await screen.findByTestId('workhours-log')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'My week' })).toHaveAttribute('aria-selected', 'true');
  });

  it('an administrator opens on everyone’s entries, without a week, a log button or an edit of someone else’s entry', async () => {
    signIn(['admin'], 'admin');
    answerEntries();
    renderAt('/RAndDtimereport', '/RAndDtimereport', <WorkHoursReport />, [{ name: 'RAndDtimereport', list: '/RAndDtimereport' }]);
    await waitFor(() => expect(screen.getByText('Kenji Watanabe')).toBeInTheDocument());
    expect(screen.queryByRole('tab', { name: 'My week' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Entries' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('workhours-log')).toBeNull();
  });
});
