import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EnergyBarsCard } from '../../../src/features/monitoring/shared/charts/EnergyBarsCard';
import { DayCurveCard } from '../../../src/features/monitoring/shared/charts/DayCurveCard';
import { i18n } from '../../../src/i18n';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

/** The lifetime view exports its table; the day curve's date reads as the language writes it. */
const zero = { pv_kwh: 0, load_kwh: 0, charge_kwh: 0, discharge_kwh: 0, import_kwh: 0, export_kwh: 0, self_consumption_kwh: 0 };
const exported: unknown[] = [];
beforeEach(() => {
  exported.length = 0;
  server.use(
    http.post('/api/Power/SticsByDay', async ({ request }) => {
      const { date } = (await request.json()) as { date: string };
      return HttpResponse.json(envelope(200, { sn: 'ESS-A', date, time_zone: 'Europe/Berlin', points: [] }));
    }),
    http.post('/api/Power/SticsByPeriod', async ({ request }) => {
      const { period, date } = (await request.json()) as { period: string; date: string };
      const bars =
        period === 'lifetime'
          ? [
              { label: '2025', ...zero, pv_kwh: 4100 },
              { label: '2026', ...zero, pv_kwh: 3900 },
            ]
          : [];
      return HttpResponse.json(
        envelope(200, { period, date, bars, totals: { ...zero, pv_kwh: 8000, self_consumption_rate: null, autarky_rate: null } }),
      );
    }),
    http.post('/api/Statistic/ExportLifetimeStatistic', async ({ request }) => {
      exported.push(await request.json());
      return HttpResponse.json(envelope(8, null));
    }),
  );
});
afterEach(() => i18n.changeLanguage('en'));

it('the lifetime view offers the export of its table, for the system shown; a month offers the daily statistics', async () => {
  signIn(['customer']);
  renderAt(<EnergyBarsCard sn="ESS-A" today="2026-03-01" />);
  expect(screen.getByTestId('export-/Statistic/ExportSystemStatistic')).toBeInTheDocument();
  expect(screen.queryByTestId('export-/Statistic/ExportLifetimeStatistic')).toBeNull();

  fireEvent.click(screen.getByText('Lifetime'));
  const lifetimeExport = await screen.findByTestId('export-/Statistic/ExportLifetimeStatistic');
  expect(lifetimeExport).toHaveAccessibleName('Export the lifetime as Excel');
  expect(screen.queryByTestId('export-/Statistic/ExportSystemStatistic')).toBeNull();
  fireEvent.click(lifetimeExport);
  await waitFor(() => expect(exported).toEqual([{ sn: 'ESS-A' }]));
});

it('the day curve shows its date as the language writes it, not as an ISO date', async () => {
  signIn(['customer']);
  await i18n.changeLanguage('de');
  const { unmount } = renderAt(<DayCurveCard sn="ESS-A" today="2026-03-01" />);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Tag' }).value).toBe('01.03.2026');
  unmount();
  await i18n.changeLanguage('en');
  renderAt(<DayCurveCard sn="ESS-A" today="2026-03-01" />);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Day' }).value).toBe('Mar 1, 2026');
});
