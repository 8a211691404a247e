import { AbilityRoot } from '../../../src/auth/AbilityRoot';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import Notifications from '../../../src/features/messages/Notifications';
import { ExportButton } from '../../../src/features/monitoring/shared/charts/ExportButton';
import { statementCalls } from '../../../contract/complaints-calls';
import { envelope } from '../helpers';
import { signIn } from '../render-portal';
import { server } from '../setup';

/**
 * Background exports: the arrow beside an export button asks for the same file in the
 * background and says where it will be; the notification of a finished report downloads it for its asker.
 */
const PATH = '/Complaints/ExportStatisticalStatement';

function serveAsk() {
  const asked: Record<string, unknown>[] = [];
  server.use(
    http.post(`/api${PATH}`, async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { report_id: 5, background: true }, 'generated in the background'));
    }),
  );
  return asked;
}

const wrap = (element: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/Notifications']}>
        <App>
          <AbilityRoot>{element}</AbilityRoot>
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('export in the background', { timeout: 30_000 }, () => {
  it('sends the export body with background, and says the file will be in the notifications (and Generated reports for admins)', async () => {
    signIn(['servicer'], 'servicer');
    const asked = serveAsk();
    const view = wrap(<ExportButton endpoint={statementCalls.export} body={{ from: '2026-01', to: '2026-03' }} background />);
    fireEvent.click(screen.getByTestId(`export-more-${PATH}`));
    fireEvent.click(await screen.findByText('Export in the background'));
    await waitFor(() => expect(asked).toEqual([{ from: '2026-01', to: '2026-03', background: true }]));
    expect(
      await screen.findByText('The file is being made in the background. You will find it in your notifications when it is ready.'),
    ).toBeInTheDocument();
    view.unmount();

    signIn(['admin'], 'admin');
    wrap(<ExportButton endpoint={statementCalls.export} body={{ from: '2026-01', to: '2026-01' }} background />);
    fireEvent.click(screen.getByTestId(`export-more-${PATH}`));
    fireEvent.click(await screen.findByText('Export in the background'));
    expect(await screen.findByText(/and under Generated reports\.$/)).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it("a report's notification downloads the file for its asker", async () => {
    signIn(['customer'], 'customer');
    const downloads: unknown[] = [];
    const notice = {
      id: 3,
      message_id: 9,
      msgtitle: 'Your file is ready: lifetime-ESS1.xlsx',
      content: 'The Lifetime export you asked for is ready.',
      language: 'en',
      userread_flag: '0',
      publish_time: '2026-03-02T09:00:00.000Z',
      read_time: null,
      sender: '',
      report_id: 7,
    };
    server.use(
      http.post('/api/Message/GetListMyMsg', () =>
        HttpResponse.json(
          envelope(200, { data: [notice, { ...notice, id: 4, msgtitle: 'Tariff change', report_id: null }], dataCount: 2, unreadCount: 2 }),
        ),
      ),
      http.post('/api/Reports/DownloadReport', async ({ request }) => {
        downloads.push(await request.json());
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': 'attachment; filename="lifetime-ESS1.xlsx"',
          },
        });
      }),
    );
    wrap(<Notifications />);
    const button = await screen.findByTestId('report-download-7');
    // Only the report's notification has it.
    expect(document.querySelectorAll('[data-testid^="report-download-"]')).toHaveLength(1);
    fireEvent.click(button);
    await waitFor(() => expect(downloads).toEqual([{ id: 7 }]));
  });
});
