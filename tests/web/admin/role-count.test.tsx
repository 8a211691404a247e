import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { routesOfRoles } from '../../../server/admin/menu-permissions';
import { session } from '../../../src/api/session';
import { i18n } from '../../../src/i18n';
import RoleManagement from '../../../src/features/admin/RoleManagement';
import { hasScreen } from '../../../src/routing/screens';
import { server } from '../setup';
import { renderAt } from '../render-portal';

/**
 * Issue 11, point 16: role management counted every entry the role table opens ('40 of 40' for admin) while
 * the admin's sidebar shows only the built screens. It counts what the role's sidebar shows, and its
 * permissions dialog offers those entries only.
 */
const ROUTE = '/BasicSettings/roleManagement';

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
