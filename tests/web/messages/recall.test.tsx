import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import InfoDistribution from '../../../src/features/messages/InfoDistribution';
import { envelope } from '../helpers';
import { signIn } from '../render-portal';
import { server } from '../setup';

/**
 * infoDistributionSys: a published message its publisher may recall shows 'Recall'; nothing is sent before the
 * confirmation is accepted (cancelling it sends nothing); once recalled the row shows 'Recalled', by whom and when.
 */
const row = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  title: 'Tariff change',
  titles: { en: 'Tariff change' },
  contents: { en: 'Text' },
  audience: { roles: ['installer'], countries: ['DE'] },
  public_notice: false,
  notice_until: null,
  by_email: true,
  status: 'published',
  publish_at: null,
  published_at: '2026-03-02T09:00:00.000Z',
  recipient_count: 3,
  read_count: 1,
  created_by: 'Li Wei',
  published_by: 'Li Wei',
  recalled_at: null,
  recalled_by: null,
  can_recall: true,
  created_at: '2026-03-02T08:00:00.000Z',
  updated_at: '2026-03-02T09:00:00.000Z',
  ...overrides,
});

function serve() {
  const recalls: unknown[] = [];
  let recalled = false;
  server.use(
    http.post('/api/InfoDistribution/GetInfoDistributionPageList', () =>
      HttpResponse.json(
        envelope(
          200,
          {
            data: [
              recalled
                ? row({ status: 'recalled', can_recall: false, recalled_at: '2026-03-02T10:00:00.000Z', recalled_by: 'Li Wei' })
                : row(),
            ],
            dataCount: 1,
          },
          'Success',
        ),
      ),
    ),
    http.post('/api/InfoDistribution/RecallInfoDistribution', async ({ request }) => {
      recalls.push(await request.json());
      recalled = true;
      return HttpResponse.json(envelope(200, { count: 2 }, 'Success'));
    }),
  );
  return { recalls };
}

describe('recalling a message', { timeout: 30_000 }, () => {
  it('asks first, then recalls; the row shows it recalled, by whom', async () => {
    signIn(['servicer'], 'servicer');
    const { recalls } = serve();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/OtherInformation/infoDistributionSys']}>
          <App>
            <InfoDistribution />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('distribution-recall'));
    expect(await screen.findByText('Recall this message?')).toBeInTheDocument();
    // Declining sends nothing.
    const buttons = () => document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm-buttons button');
    fireEvent.click(buttons()[0]!);
    await waitFor(() => expect(document.querySelector('.ant-popover:not(.ant-popover-hidden)')).toBeNull());
    expect(recalls).toEqual([]);

    fireEvent.click(screen.getByTestId('distribution-recall'));
    await waitFor(() => expect(buttons()[1]?.textContent).toBe('Recall'));
    fireEvent.click(buttons()[1]!);
    await waitFor(() => expect(recalls).toEqual([{ id: 7 }]));
    expect(await screen.findByText('Message recalled; 2 e-mails not yet sent will not be sent')).toBeInTheDocument();
    const state = await screen.findByTestId('distribution-recalled');
    expect(state.textContent).toContain('Recalled');
    expect(state.textContent).toContain('Li Wei');
    expect(screen.queryByTestId('distribution-recall')).toBeNull();
  });
});
