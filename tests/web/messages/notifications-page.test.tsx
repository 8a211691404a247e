import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import Notifications from '../../../src/features/messages/Notifications';
import { envelope } from '../helpers';
import { signIn } from '../render-portal';
import { server } from '../setup';

/** /Notifications: the filters reach the list call; opening an unread one shows it and marks it read. */
const row = (id: number, read: boolean) => ({
  id,
  message_id: id,
  msgtitle: `Tariff change ${id}`,
  content: `Text ${id}`,
  language: 'en',
  userread_flag: read ? '1' : '0',
  publish_time: '2026-03-02T09:00:00.000Z',
  read_time: null,
  sender: 'Li Wei',
});

function serve() {
  const lists: Array<Record<string, unknown>> = [];
  const marked: unknown[] = [];
  server.use(
    http.post('/api/Message/GetListMyMsg', async ({ request }) => {
      lists.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { data: [row(1, false), row(2, true)], dataCount: 2, unreadCount: 1 }, 'Success'));
    }),
    http.post('/api/Message/GetQueryMyMsg', () => HttpResponse.json(envelope(200, row(1, false), 'Success'))),
    http.post('/api/Message/UpdateMyMsg', async ({ request }) => {
      marked.push(await request.json());
      return HttpResponse.json(envelope(200, { count: 1 }, 'Success'));
    }),
  );
  return { lists, marked };
}

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/Notifications']}>
        <App>
          <Notifications />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('/Notifications', { timeout: 30_000 }, () => {
  it('filters by unread and words; opening an unread one shows it and marks it read', async () => {
    signIn(['customer'], 'customer');
    const { lists, marked } = serve();
    open();
    expect((await screen.findAllByText('Tariff change 1')).length).toBeGreaterThan(0);
    expect(lists[0]).toMatchObject({ pageIndex: 1, pageSize: 20, language: 'en' });
    fireEvent.click(document.querySelector('.ant-segmented')!.querySelectorAll('.ant-segmented-item')[1]!);
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ read: 'unread' }));
    const search = screen.getByPlaceholderText('Search title or text');
    fireEvent.change(search, { target: { value: 'tariff' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ read: 'unread', keyword: 'tariff' }));

    fireEvent.click(screen.getAllByText('Tariff change 1')[0]!);
    expect(await screen.findByTestId('notification-body')).toHaveTextContent('Text 1');
    await waitFor(() => expect(marked).toEqual([{ ids: [1], read: true }]));
  });
});
