import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../src/api/session';
import LoginPage from '../../../src/features/account/LoginPage';
import { i18n } from '../../../src/i18n';
import { envelope } from '../helpers';
import { server } from '../setup';

/** The login page shows the public notices (planned maintenance …): asked for without a token, in the page's language. */
function serveNotices(notices: unknown[]) {
  const asked: Array<{ body: unknown; authorization: string | null }> = [];
  server.use(
    http.post('/api/Message/QueryMsgNotice', async ({ request }) => {
      asked.push({ body: await request.json(), authorization: request.headers.get('authorization') });
      return HttpResponse.json(envelope(200, notices, 'Success'));
    }),
  );
  return asked;
}

const openLogin = () =>
  render(
    <MemoryRouter initialEntries={['/Login']}>
      <App>
        <LoginPage />
      </App>
    </MemoryRouter>,
  );

describe('public notices on the login page', () => {
  it('shows each notice as an alert with its end, asked for without the token in the language shown', async () => {
    // A token left from an earlier session is not sent with this call.
    localStorage.setItem(STORAGE_KEYS.token, 'old-token');
    await i18n.changeLanguage('de');
    const asked = serveNotices([
      {
        id: 4,
        msgtitle: 'Geplante Wartung',
        content: 'Portal am Sonntag nicht erreichbar',
        language: 'de',
        publish_time: '2026-03-01T08:00:00.000Z',
        notice_until: '2026-03-09T08:00:00.000Z',
      },
    ]);
    openLogin();
    expect(await screen.findByText('Geplante Wartung')).toBeInTheDocument();
    expect(screen.getByText('Portal am Sonntag nicht erreichbar')).toBeInTheDocument();
    expect(screen.getByTestId('public-notices').querySelector('.ant-alert')).not.toBeNull();
    expect(asked).toEqual([{ body: { language: 'de' }, authorization: null }]);
  });

  it('shows nothing when there is no notice', async () => {
    const asked = serveNotices([]);
    openLogin();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByTestId('public-notices')).toBeNull();
  });
});
