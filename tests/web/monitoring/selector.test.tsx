import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { showsSystemSelector, SystemSelector } from '../../../src/features/monitoring/shared/selector/SystemSelector';
import { STATUS_COLORS } from '../../../src/features/monitoring/shared/status';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from './render';

const systems = [
  {
    system_id: 1,
    sys_sn: 'ESS-A',
    sys_name: 'Home',
    popv: 6.92,
    minv: 'H6',
    poinv: 6,
    cobat: 13.200000000000001,
    mbat: 'CW',
    surpluscobat: 11.88,
    uscapacity: 90,
    ems_status: 'normal',
    trans_frequency: 300,
  },
  {
    system_id: 2,
    sys_sn: 'ESS-B',
    sys_name: 'Parents',
    popv: 7,
    minv: 'H5',
    poinv: 5,
    cobat: 10,
    mbat: 'LFP',
    surpluscobat: 9,
    uscapacity: 90,
    ems_status: 'WARNING',
    trans_frequency: 300,
  },
  {
    system_id: 3,
    sys_sn: 'ESS-C',
    sys_name: 'Bakery',
    popv: 31.700000000000003,
    minv: 'C30',
    poinv: 30,
    cobat: 102.4,
    mbat: 'Rack',
    surpluscobat: 92.16,
    uscapacity: 90,
    ems_status: null,
    trans_frequency: 300,
  },
];
const sum = (key: 'popv' | 'cobat') => Math.round(systems.reduce((s, x) => s + x[key], 0) * 100) / 100;
/** What /ESS/GetSystemsByCustomer answers for several systems: 'All' first with the sums (spec §3). */
const all = {
  ...systems[0]!,
  system_id: null,
  sys_sn: 'All',
  sys_name: 'All',
  popv: sum('popv'),
  poinv: 41,
  cobat: sum('cobat'),
  surpluscobat: 113.04,
  minv: '',
  mbat: '',
  ems_status: null,
};

function answerSystems(list: unknown[]) {
  server.use(http.post('/api/ESS/GetSystemsByCustomer', () => HttpResponse.json(envelope(200, list))));
}

describe('the sidebar system selector (spec §2, §3, §6)', () => {
  it('shows only to customers and sharers, and only on /dashboard', () => {
    expect(showsSystemSelector(['customer'], '/dashboard')).toBe(true);
    expect(showsSystemSelector(['sharer'], '/dashboard')).toBe(true);
    expect(showsSystemSelector(['customer', 'installer'], '/dashboard')).toBe(true);
    expect(showsSystemSelector(['customer'], '/BasicSettings/changePwd')).toBe(false);
    for (const role of ['admin', 'installer', 'servicer', 'supplier']) expect(showsSystemSelector([role], '/dashboard')).toBe(false);
  });

  it('lists the synthetic All entry first with the sums to 2 decimals, then every system', async () => {
    signIn(['customer']);
    answerSystems([all, ...systems]);
    renderAt(<SystemSelector />);
    const entries = await screen.findAllByRole('button', { pressed: undefined });
    expect(entries.map((e) => e.getAttribute('data-sn'))).toEqual(['All', 'ESS-A', 'ESS-B', 'ESS-C']);
    const figures = within(screen.getByTestId('figures-All'));
    expect(figures.getByText('45.62 kW')).toBeInTheDocument();
    expect(figures.getByText('125.60 kWh')).toBeInTheDocument();
    expect(within(screen.getByTestId('figures-ESS-A')).getByText('13.20 kWh')).toBeInTheDocument();
    expect(within(screen.getByTestId('figures-ESS-C')).getByText('31.70 kW')).toBeInTheDocument();
    // 'All' is selected when no sn is given
    expect(entries[0]).toHaveAttribute('aria-pressed', 'true');
  });

  it('preselects the system of ?sn=', async () => {
    signIn(['customer']);
    answerSystems([all, ...systems]);
    renderAt(<SystemSelector />, '/dashboard?sn=ESS-B');
    const entry = (await screen.findByText('Parents')).closest('button')!;
    expect(entry).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('All systems').closest('button')).toHaveAttribute('aria-pressed', 'false');
  });

  it('gives each system a status dot, case-insensitive, dark when unknown', async () => {
    signIn(['sharer']);
    answerSystems([all, ...systems]);
    renderAt(<SystemSelector />);
    await screen.findByText('Home');
    const dot = (name: string) => screen.getByText(name).closest('button')!.querySelector('.status-dot')!;
    expect(dot('Home')).toHaveAttribute('data-status', 'normal');
    expect(dot('Parents')).toHaveAttribute('data-status', 'warning');
    expect(dot('Bakery')).toHaveAttribute('data-status', 'unknown');
    expect((dot('Bakery') as HTMLElement).style.background).toBe(hexToRgb(STATUS_COLORS.unknown));
  });

  it('has no All entry for a single system', async () => {
    signIn(['customer']);
    answerSystems([systems[0]]);
    renderAt(<SystemSelector />);
    await screen.findByText('Home');
    expect(screen.queryByText('All systems')).toBeNull();
  });

  it('is not rendered for staff, nor off the dashboard', () => {
    signIn(['admin']);
    const { container } = renderAt(<SystemSelector />);
    expect(container.querySelector('.system-selector')).toBeNull();
    signIn(['customer']);
    answerSystems([all, ...systems]);
    const other = renderAt(<SystemSelector />, '/BasicSettings/elecPriceSetting');
    expect(other.container.querySelector('.system-selector')).toBeNull();
  });
});

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
