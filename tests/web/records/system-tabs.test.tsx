import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { InstallationTab, MaintenanceTab } from '../../../src/features/records/SystemRecordTabs';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';

/**
 * The system page's record tabs: the installation as recorded (read only for an installer past its window, with the
 * replacement of a component while it may), the component history, and the maintenance records of exactly this system
 * with what each replaced, a new record offered to whoever may write one.
 */
const SN = 'ESS2024A0001';
const installation = (editable: boolean) => ({
  id: 7,
  sys_sn: SN,
  installer_company: 'Sole Impianti S.r.l.',
  installer_person: 'Marco Bianchi',
  installed_on: '2026-01-10',
  commissioned_on: '2026-01-11',
  components: 'battery: BAT0001 (LFP-5.0 HV)\ninverter: INV0001 (ESS-H5 Hybrid)',
  wiring_notes: 'AC on a 32 A breaker',
  settings_notes: '',
  insulation_mohm: 550,
  grid_code: 'CEI 0-21',
  ct_direction_checked: true,
  backup_tested: false,
  customer_instructed: true,
  check_notes: '',
  accepted_by: 'Giulia Rossi',
  accepted_on: '2026-01-11',
  editable_until: '2026-02-10',
  editable,
});
const visits = [
  {
    id: 3,
    sys_sn: SN,
    performed_on: '2026-02-20',
    performed_time: '09:30',
    kind: 'visit',
    engineer: 'servicepartner',
    remarks: 'Cell imbalance on module 2',
    work_done: 'Module swapped',
    parts_replaced: 'battery: BAT0001 → BAT0009',
    installer_company: 'Sole Impianti S.r.l.',
  },
  // The list's S/N filter matches parts of S/Ns: another system's record is not this one's.
  { id: 4, sys_sn: `${SN}9`, performed_on: '2026-02-21', performed_time: '10:00', kind: 'remote', engineer: 'x', remarks: 'Other system' },
];

function answer(editable: boolean) {
  server.use(
    http.post('/api/ESSMainTain/GetTheSysInstall', () =>
      HttpResponse.json(envelope(200, { data: [installation(editable)], dataCount: 1 })),
    ),
    http.post('/api/ESSMainTain/GetMaintenancePageList', () => HttpResponse.json(envelope(200, { data: visits, dataCount: 2 }))),
    http.post('/api/ESSMainTain/GetComponentHistory', () =>
      HttpResponse.json(
        envelope(200, [
          {
            id: 1,
            sys_sn: SN,
            kind: 'battery',
            old_sn: 'BAT0001',
            new_sn: 'BAT0009',
            old_model: 'LFP-5.0 HV',
            new_model: 'LFP-5.0 HV',
            reason: 'Cell imbalance',
            old_sn_state: 'banned',
            maintenance_record_id: 3,
            changed_by: 'servicepartner',
            changed_at: '2026-02-20T09:30:00Z',
          },
        ]),
      ),
    ),
  );
}

describe('the installation tab', () => {
  it('an installer past the window reads the record, its checks and the history, with no replacement offered', async () => {
    signIn(['installer']);
    answer(false);
    renderAt(<InstallationTab sysSn={SN} />, '/EnergyStorageList/energyStorageList');
    expect(await screen.findByText('Marco Bianchi')).toBeInTheDocument();
    expect(screen.getByText('CEI 0-21')).toBeInTheDocument();
    expect(screen.getByText(/Read only for the installer since/)).toBeInTheDocument();
    const swap = (await screen.findByText('BAT0009')).closest('tr')!;
    expect(within(swap).getByText('Held for inspection')).toBeInTheDocument();
    expect(screen.queryByTestId('replace-component')).toBeNull();
  });

  it('within the window the installer may replace a component', async () => {
    signIn(['installer']);
    answer(true);
    renderAt(<InstallationTab sysSn={SN} />, '/EnergyStorageList/energyStorageList');
    expect(await screen.findByTestId('replace-component')).toHaveTextContent('Replace a component');
  });

  it('a system without a record offers its installer to record it, and nobody who may not', async () => {
    answer(true);
    server.use(http.post('/api/ESSMainTain/GetTheSysInstall', () => HttpResponse.json(envelope(200, { data: [], dataCount: 0 }))));
    signIn(['installer']);
    const { unmount } = renderAt(<InstallationTab sysSn={SN} />, '/EnergyStorageList/energyStorageList');
    expect(await screen.findByText('No installation record yet')).toBeInTheDocument();
    expect(screen.getByTestId('create-installation')).toBeInTheDocument();
    unmount();
    signIn(['servicepartner']);
    renderAt(<InstallationTab sysSn={SN} />, '/EnergyStorageList/energyStorageList');
    expect(await screen.findByText('No installation record yet')).toBeInTheDocument();
    expect(screen.queryByTestId('create-installation')).toBeNull();
  });
});

describe('the maintenance tab', () => {
  it("a service partner sees this system's records with the parts replaced, and may add one", async () => {
    signIn(['servicepartner']);
    answer(true);
    renderAt(<MaintenanceTab sysSn={SN} />, '/EnergyStorageList/energyStorageList');
    const row = (await screen.findByText('Cell imbalance on module 2')).closest('tr')!;
    expect(within(row).getByText('Visit on site')).toBeInTheDocument();
    expect(within(row).getByText('battery: BAT0001 → BAT0009')).toBeInTheDocument();
    expect(screen.queryByText('Other system')).toBeNull();
    expect(screen.getByTestId('add-maintenance')).toBeInTheDocument();
  });
});
