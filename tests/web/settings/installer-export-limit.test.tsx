import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_INSTALLER_SETTINGS } from '../../../contract/account-settings';
import { i18n } from '../../../src/i18n';
import { RoleSettings } from '../../../src/features/settings/RoleSettings';
import { envelope } from '../helpers';
import { renderAt, signIn } from '../monitoring/render';
import { server } from '../setup';

/** The installer's settings as saved, and the saves. */
function serve() {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/Account/GetInstallSetting', () =>
      HttpResponse.json(envelope(200, { ...DEFAULT_INSTALLER_SETTINGS, contactName: 'Anna' })),
    ),
    http.get('/api/Account/GetSystemTimeZones', () => HttpResponse.json(envelope(200, [{ id: 'Europe/Berlin', name: 'Berlin' }]))),
    http.get('/api/Account/GetControlNameList', () => HttpResponse.json(envelope(200, []))),
    http.post('/api/Account/InstallSetting', async ({ request }) => {
      saved.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, null));
    }),
  );
  return saved;
}

afterEach(() => i18n.changeLanguage('en'));

describe("the installer's settings (InstallSetting)", () => {
  it('shows whether customers may change their export limit and sends the switched choice with the other settings', async () => {
    signIn(['installer'], 'solarteam');
    const saved = serve();
    renderAt(<RoleSettings />, '/BasicSettings/userInfoSettings');
    const toggle = await screen.findByRole('switch', { name: 'Customers may change their export limit' });
    await waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByText(/Applies at once to all systems you installed/)).toBeInTheDocument();
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ contactName: 'Anna', timeZone: 'Europe/Berlin', customerExportLimit: false });
  });

  it('shows the prices as the language writes them', async () => {
    signIn(['installer'], 'solarteam');
    await i18n.changeLanguage('de');
    serve();
    renderAt(<RoleSettings />, '/BasicSettings/userInfoSettings');
    // The decimal comma, in the step's two decimals (the input's own id is the field's name).
    await waitFor(() => expect(document.querySelector('input#buyPrice')).toHaveValue('0,30'));
    expect(document.querySelector('input#feedInPrice')).toHaveValue('0,08');
  });
});
