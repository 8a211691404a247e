import { Refine } from '@refinedev/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { licenseManagement } from '../../../resources';
import { session } from '../../../src/api/session';
import { accessControlProvider } from '../../../src/providers/access';
import { dataProvider } from '../../../src/providers/data';
import { ResourceForm } from '../../../src/resources/ResourceForm';
import { server } from '../setup';

/** Enter in a date field of a generated form confirms the day; it never submits the form. */
describe('a date field in a generated form', { timeout: 45_000 }, () => {
  it('Enter confirms the typed day and sends nothing; the save button still sends', async () => {
    session.setTokens('token', 'refresh');
    session.setUserInfo({ username: 'admin', email: '', roles: ['admin'], country: '', languageCode: 'en', menuDenied: [] });
    const saved: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/License/GetLicenseUserOptions', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: [], dataCount: 0 } }),
      ),
      http.post('/api/License/SaveLicense', async ({ request }) => {
        saved.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ code: 200, info: 'Success', data: {} });
      }),
    );
    const { container } = render(
      <MemoryRouter>
        <AntdApp>
          <Refine dataProvider={dataProvider} accessControlProvider={accessControlProvider} options={{ disableTelemetry: true }}>
            <ResourceForm
              declaration={licenseManagement}
              mode="edit"
              record={{
                id: 3,
                license_key: 'LIC-000003',
                company: 'Sun',
                license_type: 'installer',
                expires_at: '2030-01-01',
                assigned_user: null,
                remark: '',
              }}
              onDone={() => {}}
            />
          </Refine>
        </AntdApp>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const dateInput = container.querySelector<HTMLInputElement>('input[id$="_expires_at"]')!;
    await user.click(dateInput);
    await user.clear(dateInput);
    await user.type(dateInput, '2031-06-30{Enter}');
    // Give a submission every chance to go out before saying none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(saved).toHaveLength(0);

    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ id: 3, expires_at: '2031-06-30' });
  });
});
