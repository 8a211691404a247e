import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { routesOfRoles } from '../../../server/admin/menu-permissions';
import { session } from '../../../src/api/session';
import { i18n } from '../../../src/i18n';
import RoleManagement from '../../../src/features/admin/RoleManagement';
import UserManagement from '../../../src/features/admin/UserManagement';
import { hasScreen } from '../../../src/routing/screens';
import { server } from '../setup';
import { renderAt } from '../render-portal';

/**
 * Role management counted every entry the role table opens ('40 of 40' for admin) while
 * the admin's sidebar shows only the built screens. It counts what the role's sidebar shows, and its
 * permissions dialog offers those entries only; so does the menu permissions dialog of a user.
 */
const ROUTE = '/BasicSettings/roleManagement';
const USERS_ROUTE = '/BasicSettings/userManagement';

describe('role management counts the sidebar entries', { timeout: 120_000 }, () => {
  it("admin: 'n of n' with n the built screens, one fewer when one is hidden; the dialog lists the n", async () => {
    const available = routesOfRoles(['admin']);
    const built = available.filter(hasScreen);
    expect(built.length).toBeGreaterThan(0);
    expect(built.length).toBeLessThan(available.length);
    const hidden = built[built.length - 1]!;
    const roles = [
      { role: 'admin', description: '', available, menus: available },
      { role: 'dev', description: '', available: routesOfRoles(['dev']), menus: routesOfRoles(['dev']).filter((k) => k !== hidden) },
    ];
    session.setTokens('token', 'refresh');
    session.setUserInfo({ username: 'admin', email: '', roles: ['admin'], country: '', languageCode: 'en', menuDenied: [] });
    server.use(
      http.post('/api/Role/GetRolePageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: roles, dataCount: roles.length } }),
      ),
    );
    renderAt(ROUTE, ROUTE, <RoleManagement />, [{ name: 'roleManagement', list: ROUTE }]);

    const count = (n: number, total: number) => i18n.t('admin:roleManagement.menuCount', { count: n, total });
    expect(await screen.findByText(count(built.length, built.length))).toBeInTheDocument();
    expect(screen.queryByText(count(available.length, available.length))).toBeNull();
    const devBuilt = routesOfRoles(['dev']).filter(hasScreen);
    expect(screen.getByText(count(devBuilt.length - (devBuilt.includes(hidden) ? 1 : 0), devBuilt.length))).toBeInTheDocument();

    const adminRow = screen.getAllByText(i18n.t('common:role.admin'))[0]!.closest('tr, .ant-card') as HTMLElement;
    fireEvent.click(within(adminRow).getByText(i18n.t('admin:roleManagement.edit')));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(built.length);
  });
});

describe("a user's menu permissions offer the entries of the user's sidebar", { timeout: 120_000 }, () => {
  it('lists the built screens of the roles; a save keeps the denials of entries not offered and adds the unticked', async () => {
    const available = routesOfRoles(['installer']);
    const built = available.filter(hasScreen);
    const notBuilt = available.find((key) => !hasScreen(key))!;
    expect(notBuilt).toBeDefined();
    const saved: unknown[] = [];
    session.setTokens('token', 'refresh');
    session.setUserInfo({ username: 'admin', email: '', roles: ['admin'], country: '', languageCode: 'en', menuDenied: [] });
    const installer = { id: 5, username: 'installer', display_name: 'Ivo', email: 'ivo@example.com', roles: ['installer'], locked: false };
    server.use(
      http.post('/api/User/GetUserPageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: [installer], dataCount: 1 } }),
      ),
      http.post('/api/User/GetUserMenuPermissions', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { id: 5, username: 'installer', available, menuDenied: [notBuilt] } }),
      ),
      http.post('/api/User/SaveUserMenuPermissions', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ code: 200, info: 'Success', data: null });
      }),
    );
    renderAt(USERS_ROUTE, USERS_ROUTE, <UserManagement />, [{ name: 'userManagement', list: USERS_ROUTE }]);

    const row = (await screen.findByText('installer', { selector: 'td' })).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByTestId('user-menus'));
    const list = await screen.findByTestId('user-menus-list');
    const boxes = within(list).getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(built);
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);

    const unticked = built[built.length - 1]!;
    fireEvent.click(within(list).getByText(i18n.t(`menu:${unticked}`)));
    fireEvent.click(screen.getByTestId('user-menus-save'));
    await waitFor(() => expect(saved).toEqual([{ id: 5, menuDenied: [notBuilt, unticked] }]));
  });
});
