import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../src/api/session';
import { LoginForm } from '../../src/components/LoginForm';
import { accessControlProvider } from '../../src/providers/access';
import { authProvider, safeRedirect } from '../../src/providers/auth';
import { dataProvider } from '../../src/providers/data';
import { metaOf } from '../../src/resources/screenTypes';
import { licenseManagement } from '../../resources/licenseManagement';
import { envelope, ui } from './helpers';
import { server } from './setup';

// The license screen's generated calls, as its Refine resource names them.
const meta = metaOf(licenseManagement);
const paths = {
  getPath: '/License/GetLicense',
  savePath: '/License/SaveLicense',
  deletePath: '/License/DeleteLicense',
};

describe('data provider (DESIGN §4)', () => {
  it('lists with pageIndex, pageSize, sort and flat filters and reads data/dataCount', async () => {
    let body: unknown;
    server.use(
      mswHttp.post('/api/License/GetLicensePageList', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(200, { data: [{ id: 1 }], dataCount: 41 }));
      }),
    );
    const result = await dataProvider.getList({
      resource: 'licenseManagement',
      pagination: { currentPage: 3, pageSize: 20 },
      sorters: [{ field: 'expires_at', order: 'desc' }],
      filters: [
        { field: 'company', operator: 'contains', value: ' Solar ' },
        { field: 'empty', operator: 'eq', value: '' },
      ],
      meta,
    });
    expect(body).toEqual({ pageIndex: 3, pageSize: 20, sort: [{ field: 'expires_at', order: 'desc' }], company: 'Solar' });
    expect(result).toEqual({ data: [{ id: 1 }], total: 41 });
  });

  it('turns an error envelope into a Refine error with the translated message, without a second message', async () => {
    server.use(mswHttp.post('/api/License/SaveLicense', () => HttpResponse.json(envelope(90, null, 'License exists'))));
    await expect(dataProvider.create({ resource: 'licenseManagement', variables: { license_key: 'A' }, meta })).rejects.toMatchObject({
      message: 'License already exists',
      statusCode: 90,
    });
    expect(ui().message).not.toHaveBeenCalled();
  });

  it('posts one, update and delete to their paths', async () => {
    const calls: [string, unknown][] = [];
    for (const path of [paths.getPath, paths.savePath, paths.deletePath]) {
      server.use(
        mswHttp.post(`/api${path}`, async ({ request }) => {
          calls.push([path, await request.json()]);
          return HttpResponse.json(envelope(200, { id: 5 }));
        }),
      );
    }
    await dataProvider.getOne({ resource: 'x', id: 5, meta });
    await dataProvider.update({ resource: 'x', id: 5, variables: { company: 'B' }, meta });
    await dataProvider.deleteOne({ resource: 'x', id: 5, meta });
    expect(calls).toEqual([
      [paths.getPath, { id: 5 }],
      [paths.savePath, { company: 'B', id: 5 }],
      [paths.deletePath, { id: 5 }],
    ]);
  });
});

describe('auth and access providers', () => {
  it('logs in, stores the session and loads the user', async () => {
    server.use(
      mswHttp.post('/api/Account/Login', () => HttpResponse.json(envelope(200, { AccessToken: 'a', RefreshTokenKey: 'r' }))),
      mswHttp.post('/api/Account/GetUserInfo', () =>
        HttpResponse.json(
          envelope(200, {
            username: 'customer',
            email: 'c@x.example',
            roles: ['customer'],
            country: 'DE',
            languageCode: 'en',
            menuDenied: [],
          }),
        ),
      ),
    );
    const result = await authProvider.login({ username: ' customer ', password: 'pw', redirect: '/dashboard?sn=1' });
    expect(result).toEqual({ success: true, redirectTo: '/dashboard?sn=1' });
    expect(session.getToken()).toBe('a');
    expect(session.getUserName()).toBe('customer');
    expect(await authProvider.getPermissions!()).toEqual(['customer']);
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(await accessControlProvider.can({ resource: 'dashboard', action: 'list' })).toMatchObject({ can: true });
    expect(await accessControlProvider.can({ resource: 'userManagement', action: 'list' })).toMatchObject({ can: false });
    expect(await accessControlProvider.can({ resource: 'BasicSettings', action: 'list' })).toMatchObject({ can: true });
  });

  it('without a page to return to, a staff member goes to the page they chose to open after login; a redirect wins', async () => {
    const staffLogin = (landingPage: string) =>
      server.use(
        mswHttp.post('/api/Account/Login', () => HttpResponse.json(envelope(200, { AccessToken: 'a', RefreshTokenKey: 'r' }))),
        mswHttp.post('/api/Account/GetUserInfo', () =>
          HttpResponse.json(
            envelope(200, {
              username: 'servicer',
              email: 's@x.example',
              roles: ['servicer'],
              country: 'CN',
              languageCode: 'en',
              menuDenied: [],
            }),
          ),
        ),
        mswHttp.get('/api/Account/GetOtherRoleUserSetting', () =>
          HttpResponse.json(envelope(200, { landingPage, pageSize: 20, faultMailDelivery: 'immediate' })),
        ),
      );
    staffLogin('energyStorageList');
    expect(await authProvider.login({ username: 'servicer', password: 'pw' })).toEqual({
      success: true,
      redirectTo: '/EnergyStorageList/energyStorageList',
    });
    // Their rows per page are kept for the generated lists, and go with the session.
    expect(session.getListPageSize()).toBe(20);
    session.clear();
    expect(session.getListPageSize()).toBe(10);
    expect(await authProvider.login({ username: 'servicer', password: 'pw', redirect: '/customerArchives' })).toEqual({
      success: true,
      redirectTo: '/customerArchives',
    });
    // A page the roles do not open (the route table changed since it was chosen) and the dashboard: the root.
    staffLogin('userManagement');
    expect(await authProvider.login({ username: 'servicer', password: 'pw' })).toEqual({ success: true, redirectTo: '/' });
    staffLogin('dashboard');
    expect(await authProvider.login({ username: 'servicer', password: 'pw' })).toEqual({ success: true, redirectTo: '/' });
  });

  it('logout posts /Account/Logout and clears all local storage', async () => {
    const logout = vi.fn(() => HttpResponse.json(envelope(200)));
    server.use(mswHttp.post('/api/Account/Logout', logout));
    session.setTokens('a', 'r');
    localStorage.setItem('sidebarStatue', 'closed');
    localStorage.setItem('language', 'de');
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: '/Login' });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: '/Login' });
  });

  it('accepts only paths inside the app as the post-login target', () => {
    expect(safeRedirect('/dashboard?sn=1')).toBe('/dashboard?sn=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/Login')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});

describe('login form (spec §5)', () => {
  it('checks both fields on blur with the spec texts', async () => {
    render(<LoginForm onSuccess={() => {}} />);
    fireEvent.blur(screen.getByLabelText('User ID'));
    expect(await screen.findByText('Please enter user ID')).toBeInTheDocument();
    fireEvent.blur(screen.getByLabelText('Password'));
    expect(await screen.findByText('Please enter the password')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: 'anna' } });
    await waitFor(() => expect(screen.queryByText('Please enter user ID')).not.toBeInTheDocument());
  });

  it.each([
    [5, 'Wrong user name or password'],
    [6, 'This user is locked'],
    [92, 'Too many wrong entries, retry in 5 minutes'],
    [97, 'Share expired, cannot log in'],
  ])('shows code %i as "%s"', async (code, text) => {
    server.use(mswHttp.post('/api/Account/Login', () => HttpResponse.json(envelope(code))));
    const onSuccess = vi.fn();
    render(<LoginForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: 'anna' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(ui().message).not.toHaveBeenCalled();
  });
});
