import { AbilityRoot } from '../../../src/auth/AbilityRoot';
import { Refine } from '@refinedev/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emailDeliveringRules, licenseManagement, menuManagement, snManagement, userManagement } from '../../../resources';
import { i18n } from '../../../src/i18n';
import { dataProvider, envelopeError } from '../../../src/providers/data';
import { ResourceForm } from '../../../src/resources/ResourceForm';
import { fieldOfError } from '../../../src/resources/rules';
import { useSubmitGuard } from '../../../src/resources/useSubmitGuard';
import RoleManagement from '../../../src/features/admin/RoleManagement';
import { renderWithData, signIn } from '../render-portal';
import { server } from '../setup';

const license = {
  id: 7,
  license_key: 'LIC-000007',
  company: 'Sun Installers',
  license_type: 'installer',
  expires_at: '2031-12-31',
  assigned_user: 'installer',
  remark: '',
};

const signInAdmin = () => signIn(['admin'], 'admin');

function renderLicenseForm() {
  signInAdmin();
  server.use(
    http.post('/api/License/GetLicenseUserOptions', () =>
      HttpResponse.json({ code: 200, info: 'Success', data: { data: [{ username: 'installer' }], dataCount: 1 } }),
    ),
  );
  renderWithData(<ResourceForm declaration={licenseManagement} mode="edit" record={license} onDone={() => {}} />);
}

/** The form item of a field, found by its label. */
const formItem = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

describe('server codes on their field', { timeout: 45_000 }, () => {
  it('carries data.field from the envelope to the field of each declaration that raises a hook code', () => {
    const cases = [
      { declaration: licenseManagement, code: 89, field: 'assigned_user' },
      { declaration: licenseManagement, code: 38, field: 'expires_at' },
      { declaration: userManagement, code: 48, field: 'license_key' },
      { declaration: menuManagement, code: 47, field: 'title_de' },
      { declaration: snManagement, code: 22, field: 'sn' },
      { declaration: emailDeliveringRules, code: 14, field: 'recipient_value' },
    ];
    for (const { declaration, code, field } of cases) {
      const refused = envelopeError({ code: code as never, info: 'hook info', data: { field } });
      expect(refused).toMatchObject({ statusCode: code, field, message: i18n.t(`errors:code.${code}`) });
      expect(fieldOfError(declaration, refused)).toBe(field);
    }
    // A field the declaration does not have is no place to show it: the toast says it.
    expect(fieldOfError(licenseManagement, envelopeError({ code: 89 as never, info: 'x', data: { field: 'nowhere' } }))).toBeUndefined();
  });

  it('shows a code a server hook raised (89 on assigned_user) under that field, not as a toast', async () => {
    let saves = 0;
    server.use(
      http.post('/api/License/SaveLicense', () => {
        saves++;
        return HttpResponse.json({ code: 89, info: 'License used by another user', data: { field: 'assigned_user' } });
      }),
    );
    renderLicenseForm();
    fireEvent.click(await screen.findByTestId('resource-save'));
    await waitFor(() => expect(saves).toBe(1));
    const message = i18n.t('errors:code.89');
    await waitFor(() => expect(within(formItem('Assigned user')).getByText(message)).toBeInTheDocument());
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});

describe("'Do not submit repeatly': one request however fast the clicks", { timeout: 45_000 }, () => {
  it('the generated form sends two clicks in a row once', async () => {
    let saves = 0;
    let answer!: () => void;
    server.use(
      http.post('/api/License/SaveLicense', async ({ request }) => {
        saves++;
        const body = await request.json();
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ code: 200, info: 'Success', data: body });
      }),
    );
    renderLicenseForm();
    const save = await screen.findByTestId('resource-save');
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(saves).toBe(1));
    // A third click while the answer is awaited.
    fireEvent.click(save);
    answer();
    await waitFor(() => expect(document.body.textContent).toContain(i18n.t('admin:form.saved')));
    expect(saves).toBe(1);
  });

  it('the guard holds from the first call on, before React renders again (a ref, not state)', async () => {
    let runs = 0;
    let finish!: () => void;
    let guard!: ReturnType<typeof useSubmitGuard>['guard'];
    function Probe() {
      guard = useSubmitGuard().guard;
      return null;
    }
    render(
      <AntdApp>
        <AbilityRoot>
          <Probe />
        </AbilityRoot>
      </AntdApp>,
    );
    const work = () => {
      runs++;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    // Both calls from the same render, as two clicks handled before a re-render.
    const first = guard(work);
    const second = guard(work);
    expect(runs).toBe(1);
    await second;
    await waitFor(() => expect(document.body.textContent).toContain('Do not submit repeatly'));
    finish();
    await first;
    // Done: the next submission runs.
    await guard(async () => void runs++);
    expect(runs).toBe(2);
  });

  it('a hand-written modal (role permissions) saves once and shows its button loading meanwhile', async () => {
    signInAdmin();
    let saves = 0;
    let answer!: () => void;
    server.use(
      http.post('/api/Role/GetRolePageList', () =>
        HttpResponse.json({
          code: 200,
          info: 'Success',
          data: {
            data: [{ role: 'servicer', description: '', available: ['dashboard', 'userLog'], menus: ['dashboard', 'userLog'] }],
            dataCount: 1,
          },
        }),
      ),
      http.post('/api/Role/SaveRolePermissions', async () => {
        saves++;
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ code: 200, info: 'Success', data: null });
      }),
    );
    render(
      <MemoryRouter>
        <AntdApp>
          <AbilityRoot>
            <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
              <RoleManagement />
            </Refine>
          </AbilityRoot>
        </AntdApp>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /edit/i }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: i18n.t('admin:form.save') });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await waitFor(() => expect(saves).toBe(1));
    await waitFor(() => expect(ok).toHaveClass('ant-btn-loading'));
    answer();
    await waitFor(() => expect(document.body.textContent).toContain(i18n.t('admin:roleManagement.saved')));
    expect(saves).toBe(1);
  });
});
