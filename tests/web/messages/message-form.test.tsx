import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MessageForm } from '../../../src/features/messages/MessageForm';
import { envelope } from '../helpers';
import { signIn } from '../render-portal';
import { server } from '../setup';

/** The message form: a language left empty takes another's texts by 'copy from'; the audience is previewed; a draft is saved. */
function serve() {
  const saved: Array<Record<string, unknown>> = [];
  const previews: unknown[] = [];
  server.use(
    http.post('/api/InfoDistribution/GetAudienceOptions', () =>
      HttpResponse.json(envelope(200, { models: ['ESS-H10'], firmwareVersions: ['3.2.0'] }, 'Success')),
    ),
    http.post('/api/InfoDistribution/SearchAudienceUsers', () => HttpResponse.json(envelope(200, [], 'Success'))),
    http.post('/api/InfoDistribution/PreviewAudience', async ({ request }) => {
      previews.push(await request.json());
      return HttpResponse.json(envelope(200, { count: 14, sample: [{ id: 1, username: 'customer', name: 'Anna' }] }, 'Success'));
    }),
    http.post('/api/InfoDistribution/SaveInfoDistribution', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json(envelope(200, { ...body, id: 1, status: 'draft', recipient_count: 0 }, 'Success'));
    }),
  );
  return { saved, previews };
}

describe('the message form', { timeout: 60_000 }, () => {
  it('copies the English texts into German, shows whom the audience reaches and saves a draft', async () => {
    signIn(['servicer'], 'servicer');
    const { saved, previews } = serve();
    const onSaved = vi.fn(async () => {});
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <App>
            <MessageForm onClose={() => {}} onSaved={onSaved} />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const active = () => document.querySelector('.ant-tabs-tabpane-active')!;
    await waitFor(() => expect(active().querySelector('input')).not.toBeNull());
    fireEvent.change(active().querySelector('input')!, { target: { value: 'Firmware 3.2.0' } });
    fireEvent.change(active().querySelector('textarea')!, { target: { value: 'Better charging' } });
    fireEvent.click(screen.getByTestId('lang-tab-de'));
    fireEvent.click(await screen.findByTestId('copy-into-de'));
    fireEvent.click(await screen.findByText('English', { selector: '.ant-dropdown-menu-title-content' }));
    await waitFor(() => expect((active().querySelector('input') as HTMLInputElement).value).toBe('Firmware 3.2.0'));
    fireEvent.click(screen.getByText('Everyone'));
    await waitFor(() => expect(previews.at(-1)).toEqual({ audience: { everyone: true } }));
    expect(await screen.findByText('Reaches 14 users now')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('distribution-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      titles: { en: 'Firmware 3.2.0', de: 'Firmware 3.2.0' },
      contents: { en: 'Better charging', de: 'Better charging' },
      audience: { everyone: true },
      publish: 'draft',
      publicNotice: false,
      byEmail: false,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
