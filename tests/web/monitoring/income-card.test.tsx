import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../src/i18n';
import { IncomeCard } from '../../../src/features/monitoring/shared/charts/IncomeCard';
import type { IncomeBars, PayoffTotal } from '../../../contract/monitoring';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from './render';

const payoff: PayoffTotal = {
  currency: 'EUR',
  system_cost: 100,
  cost_hidden: false,
  commissioned_on: '2024-11-20',
  income_since_commissioning: 14.65,
  days_reported: 5,
  days_in_service: 468,
  gaps: [{ sn: 'ESS-A', days_reported: 5, days_in_service: 468 }],
  daily_income: 3.15,
  payback_percent: 14.7,
  payback_date: '2026-03-30',
  payback_basis: 'last_12_months',
  systems: 1,
  excluded: [],
};
const bars: IncomeBars = {
  period: 'year',
  date: '2025-06-15',
  currency: 'EUR',
  bars: [{ label: '2025-06', savings: 9.1, feed_in: 1.39, income: 10.49 }],
  total: 10.49,
  excluded: [],
};

function answer(total: PayoffTotal) {
  server.use(
    http.post('/api/Income/PayoffTotalResult', () => HttpResponse.json(envelope(200, total))),
    http.post('/api/Income/PayoffStatistic', () => HttpResponse.json(envelope(200, bars))),
  );
}

afterEach(() => i18n.changeLanguage('en'));

// The first render fetches the chart library and the German texts: on a busy machine that takes a while.
describe('income card', { timeout: 60_000 }, () => {
  it('says an estimated payback is an estimate and how it was made, and which days have no data (German)', async () => {
    signIn(['customer']);
    await i18n.changeLanguage('de');
    answer(payoff);
    renderAt(<IncomeCard sn="ESS-A" today="2026-03-02" canEdit />);
    expect(await screen.findByText('Geschätzt aus dem Ertrag der letzten 12 Monate', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Ertrag seit Inbetriebnahme')).toBeInTheDocument();
    expect(screen.getByText('14,65 €')).toBeInTheDocument();
    expect(screen.getByText('Daten für 5 von 468 Betriebstagen: Die Zahlen zählen nur Tage mit Daten.')).toBeInTheDocument();
    expect(screen.getByText('Anlagenkosten')).toBeInTheDocument();
  });

  it('a payback reached is a date, not an estimate', async () => {
    signIn(['customer']);
    answer({ ...payoff, system_cost: 10, payback_percent: 146.5, payback_date: '2025-06-30', payback_basis: 'reached', gaps: [] });
    renderAt(<IncomeCard sn="ESS-A" today="2026-03-02" canEdit />);
    expect(await screen.findByText('Paid back on', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Estimated/)).toBeNull();
    expect(screen.queryByText(/days in service/)).toBeNull();
  });

  it('shows a partner no cost and no payback', async () => {
    signIn(['installer']);
    answer({ ...payoff, cost_hidden: true, system_cost: null, payback_percent: null, payback_date: null, payback_basis: null });
    renderAt(<IncomeCard sn="ESS-A" today="2026-03-02" canEdit={false} />);
    expect(await screen.findByText('Income since commissioning', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText('System cost')).toBeNull();
    expect(screen.queryByText('Payback date')).toBeNull();
    expect(screen.queryByText('Not set')).toBeNull();
  });

  it('the table view lists the bars and their total, as the export does', async () => {
    signIn(['customer']);
    answer(payoff);
    renderAt(<IncomeCard sn="ESS-A" today="2026-03-02" canEdit />);
    await screen.findByText('Income since commissioning', {}, { timeout: 20_000 });
    fireEvent.click(screen.getByTitle('Table'));
    const row = (await screen.findByText('€10.49', {}, { timeout: 20_000 })).closest('tr')!;
    expect(within(row).getByText('€9.10')).toBeInTheDocument();
    expect(screen.getByText('Total: €10.49 (savings €9.10, feed-in €1.39)')).toBeInTheDocument();
  });
});
