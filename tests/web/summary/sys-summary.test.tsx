import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import SysSummaryInfo from '../../../src/features/summary/SysSummaryInfo';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';

const rows = [
  {
    sys_sn: 'ESS-FAULTY',
    sys_name: 'Harbour roof',
    minv: 'H6 Hybrid',
    popv: 9.6,
    poinv: 6,
    cobat: 11,
    inverter_fw: 'ARM 1.4.12',
    battery_fw: 'BMS 3.2.5',
    meter_fw: null,
    ems_fw: 'EMS 2.0.1',
    ems_status: 'fault',
    installer: 'SunFit GmbH',
    customer: 'Anna Berg',
    country_code: 'DE',
    city: 'Hamburg',
    commissioned_on: '2025-04-01',
    last_seen_at: '2026-03-02T07:00:00Z',
    time_zone: 'Europe/Berlin',
    open_faults: 2,
    worst_fault_level: 'fault',
    open_complaints: 1,
  },
  {
    sys_sn: 'ESS-QUIET',
    sys_name: '',
    minv: 'H6 Hybrid',
    popv: 5,
    poinv: 5,
    cobat: 5.5,
    inverter_fw: null,
    battery_fw: null,
    meter_fw: null,
    ems_fw: null,
    ems_status: null,
    installer: null,
    customer: null,
    country_code: 'JP',
    city: '',
    commissioned_on: null,
    last_seen_at: null,
    time_zone: 'Asia/Tokyo',
    open_faults: 0,
    worst_fault_level: null,
    open_complaints: 0,
  },
];

/** Answers the list and keeps each body it was asked with. */
function answer() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/Information/GetEssSummaryList', async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { data: rows, dataCount: 42 }));
    }),
  );
  return bodies;
}

describe('system summary', () => {
  it('shows each system with its figures, the filters of the URL sent as the call asks them', async () => {
    signIn(['admin']);
    const bodies = answer();
    renderAt(
      <SysSummaryInfo />,
      '/OtherInformation/sysSummaryInfo?faults=yes&complaints=no&status=fault&countryCode=DE&sort=open_faults&order=desc&page=2',
    );
    const row = (await screen.findByText('ESS-FAULTY')).closest('tr')!;
    expect(within(row).getByText('2 · Fault')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
    expect(within(row).getByText('Anna Berg')).toBeInTheDocument();
    expect(within(row).getByText('9.6 kW')).toBeInTheDocument();
    expect(row.textContent).toContain('Germany, Hamburg');
    expect(screen.getByText('42 systems')).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      pageIndex: 2,
      pageSize: 20,
      hasOpenFaults: true,
      hasOpenComplaints: false,
      status: 'fault',
      countryCode: 'DE',
      sort: [{ field: 'open_faults', order: 'desc' }],
    });
    // What the system lacks is a dash, not an empty cell or 'null'.
    const quiet = screen.getByText('ESS-QUIET').closest('tr')!;
    expect(quiet.textContent).not.toContain('null');
    expect(within(quiet).getAllByText('–').length).toBeGreaterThan(3);
  });

  it('a search starts on the first page; a column header sorts by its column', async () => {
    signIn(['admin']);
    const bodies = answer();
    renderAt(<SysSummaryInfo />, '/OtherInformation/sysSummaryInfo?page=3');
    await screen.findByText('ESS-FAULTY');
    fireEvent.change(screen.getByLabelText('S/N or name'), { target: { value: ' harbour ' } });
    fireEvent.change(screen.getByLabelText('Firmware version'), { target: { value: 'BMS 3' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ pageIndex: 1, q: 'harbour', firmware: 'BMS 3' }));
    fireEvent.click(screen.getAllByText('Open complaints').find((el) => el.closest('th'))!);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ q: 'harbour', sort: [{ field: 'open_complaints', order: 'asc' }] }));
  });
});
