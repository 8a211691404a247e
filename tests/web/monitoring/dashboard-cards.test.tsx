import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import CustomerDashboard from '../../../src/features/monitoring/dashboard/CustomerDashboard';
import { SidebarProvider } from '../../../src/layout/SidebarContext';
import { envelope } from '../helpers';
import { server } from '../setup';
import { renderAt, signIn } from './render';

const system = { sys_sn: 'ESS-1', sys_name: 'Haus Becker', ems_status: 'normal', popv: 9.8, poinv: 8, cobat: 10, surpluscobat: 6 };

/** A customer with one system and this choice of cards; the figures never come (the cards' order is what is looked at). */
function dashboardOf(settings: Record<string, unknown>) {
  const saved: unknown[] = [];
  server.use(
    http.post('/api/ESS/GetSystemsByCustomer', () => HttpResponse.json(envelope(200, [system]))),
    http.get('/api/ESS/GetIndexESSSet', () => HttpResponse.json(envelope(200, settings))),
    http.post('/api/ESS/SaveIndexESSSet', async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json(envelope(200, null));
    }),
    http.post('/api/ESS/SticsSummeryDataForCustomer', () => new Promise<never>(() => {})),
    http.get('/api/ESS/GetSecondDataBySn', () => new Promise<never>(() => {})),
  );
  signIn(['customer'], 'becker');
  renderAt(
    <SidebarProvider>
      <CustomerDashboard />
    </SidebarProvider>,
  );
  return saved;
}

const shownCards = () => [...document.querySelectorAll('.monitor [data-card]')].map((col) => col.getAttribute('data-card'));

describe("the customer's dashboard cards, chosen and ordered by the user (GetIndexESSSet / SaveIndexESSSet)", () => {
  it('shows the cards the user kept, in their order', async () => {
    dashboardOf({ cards: ['today', 'flow', 'faults'] });
    await screen.findByTestId('system-title');
    expect(shownCards()).toEqual(['today', 'flow', 'faults']);
  });

  it('shows every card in the default order when the user chose none', async () => {
    dashboardOf({});
    await screen.findByTestId('system-title');
    expect(shownCards()).toEqual(['figures', 'flow', 'today', 'day', 'bars', 'income', 'weather', 'faults', 'components']);
  });

  it('Customize: ticks and moves cards, saves them with the other preferences, and the dashboard follows', async () => {
    const saved = dashboardOf({ cards: ['today', 'flow'], theme: 'compact' });
    fireEvent.click(await screen.findByRole('button', { name: /Customize/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('checkbox', { name: 'Today' })).toBeChecked();
    expect(within(drawer).getByRole('checkbox', { name: 'System' })).not.toBeChecked();
    // The system's figures: shown, and moved to the top.
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'System' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Move System up' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Move System up' }));
    expect(within(drawer).getByRole('button', { name: 'Move System up' })).toBeDisabled();
    // Today's card: left out.
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Today' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual([{ settings: { cards: ['figures', 'flow'], theme: 'compact' } }]));
    await waitFor(() => expect(shownCards()).toEqual(['figures', 'flow']));
  });

  it('cannot save a dashboard without any card, and says so', async () => {
    const saved = dashboardOf({ cards: ['flow'] });
    fireEvent.click(await screen.findByRole('button', { name: /Customize/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('checkbox', { name: 'Power flow' }));
    expect(within(drawer).getByText('Choose at least one card.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeDisabled();
    // Default: every card again.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Default' }));
    expect(
      within(drawer)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).checked),
    ).toBe(true);
    expect(saved).toEqual([]);
  });
});
