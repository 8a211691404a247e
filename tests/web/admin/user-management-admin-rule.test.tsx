import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { session } from '../../../src/api/session';
import { i18n } from '../../../src/i18n';
import RoleManagement from '../../../src/features/admin/RoleManagement';
import UserManagement from '../../../src/features/admin/UserManagement';
import { server } from '../setup';
import { renderAt } from '../render-portal';

/**
 * DESIGN §10 on the user management screen: what the server refuses (45) is not offered. A non-admin sees no
 * 'Administrator' among the roles to give and no edit, lock, reset or menus on an admin's row; nobody sees
 * lock or reset on their own row, and the own roles show but do not change.
 */
const ROUTE = '/BasicSettings/userManagement';
const USERS = [
  {
    id: 1,
    username: 'admin',
    display_name: 'Anna',
    email: 'anna@example.com',
    roles: ['admin'],
    country: 'DE',
    company: '',
    phone: '',
    language_code: 'en-US',
    locked: false,
  },
  {
    id: 9,
    username: 'systemmanager',
    display_name: 'Claudia',
    email: 'claudia@example.com',
    roles: ['systemmanager'],
    country: 'AT',
    company: '',
    phone: '',
    language_code: 'en-US',
    locked: false,
  },
  {
    id: 7,
    username: 'dev',
    display_name: 'Dana',
    email: 'dana@example.com',
    roles: ['dev'],
    country: 'DE',
    company: '',
    phone: '',
    language_code: 'en-US',
    locked: false,
  },
];

function signInAs(username: string, roles: string[]) {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username, email: '', roles, country: '', languageCode: 'en', menuDenied: [] });
}

function renderUsers(
  url = ROUTE,
  { onSave, users = USERS }: { onSave?: (body: Record<string, unknown>) => void; users?: typeof USERS } = {},
) {
  server.use(
    http.post('/api/User/GetUserPageList', () =>
      HttpResponse.json({ code: 200, info: 'Success', data: { data: users, dataCount: users.length } }),
    ),
    http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })),
    http.post('/api/User/SaveUser', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      onSave?.(body);
      return HttpResponse.json({ code: 200, info: 'Success', data: body });
    }),
  );
  return renderAt(url, ROUTE, <UserManagement />, [{ name: 'userManagement', list: ROUTE }]);
}

const rowOf = async (username: string) => (await screen.findByText(username, { selector: 'td' })).closest('tr') as HTMLElement;
const has = (row: HTMLElement, testId: string) => within(row).queryByTestId(testId) !== null;
/** A field of the drawer's form, by its label (the filters above the list have labels of their own). */
const formItem = (label: string) =>
  within(screen.getByTestId('resource-drawer')).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

/** The labels of the roles select's options, opened. */
async function roleOptions(): Promise<string[]> {
  const select = formItem(i18n.t('admin:userManagement.fields.roles')).querySelector('.ant-select-selector')!;
  fireEvent.mouseDown(select);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
}

describe('userManagement as a system manager', { timeout: 45_000 }, () => {
  it("offers nothing on an admin's row but saying why; no lock or reset on the own row; everything on others", async () => {
    signInAs('systemmanager', ['systemmanager']);
    renderUsers();
    const admin = await rowOf('admin');
    for (const action of ['row-edit', 'user-lock', 'user-reset', 'user-menus']) expect(has(admin, action), action).toBe(false);
    const why = within(admin).getByTestId('user-admin-only');
    expect(why).toBeDisabled();
    expect(why).toHaveAccessibleName(i18n.t('admin:userManagement.adminOnly'));
    expect(has(admin, 'row-show')).toBe(true);

    const own = await rowOf('systemmanager');
    expect(has(own, 'user-lock')).toBe(false);
    expect(has(own, 'user-reset')).toBe(false);
    expect(has(own, 'row-edit')).toBe(true);

    const dev = await rowOf('dev');
    for (const action of ['row-edit', 'user-lock', 'user-reset', 'user-menus']) expect(has(dev, action), action).toBe(true);
  });

  it("an edit link to an admin's record shows it instead of a form", async () => {
    signInAs('systemmanager', ['systemmanager']);
    renderUsers(`${ROUTE}?action=edit&id=1`);
    const drawer = await screen.findByTestId('resource-drawer');
    // The address is drawn in parts that may wrap (BreakableIdentifier): its text, not one text node.
    await waitFor(() => expect(drawer).toHaveTextContent('anna@example.com'));
    expect(screen.queryByTestId('resource-save')).toBeNull();
  });

  it('the roles to give leave out Administrator', async () => {
    signInAs('systemmanager', ['systemmanager']);
    renderUsers(`${ROUTE}?action=create`);
    await screen.findByTestId('resource-save');
    const options = await roleOptions();
    expect(options).toContain(i18n.t('common:role.dev'));
    expect(options).not.toContain(i18n.t('common:role.admin'));
  });

  it('the own roles show but do not change, saying why; the rest saves with them unchanged', async () => {
    const saved: Record<string, unknown>[] = [];
    signInAs('systemmanager', ['systemmanager']);
    renderUsers(`${ROUTE}?action=edit&id=9`, { onSave: (body) => saved.push(body) });
    await screen.findByTestId('resource-save');
    const roles = formItem(i18n.t('admin:userManagement.fields.roles'));
    expect(within(roles).getByText(i18n.t('admin:userManagement.ownRoles'))).toBeInTheDocument();
    expect(roles.querySelector('.ant-select-disabled')).not.toBeNull();
    fireEvent.change(within(formItem(i18n.t('admin:userManagement.fields.display_name'))).getByRole('textbox'), {
      target: { value: 'Claudia H.' },
    });
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: 9, display_name: 'Claudia H.', roles: ['systemmanager'] });
  });
});

describe('userManagement as an admin', { timeout: 45_000 }, () => {
  it("manages another admin's row, not its own lock or reset; may give Administrator", async () => {
    signInAs('admin', ['admin']);
    renderUsers(`${ROUTE}?action=create`, { users: [...USERS, { ...USERS[0]!, id: 2, username: 'admin2', email: 'a2@example.com' }] });
    const second = await rowOf('admin2');
    for (const action of ['row-edit', 'user-lock', 'user-reset', 'user-menus']) expect(has(second, action), action).toBe(true);
    const own = await rowOf('admin');
    expect(has(own, 'user-lock')).toBe(false);
    expect(has(own, 'user-reset')).toBe(false);
    expect(has(own, 'user-admin-only')).toBe(false);
    expect(await roleOptions()).toContain(i18n.t('common:role.admin'));
  });
});

describe('roleManagement: the admin role', { timeout: 45_000 }, () => {
  const roles = ['admin', 'dev'].map((role) => ({ role, description: '', available: ['dashboard'], menus: ['dashboard'] }));

  function renderRoles() {
    server.use(
      http.post('/api/Role/GetRolePageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: roles, dataCount: roles.length } }),
      ),
    );
    return renderAt('/BasicSettings/roleManagement', '/BasicSettings/roleManagement', <RoleManagement />, [
      { name: 'roleManagement', list: '/BasicSettings/roleManagement' },
    ]);
  }
  const roleRow = async (role: string) => (await screen.findByText(role, { selector: 'td' })).closest('tr') as HTMLElement;
  // The button's name is its icon's ('edit') and its text.
  const edit = () => new RegExp(i18n.t('admin:roleManagement.edit'));

  it('is not offered to a system manager, who is told why; other roles are', async () => {
    signInAs('systemmanager', ['systemmanager']);
    renderRoles();
    const admin = await roleRow('admin');
    expect(within(admin).queryByRole('button', { name: edit() })).toBeNull();
    expect(within(admin).getByTestId('role-admin-only')).toHaveAccessibleName(i18n.t('admin:roleManagement.adminOnly'));
    expect(within(await roleRow('dev')).getByRole('button', { name: edit() })).toBeEnabled();
  });

  it('is offered to an admin', async () => {
    signInAs('admin', ['admin']);
    renderRoles();
    expect(within(await roleRow('admin')).getByRole('button', { name: edit() })).toBeEnabled();
  });
});
