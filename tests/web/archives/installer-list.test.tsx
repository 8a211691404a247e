import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InstallerScorecard } from '../../../contract/installers';
import InstallerArchives from '../../../src/features/archives/InstallerArchives';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../render-portal';
import { server } from '../setup';

/**
 * /installerdetail's list: each scorecard figure in the reader's format linking to the records
 * behind it, '–' where there is nothing to divide by, sortable; only staff who see every system open new files.
 */
const card = (overrides: Partial<InstallerScorecard>): InstallerScorecard => ({
  id: 1,
  name: 'Alpha Solar',
  contact: 'A',
  license: 'L-A',
  window_from: '2025-11-26',
  window_to: '2026-11-25',
  systems: 4,
  complaints: 4,
  complaints_per_100: 100,
  median_resolution_hours: 72,
  reopened_share: 0.25,
  average_rating: 4,
  faults_per_system_month: 3 / 39,
  ...overrides,
});

function serve(cards: InstallerScorecard[]) {
  server.use(http.post('/api/Installer/GetInstallerScorecards', () => HttpResponse.json(envelope(200, cards, 'Success'))));
}

/** A column's header (the column chooser names the columns too). */
const header = (title: string) => screen.getAllByText(title).find((element) => element.closest('th'))!;

const render = () =>
  renderAt('/installerdetail', '/installerdetail', <InstallerArchives />, [{ name: 'installerdetail', list: '/installerdetail' }]);

describe('the installer scorecard list', { timeout: 30_000 }, () => {
  it('shows each figure formatted, linked to its records, and – for none', async () => {
    signIn(['servicer'], 'servicer');
    serve([
      card({}),
      card({
        id: 2,
        name: 'Beta Bau',
        license: 'L-B',
        systems: 0,
        complaints: 0,
        complaints_per_100: null,
        median_resolution_hours: null,
        reopened_share: null,
        average_rating: null,
        faults_per_system_month: null,
      }),
    ]);
    render();
    const alpha = (await screen.findByText('Alpha Solar')).closest('tr')!;
    // A complaint figure opens the complaint list of the installer's systems over the days it counts, narrowed to the
    // complaints it is computed from.
    const complaints = '/customerComplaintList?installer=1&from=2025-11-26&to=2026-11-25';
    expect(within(alpha).getByText('100').closest('a')!.getAttribute('href')).toBe(complaints);
    expect(within(alpha).getByText('3 days').closest('a')!.getAttribute('href')).toBe(`${complaints}&outcome=resolved`);
    expect(within(alpha).getByText('25%').closest('a')!.getAttribute('href')).toBe(`${complaints}&outcome=reopened`);
    expect(within(alpha).getByText('4 / 5').closest('a')!.getAttribute('href')).toBe(`${complaints}&outcome=rated`);
    expect(within(alpha).getByText('0.08').closest('a')!.getAttribute('href')).toBe(
      '/EnergyStorageList/energyStorageList?installer=Alpha%20Solar',
    );
    const beta = screen.getByText('Beta Bau').closest('tr')!;
    expect(within(beta).getAllByText('–')).toHaveLength(5);
    expect(screen.getByTestId('installer-new')).toBeTruthy();
  });

  it('sorts by a figure, the empty ones last', async () => {
    signIn(['servicer'], 'servicer');
    serve([
      card({ id: 1, name: 'Alpha Solar', complaints_per_100: 100 }),
      card({ id: 2, name: 'Beta Bau', complaints_per_100: null }),
      card({ id: 3, name: 'Gamma PV', complaints_per_100: 250 }),
    ]);
    render();
    await screen.findByText('Alpha Solar');
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td a')?.textContent);
    fireEvent.click(header('Complaints per 100 systems'));
    await waitFor(() => expect(names()).toEqual(['Beta Bau', 'Alpha Solar', 'Gamma PV']));
    fireEvent.click(header('Complaints per 100 systems'));
    await waitFor(() => expect(names()).toEqual(['Gamma PV', 'Alpha Solar', 'Beta Bau']));
  });

  it('offers no new file to an installer', async () => {
    signIn(['installer'], 'installer');
    serve([card({})]);
    render();
    await screen.findByText('Alpha Solar');
    expect(screen.queryByTestId('installer-new')).toBeNull();
  });
});
