import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../../permissions/ability';
import { configureApiUi, resetApiUi } from '../../../src/api/ui';
import { session } from '../../../src/api/session';
import { i18n } from '../../../src/i18n';
import LicenseManagement from '../../../src/features/admin/LicenseManagement';
import { server } from '../setup';
import { renderAt } from '../render-portal';

/**
 * The service engineer's license screen calls only what a servicer may call (its 'Assigned
 * user' options come from the license screen's own call, not the user list), and a refused call is told.
 * Point 16: an assigned license says why it cannot be deleted and offers unassign.
 */
const ROUTE = '/BasicSettings/licenseManagement';
const LICENSES = [
  {
    id: 1,
    license_key: 'LIC-000001',
    company: 'Sole',
    license_type: 'installer',
    expires_at: '2031-12-31',
    assigned_user: 'installer',
    remark: '',
    created_at: '2026-01-01T00:00:00Z',
  },
  {
    id: 2,
    license_key: 'LIC-000002',
    company: 'Sole',
    license_type: 'servicepartner',
    expires_at: '2031-12-31',
    assigned_user: null,
    remark: '',
    created_at: '2026-01-01T00:00:00Z',
  },
];

afterEach(() => {
  resetApiUi();
  server.events.removeAllListeners();
});

function renderAsServicer(options: () => Response) {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username: 'servicer', email: '', roles: ['servicer'], country: '', languageCode: 'en', menuDenied: [] });
  const called: string[] = [];
  const unassigned: unknown[] = [];
  server.events.on('request:start', ({ request }) => called.push(new URL(request.url).pathname));
  server.use(
    http.post('/api/License/GetLicensePageList', () =>
      HttpResponse.json({ code: 200, info: 'Success', data: { data: LICENSES, dataCount: LICENSES.length } }),
    ),
    http.post('/api/License/GetLicenseUserOptions', options),
    http.post('/api/License/UnassignLicense', async ({ request }) => {
      unassigned.push(await request.json());
      return HttpResponse.json({ code: 200, info: 'Success', data: { id: 1, assigned_user: null } });
    }),
    http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })),
  );
  renderAt(ROUTE, ROUTE, <LicenseManagement />, [{ name: 'licenseManagement', list: ROUTE }]);
  return { called, unassigned };
}

/** Every /api path the servicer's screen called must be one the servicer's role may open. */
function callableByServicer(path: string): boolean {
  const ability = defineAbilityFor(['servicer']);
  const screenOf: Record<string, string> = { License: 'licenseManagement', User: 'userManagement', Menu: 'menuManagement' };
  const area = path.split('/')[2] ?? '';
  if (path === '/api/Menu/GetMenuOverrides') return true;
  return !!screenOf[area] && ability.can('access', screenOf[area]!);
}

describe("the servicer's license screen", { timeout: 45_000 }, () => {
  it("offers the license users in 'Assigned user' and makes no call the role may not make", async () => {
    const { called } = renderAsServicer(() =>
      HttpResponse.json({
        code: 200,
        info: 'Success',
        data: {
          data: [
            { username: 'installer', display_name: 'Ivo' },
            { username: 'servicepartner', display_name: 'Sara' },
          ],
          dataCount: 2,
        },
      }),
    );
    await screen.findByText('LIC-000001', { selector: 'td' });
    const filter = screen
      .getByText(i18n.t('admin:licenseManagement.fields.assigned_user'), { selector: 'label' })
      .closest('.ant-form-item') as HTMLElement;
    fireEvent.mouseDown(filter.querySelector('.ant-select-selector')!);
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['installer', 'servicepartner']),
    );
    expect(called).toContain('/api/License/GetLicenseUserOptions');
    expect(called.filter((path) => !callableByServicer(path))).toEqual([]);
  });

  it("a refused options call is told in the reader's language", async () => {
    const told: string[] = [];
    configureApiUi({ message: (text) => told.push(text) });
    renderAsServicer(() => HttpResponse.json({ code: 45, info: 'No permission', data: null }));
    await screen.findByText('LIC-000001', { selector: 'td' });
    await waitFor(() => expect(told).toContain(i18n.t('errors:code.45')));
  });

  it('an assigned license says why it cannot be deleted and offers unassign; a free one offers delete', async () => {
    const { unassigned } = renderAsServicer(() => HttpResponse.json({ code: 200, info: 'Success', data: { data: [], dataCount: 0 } }));
    const assigned = (await screen.findByText('LIC-000001', { selector: 'td' })).closest('tr') as HTMLElement;
    const blocked = within(assigned).getByTestId('row-delete');
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleName(i18n.t('admin:licenseManagement.deleteAssigned', { user: 'installer' }));
    const free = screen.getByText('LIC-000002', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(free).getByTestId('row-delete')).toBeEnabled();
    expect(within(free).queryByTestId('license-unassign')).toBeNull();

    fireEvent.click(within(assigned).getByTestId('license-unassign'));
    fireEvent.click(await screen.findByTestId('license-unassign-confirm'));
    await waitFor(() => expect(unassigned).toEqual([{ id: 1 }]));
  });
});
