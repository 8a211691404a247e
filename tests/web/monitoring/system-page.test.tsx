import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { StatisticsTable } from '../../../src/features/monitoring/shared/charts/StatisticsTable';
import { RemarkEditor } from '../../../src/features/monitoring/storage/RemarkEditor';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from './render';

describe("the system page's remark", () => {
  it('who may write edits it in place; the new text goes to UpdateSystemRemark', async () => {
    signIn(['installer']);
    const saved: unknown[] = [];
    server.use(
      http.post('/api/ESS/UpdateSystemRemark', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(envelope(200, null));
      }),
    );
    renderAt(<RemarkEditor sn="ESS-1" remark="Key at the neighbour" canEdit />, '/EnergyStorageList/energyStorageList?sn=ESS-1');
    expect(screen.getByText('Key at the neighbour')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the remark' }));
    const field = screen.getByRole('textbox');
    fireEvent.change(field, { target: { value: '  Key at the neighbour, dog in the garden  ' } });
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 13 });
    fireEvent.keyUp(field, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(saved).toEqual([{ sn: 'ESS-1', remark: 'Key at the neighbour, dog in the garden' }]));
  });

  it('is read-only text for those who only read', () => {
    signIn(['supplier']);
    renderAt(<RemarkEditor sn="ESS-1" remark="Key at the neighbour" canEdit={false} />);
    expect(screen.getByText('Key at the neighbour')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the remark' })).toBeNull();
  });
});

describe('the statistics table beside its export', () => {
  const row = (day: string, sys_sn: string, pv: number) => ({
    day,
    sys_sn,
    pv_kwh: pv,
    load_kwh: 12.34,
    charge_kwh: 4,
    discharge_kwh: 3.5,
    import_kwh: 2,
    export_kwh: 6.25,
    self_consumption_kwh: 10,
    self_consumption_rate: 61.5,
    autarky_rate: 83.8,
  });

  it("shows SystemStatistic's rows of the period: energy per day and the rates", async () => {
    signIn(['customer']);
    let asked: unknown;
    server.use(
      http.post('/api/Statistic/SystemStatistic', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json(envelope(200, [row('2026-03-01', 'ESS-1', 18.4), row('2026-03-02', 'ESS-1', 21.06)]));
      }),
    );
    renderAt(<StatisticsTable sn="ESS-1" beginDate="2026-03-01" endDate="2026-03-31" />);
    const cell = await screen.findByText('21.1');
    expect(asked).toEqual({ sn: 'ESS-1', beginDate: '2026-03-01', endDate: '2026-03-31' });
    const tr = cell.closest('tr')!;
    expect(within(tr).getByText('12.3')).toBeInTheDocument();
    expect(within(tr).getByText('61.5%')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Sold (kWh)' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'S/N' })).toBeNull();
  });

  it("names the system of each row for 'All'", async () => {
    signIn(['customer']);
    server.use(
      http.post('/api/Statistic/SystemStatistic', () =>
        HttpResponse.json(envelope(200, [row('2026-03-01', 'ESS-1', 18), row('2026-03-01', 'ESS-2', 30)])),
      ),
    );
    renderAt(<StatisticsTable sn="All" beginDate="2026-03-01" endDate="2026-03-31" />);
    expect(await screen.findByText('ESS-2')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'S/N' })).toBeInTheDocument();
  });
});
