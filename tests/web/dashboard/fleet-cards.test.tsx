import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaultSystemsCard } from '../../../src/features/monitoring/dashboard/fleet/FaultSystemsCard';
import { OfflineSystemsCard } from '../../../src/features/monitoring/dashboard/fleet/OfflineSystemsCard';
import type { FleetFaultRow, FleetOfflineRow } from '../../../contract/monitoring';
import { renderAt, signIn } from '../monitoring/render';

const fault: FleetFaultRow = {
  sys_sn: 'ESS2024A0007',
  sys_name: 'Casa Ferrari',
  ems_status: 'fault',
  time_zone: 'Europe/Rome',
  code: 'UNLISTED',
  level: 'fault',
  description: 'Battery over temperature',
  started_at: '2026-11-24T08:00:00Z',
  open_faults: 3,
};
const offline: FleetOfflineRow = {
  sys_sn: 'ESS2024A0009',
  sys_name: 'Haus Becker',
  last_seen_at: null,
  time_zone: 'Europe/Berlin',
  country_code: 'DE',
  city: 'Freiburg',
};

describe("the staff home's lists of systems", () => {
  it('link each S/N to the system page, name the system, and show their own columns and total', async () => {
    signIn(['admin']);
    renderAt(
      <>
        <FaultSystemsCard faults={{ data: [fault], dataCount: 4 }} />
        <OfflineSystemsCard offline={{ data: [offline], dataCount: 1 }} />
      </>,
    );
    const faultLink = await screen.findByRole('link', { name: 'ESS2024A0007' });
    expect(faultLink).toHaveAttribute('href', '/EnergyStorageList/energyStorageList?sn=ESS2024A0007');
    expect(screen.getByText('Casa Ferrari')).toBeInTheDocument();
    expect(screen.getByText('Battery over temperature')).toBeInTheDocument();
    expect(screen.getByText(/2 more open/)).toBeInTheDocument();
    expect(screen.getByText('4 in all')).toBeInTheDocument();

    const offlineLink = screen.getByRole('link', { name: 'ESS2024A0009' });
    expect(offlineLink).toHaveAttribute('href', '/EnergyStorageList/energyStorageList?sn=ESS2024A0009');
    const offlineRow = offlineLink.closest('tr') as HTMLElement;
    expect(within(offlineRow).getByText('Never reported')).toBeInTheDocument();
    expect(within(offlineRow).getByText(/Freiburg/)).toBeInTheDocument();
  });

  it('say so in a sentence when no system is listed', async () => {
    signIn(['admin']);
    renderAt(
      <>
        <FaultSystemsCard faults={{ data: [], dataCount: 0 }} />
        <OfflineSystemsCard offline={{ data: [], dataCount: 0 }} />
      </>,
    );
    expect(await screen.findByText('No system has an active fault')).toBeInTheDocument();
    expect(screen.getByText('No system has been offline for more than a day')).toBeInTheDocument();
  });
});
