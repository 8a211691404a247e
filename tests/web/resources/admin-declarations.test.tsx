import { Refine } from '@refinedev/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuManagement, userManagement } from '../../../resources';
import { relationLabel } from '../../../resources/types';
import { i18n } from '../../../src/i18n';
import { dataProvider } from '../../../src/providers/data';
import { ResourceForm } from '../../../src/resources/ResourceForm';
import { ResourceScreen } from '../../../src/resources/ResourceScreen';
import { useMenuOverrides } from '../../../src/routing/useMenuOverrides';
import EmailDeliveringRules from '../../../src/features/admin/EmailDeliveringRules';
import { server } from '../setup';
import { renderAt as renderPortalAt, signIn } from '../render-portal';

const list = (data: unknown[]) => HttpResponse.json({ code: 200, info: 'Success', data: { data, dataCount: data.length } });

const signInAdmin = () => signIn(['admin'], 'admin');

function renderAt(url: string, path: string, element: ReactNode, resources: { name: string; list: string }[]) {
  signInAdmin();
  return renderPortalAt(url, path, element, resources);
}

/** The form item of a field, found by its label. */
const formItem = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

describe('userManagement: the license key on edit', { timeout: 45_000 }, () => {
  const user = {
    id: 3,
    username: 'svc1',
    display_name: 'Sven',
    email: 'sven@example.com',
    roles: ['dev'],
    country: 'DE',
    company: '',
    phone: '',
    language_code: 'de-DE',
    locked: false,
  };

  it('offers the license field when editing, sends it, and shows a 48 under it (not as a toast)', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/User/SaveUser', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ code: 48, info: 'License required', data: { field: 'license_key' } });
      }),
    );
    signInAdmin();
    render(
      <MemoryRouter>
        <AntdApp>
          <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
            <ResourceForm declaration={userManagement} mode="edit" record={user} onDone={() => {}} />
          </Refine>
        </AntdApp>
      </MemoryRouter>,
    );
    const label = i18n.t('admin:userManagement.fields.license_key');
    const field = within(formItem(label)).getByRole('textbox');
    expect(field).toHaveValue('');
    // Its help says what a blank key means on edit.
    expect(within(formItem(label)).getByText(i18n.t('admin:userManagement.help.license_key'))).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'LIC-NEW-1' } });
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: 3, license_key: 'LIC-NEW-1', roles: ['dev'] });
    const message = i18n.t('errors:code.48');
    await waitFor(() => expect(within(formItem(label)).getByText(message)).toBeInTheDocument());
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});

describe('a relation label per language (menuManagement parent)', { timeout: 45_000 }, () => {
  const relation = menuManagement.fields.parent_key.relation!;

  it('takes the field of the language, else English when it is blank, else the value', () => {
    const row = { menu_key: 'BasicSettings', title_en: 'Basic settings', title_de: 'Grundeinstellungen', title_zh: ' ', title_ja: null };
    expect(relationLabel(relation, row, 'de')).toBe('Grundeinstellungen');
    expect(relationLabel(relation, row, 'zh-CN')).toBe('Basic settings');
    expect(relationLabel(relation, row, 'ja')).toBe('Basic settings');
    expect(relationLabel(relation, { menu_key: 'x', title_en: '' }, 'de')).toBe('x');
    // A single labelField is the same in every language.
    expect(relationLabel({ listPath: '/x', valueField: 'id', labelField: 'name' }, { id: 1, name: 'One' }, 'ja')).toBe('One');
  });

  it("shows the parent's title in the current language in the list", async () => {
    const menus = [
      {
        id: 1,
        menu_key: 'BasicSettings',
        title_en: 'Basic settings',
        title_de: 'Grundeinstellungen',
        title_zh: '',
        title_ja: '',
        parent_key: null,
        path: '/BasicSettings',
        icon: '',
        sort_order: 1,
        hidden: false,
      },
      {
        id: 2,
        menu_key: 'OtherInformation',
        title_en: 'Other information',
        title_de: '',
        title_zh: '',
        title_ja: '',
        parent_key: null,
        path: '/OtherInformation',
        icon: '',
        sort_order: 2,
        hidden: false,
      },
      {
        id: 3,
        menu_key: 'userLog',
        title_en: 'User log',
        title_de: 'Benutzerprotokoll',
        title_zh: '',
        title_ja: '',
        parent_key: 'BasicSettings',
        path: '/BasicSettings/userLog',
        icon: '',
        sort_order: 1,
        hidden: false,
      },
      {
        id: 4,
        menu_key: 'emailDeliveringRules',
        title_en: 'E-mail rules',
        title_de: '',
        title_zh: '',
        title_ja: '',
        parent_key: 'OtherInformation',
        path: '/OtherInformation/emailDeliveringRules',
        icon: '',
        sort_order: 1,
        hidden: false,
      },
    ];
    server.use(
      http.post('/api/Menu/GetMenuPageList', () => list(menus)),
      http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })),
    );
    await i18n.changeLanguage('de');
    renderAt('/BasicSettings/menuManagement', '/BasicSettings/menuManagement', <ResourceScreen declaration={menuManagement} />, [
      { name: 'menuManagement', list: '/BasicSettings/menuManagement' },
    ]);
    const row = async (key: string) => (await screen.findByText(key, { selector: 'td' })).closest('tr') as HTMLElement;
    await waitFor(async () => expect(within(await row('userLog')).getByText('Grundeinstellungen')).toBeInTheDocument());
    // No German title: the English one.
    expect(within(await row('emailDeliveringRules')).getByText('Other information')).toBeInTheDocument();
    // And back in English at once.
    await i18n.changeLanguage('en');
    await waitFor(async () => expect(within(await row('userLog')).getByText('Basic settings')).toBeInTheDocument());
  });
});

describe('a generated screen’s heading', { timeout: 45_000 }, () => {
  // The sider loads the overrides; a screen reads them (useMenuOverrides with load: false).
  function MenuLoader() {
    useMenuOverrides();
    return null;
  }
  const renderMenuManagement = () =>
    renderAt(
      '/BasicSettings/menuManagement',
      '/BasicSettings/menuManagement',
      <>
        <MenuLoader />
        <ResourceScreen declaration={menuManagement} />
      </>,
      [{ name: 'menuManagement', list: '/BasicSettings/menuManagement' }],
    );

  it('is the menu’s title of its route, a title set in menu management first', async () => {
    server.use(
      http.post('/api/Menu/GetMenuPageList', () => list([])),
      http.get('/api/Menu/GetMenuOverrides', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { menuManagement: { title: { en: 'Menu editor', de: '  ' } } } }),
      ),
    );
    renderMenuManagement();
    expect(await screen.findByRole('heading', { name: 'Menu editor' })).toBeInTheDocument();
    // A blank title for German: the shipped German text.
    await i18n.changeLanguage('de');
    expect(await screen.findByRole('heading', { name: i18n.t('menu:menuManagement') })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('is the shipped menu text without a title set', async () => {
    server.use(
      http.post('/api/Menu/GetMenuPageList', () => list([])),
      http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })),
    );
    renderMenuManagement();
    expect(await screen.findByRole('heading', { name: i18n.t('menu:menuManagement') })).toBeInTheDocument();
  });
});

describe('notification categories: no delete while rules use one', { timeout: 45_000 }, () => {
  const categories = [
    { id: 1, category_code: 'fault', name: 'Fault alarm', description: '' },
    { id: 2, category_code: 'report', name: 'Monthly report', description: '' },
  ];
  const rules = [
    { id: 11, category_code: 'fault', recipient_kind: 'role', recipient_value: 'admin', country: '', enabled: true },
    { id: 12, category_code: 'FAULT', recipient_kind: 'address', recipient_value: 'ops@example.com', country: '', enabled: true },
  ];

  function renderCategories(onDelete: (body: Record<string, unknown>) => void) {
    server.use(
      http.post('/api/EmailRule/GetCategoryPageList', () => list(categories)),
      http.post('/api/EmailRule/GetEmailRulePageList', () => list(rules)),
      http.post('/api/EmailRule/DeleteCategory', async ({ request }) => {
        onDelete((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ code: 200, info: 'Success', data: null });
      }),
    );
    renderAt('/OtherInformation/emailDeliveringRules?tab=categories', '/OtherInformation/emailDeliveringRules', <EmailDeliveringRules />, [
      { name: 'emailDeliveringRules', list: '/OtherInformation/emailDeliveringRules' },
      { name: 'emailNotificationCategories', list: '/OtherInformation/emailDeliveringRules' },
    ]);
  }
  const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'td' })).closest('tr') as HTMLElement;

  it('disables the delete of a category in use, saying how many rules use it; the server is not asked', async () => {
    const deletes: unknown[] = [];
    renderCategories((body) => deletes.push(body));
    const inUse = i18n.t('admin:emailNotificationCategories.inUse', { name: 'Fault alarm', count: 2 });
    expect(inUse).toContain('2 delivery rules');
    const button = await waitFor(async () => {
      const b = within(await rowOf('Fault alarm')).getByTestId('row-delete');
      expect(b).toHaveAccessibleName(inUse);
      return b;
    });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('delete-confirm')).toBeNull();
    expect(deletes).toHaveLength(0);
  });

  it('asks with the rule count read first, then deletes a category no rule uses', async () => {
    const deletes: Record<string, unknown>[] = [];
    renderCategories((body) => deletes.push(body));
    const button = await waitFor(async () => {
      const b = within(await rowOf('Monthly report')).getByTestId('row-delete');
      expect(b).toBeEnabled();
      return b;
    });
    fireEvent.click(button);
    expect(
      await screen.findByText(i18n.t('admin:emailNotificationCategories.deleteConfirm', { name: 'Monthly report' })),
    ).toBeInTheDocument();
    expect(deletes).toHaveLength(0);
    fireEvent.click(screen.getByTestId('delete-confirm'));
    await waitFor(() => expect(deletes).toEqual([{ id: 2 }]));
  });
});

describe('mail outbox: the categories of the account mails', { timeout: 45_000 }, () => {
  it('names a password reset and an invitation in the current language, not by their codes, beside the rule categories', async () => {
    const mails = [
      {
        id: 1,
        created_at: '2026-11-24T06:59:00Z',
        category: 'password_reset',
        recipient: 'anna@example.com',
        language: 'en',
        subject: 'Reset',
        sent_at: null,
        attempts: 0,
        last_error: null,
      },
      {
        id: 2,
        created_at: '2026-11-24T06:58:00Z',
        category: 'share_invitation',
        recipient: 'ben@example.com',
        language: 'en',
        subject: 'Invitation',
        sent_at: null,
        attempts: 0,
        last_error: null,
      },
      {
        id: 3,
        created_at: '2026-11-24T05:00:00Z',
        category: 'fault',
        recipient: 'ops@example.com',
        language: 'en',
        subject: 'Warning',
        sent_at: null,
        attempts: 1,
        last_error: null,
      },
    ];
    server.use(
      http.post('/api/EmailRule/GetCategoryPageList', () =>
        list([{ id: 1, category_code: 'fault', name: 'Fault alarm', description: '' }]),
      ),
      http.post('/api/EmailRule/GetMailOutboxPageList', () => list(mails)),
    );
    renderAt('/OtherInformation/emailDeliveringRules?tab=outbox', '/OtherInformation/emailDeliveringRules', <EmailDeliveringRules />, [
      { name: 'emailDeliveringRules', list: '/OtherInformation/emailDeliveringRules' },
      { name: 'mailOutbox', list: '/OtherInformation/emailDeliveringRules' },
    ]);
    const reset = i18n.t('admin:mailOutbox.options.category.password_reset');
    expect(reset).toBe('Password reset');
    expect(await screen.findByText(reset, { selector: 'td' })).toBeInTheDocument();
    expect(await screen.findByText(i18n.t('admin:mailOutbox.options.category.share_invitation'), { selector: 'td' })).toBeInTheDocument();
    expect(await screen.findByText('Fault alarm', { selector: 'td' })).toBeInTheDocument();
    expect(screen.queryByText('password_reset', { selector: 'td' })).toBeNull();
  });
});
