import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import SysFailureCheck from '../../../src/features/alarms/SysFailureCheck';
import { readAlarmQuery } from '../../../src/features/alarms/alarmQuery';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';
import { server } from '../setup';

const PATH = '/energyStorageSysMaintenance/sysFailureCheck';

const row = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  sys_sn: `ESS2024A000${id}`,
  sys_name: 'Haus Becker',
  model: 'ESS-H5 Hybrid',
  country_code: 'DE',
  installer: 'Solartechnik Müller GmbH',
  time_zone: 'Europe/Berlin',
  code: 'F401',
  component: 'inverter',
  severity: 'critical',
  state: 'active',
  description: 'ISO',
  first_seen_at: '2026-03-01T07:00:00Z',
  last_seen_at: '2026-03-02T07:00:00Z',
  occurrences: 3,
  cleared_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  acknowledge_note: null,
  assignee_id: null,
  assignee: null,
  ...extra,
});

function serve(
  rows = [
    row(1),
    row(2, { code: 'W101', component: 'battery', severity: 'minor', acknowledged_at: '2026-03-02T07:30:00Z', acknowledged_by: 'dasw' }),
  ],
) {
  const lists: Array<Record<string, unknown>> = [];
  const acknowledged: unknown[] = [];
  server.use(
    http.post('/api/ESSMainTain/GetFaultList', async ({ request }) => {
      lists.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { dataCount: rows.length, data: rows, counts: { active: 2, clearing: 1, cleared: 7 } }));
    }),
    http.post('/api/Alarm/AcknowledgeAlarms', async ({ request }) => {
      acknowledged.push(await request.json());
      return HttpResponse.json(envelope(200, { acknowledged: 1, already: 0 }));
    }),
  );
  return { lists, acknowledged };
}

describe('the fault search', { timeout: 60_000 }, () => {
  it('asks for the last 30 days by default, lists the alarms with their catalogue titles and the counts of each state', async () => {
    signIn(['servicer'], 'servicer');
    const { lists } = serve();
    renderAt(<SysFailureCheck />, PATH);
    expect(await screen.findByText('F401 · Inverter isolation fault (low insulation resistance)')).toBeInTheDocument();
    expect(screen.getByText('W101 · Battery over-temperature')).toBeInTheDocument();
    expect(screen.getByText('All · 10')).toBeInTheDocument();
    expect(screen.getByText('Clearing · 1')).toBeInTheDocument();
    const [body] = lists;
    expect(body).toMatchObject({ pageIndex: 1 });
    const days = (Date.parse(String(body!.to)) - Date.parse(String(body!.from))) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it('acknowledges the selected alarms with a note; an acknowledged one cannot be selected', async () => {
    signIn(['servicer'], 'servicer');
    const { acknowledged } = serve();
    renderAt(<SysFailureCheck />, PATH);
    const first = (await screen.findByText('F401 · Inverter isolation fault (low insulation resistance)')).closest('tr')!;
    const second = screen.getByText('W101 · Battery over-temperature').closest('tr')!;
    expect(within(second).getByRole('checkbox')).toBeDisabled();
    fireEvent.click(within(first).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Acknowledge 1 alarm' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Note (optional)' }), { target: { value: 'Visit booked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(acknowledged).toEqual([{ ids: [1], note: 'Visit booked' }]));
  });

  it('a state tab narrows the search to that state, from its first page', async () => {
    signIn(['servicer'], 'servicer');
    const { lists } = serve();
    renderAt(<SysFailureCheck />, `${PATH}?page=3`);
    fireEvent.click(await screen.findByText('Clearing · 1'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ states: ['clearing'], pageIndex: 1 }));
  });

  it('reads a shared link and drops what the server would refuse', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const { filters } = readAlarmQuery(
      new URLSearchParams(
        'from=2026-02-01&to=2026-02-10&severity=critical,fatal,critical&state=gone&component=inverter&ack=maybe&countryCode=DEU',
      ),
      // The default period is today's 30 days; a valid one from the link is kept.
      dayjs(now),
    );
    expect(filters).toEqual({ from: '2026-02-01', to: '2026-02-10', severities: ['critical'], component: 'inverter' });
  });
});
