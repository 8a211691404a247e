import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { session } from '../../../src/api/session';
import { i18n } from '../../../src/i18n';
import UserManagement from '../../../src/features/admin/UserManagement';
import { server } from '../setup';
import { renderAt } from '../render-portal';

/** Delete a user without history, deactivate one with history (saying what it is), reactivate. */
const ROUTE = '/BasicSettings/userManagement';
const base = {
  email: '',
  country: 'DE',
  company: '',
  phone: '',
  language_code: 'en-US',
  locked: false,
  deactivated_at: null as string | null,
};
const USERS = [
  { ...base, id: 1, username: 'admin', display_name: 'Anna', roles: ['admin'] },
  { ...base, id: 7, username: 'dev', display_name: 'Dana', roles: ['dev'] },
  { ...base, id: 8, username: 'new.user', display_name: 'Nils', roles: ['dev'] },
  { ...base, id: 9, username: 'gone.user', display_name: 'Gerd', roles: ['dev'], locked: true, deactivated_at: '2026-11-01T10:00:00Z' },
];
const NONE = { systems: 0, sessions: 0, logRows: 0, shares: 0, licenses: 0 };

function renderUsers() {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username: 'admin', email: '', roles: ['admin'], country: '', languageCode: 'en', menuDenied: [] });
  const calls: { path: string; body: unknown }[] = [];
  const answer = (path: string, data: unknown) =>
    http.post(`/api${path}`, async ({ request }) => {
      calls.push({ path, body: await request.json() });
      return HttpResponse.json({ code: 200, info: 'Success', data });
    });
  server.use(
    http.post('/api/User/GetUserPageList', () =>
      HttpResponse.json({ code: 200, info: 'Success', data: { data: USERS, dataCount: USERS.length } }),
    ),
    http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })),
    http.post('/api/User/GetUserHistory', async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      const history = id === 7 ? { ...NONE, systems: 2, logRows: 1234 } : NONE;
      return HttpResponse.json({ code: 200, info: 'Success', data: { id, history, deletable: id !== 7 } });
    }),
    answer('/User/DeleteUser', null),
    answer('/User/DeactivateUser', {}),
  );
  renderAt(ROUTE, ROUTE, <UserManagement />, [{ name: 'userManagement', list: ROUTE }]);
  return calls;
}

const rowOf = async (username: string) => (await screen.findByText(username, { selector: 'td' })).closest('tr') as HTMLElement;

describe('user management: delete or deactivate', { timeout: 120_000 }, () => {
  it('a user without history is deleted after confirming', async () => {
    const calls = renderUsers();
    fireEvent.click(within(await rowOf('new.user')).getByTestId('user-remove'));
    expect((await screen.findAllByText(i18n.t('admin:userManagement.deleteTitle', { name: 'new.user' })))[0]).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('user-delete-confirm'));
    await waitFor(() => expect(calls).toEqual([{ path: '/User/DeleteUser', body: { id: 8 } }]));
  });

  it('a user with history is not offered delete: the history is shown and deactivate offered', async () => {
    const calls = renderUsers();
    fireEvent.click(within(await rowOf('dev')).getByTestId('user-remove'));
    const history = await screen.findByTestId('user-history');
    expect(within(history).getByText(i18n.t('admin:userManagement.history.systems'))).toBeInTheDocument();
    expect(within(history).getByText('1,234')).toBeInTheDocument();
    expect(within(history).queryByText(i18n.t('admin:userManagement.history.shares'))).toBeNull();
    expect(screen.queryByTestId('user-delete-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('user-deactivate-confirm'));
    await waitFor(() => expect(calls).toEqual([{ path: '/User/DeactivateUser', body: { id: 7, deactivated: true } }]));
  });

  it('a deactivated user says so and offers reactivate instead of lock and remove; nobody removes themselves', async () => {
    const calls = renderUsers();
    const gone = await rowOf('gone.user');
    expect(within(gone).getByText(i18n.t('admin:userManagement.deactivatedTag'))).toBeInTheDocument();
    expect(within(gone).queryByTestId('user-lock')).toBeNull();
    expect(within(gone).queryByTestId('user-remove')).toBeNull();
    fireEvent.click(within(gone).getByTestId('user-reactivate'));
    fireEvent.click(await screen.findByTestId('user-reactivate-confirm'));
    await waitFor(() => expect(calls).toEqual([{ path: '/User/DeactivateUser', body: { id: 9, deactivated: false } }]));
    expect(within(await rowOf('admin')).queryByTestId('user-remove')).toBeNull();
  });
});
