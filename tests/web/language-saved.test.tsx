import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { userInfoSettings } from '../../resources/userInfoSettings';
import { session } from '../../src/api/session';
import { loadUser } from '../../src/auth/user';
import { LanguageSwitcher } from '../../src/components/LanguageSwitcher';
import { accountKeys } from '../../src/features/account/api';
import { profileCalls } from '../../resources/profile-calls';
import { i18n } from '../../src/i18n';
import { chooseLanguage } from '../../src/i18n/chooseLanguage';
import { envelope } from './helpers';
import { server } from './setup';

const PROFILE = {
  username: 'anna',
  display_name: 'Anna Lindqvist',
  email: 'anna@example.com',
  phone: null,
  country: 'Sweden',
  company: 'ESS',
  language_code: 'en-US',
  time_zone: 'Europe/Stockholm',
  roles: ['customer'],
};

/** A server holding one profile: GetMyUserInfo / SaveMyUserInfo change it, GetUserInfo answers its language. */
function profileServer(saveCode = 200) {
  const profile = { ...PROFILE };
  const saved: Record<string, unknown>[] = [];
  server.use(
    mswHttp.post('/api/UserInfo/GetMyUserInfo', () => HttpResponse.json(envelope(200, profile))),
    mswHttp.post('/api/UserInfo/SaveMyUserInfo', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      if (saveCode !== 200) return HttpResponse.json(envelope(saveCode, null, 'refused'));
      Object.assign(profile, body);
      return HttpResponse.json(envelope(200, profile));
    }),
    mswHttp.post('/api/Account/GetUserInfo', () =>
      HttpResponse.json(
        envelope(200, {
          username: 'anna',
          email: profile.email,
          roles: profile.roles,
          country: profile.country,
          languageCode: profile.language_code,
          menuDenied: [],
        }),
      ),
    ),
  );
  return saved;
}

async function logIn() {
  session.setTokens('t', 'r');
  session.setUserName('anna');
  await loadUser({ afterLogin: true });
}

describe('the language chosen in the top bar survives the next login', () => {
  it('is saved as the user’s language, with the rest of the profile as it was', async () => {
    const saved = profileServer();
    await logIn();
    expect(await chooseLanguage('de')).toBe(true);
    expect(i18n.language).toBe('de');
    const { username: _u, roles: _r, phone: _p, ...form } = PROFILE;
    expect(saved).toEqual([{ ...form, language_code: 'de-DE' }]);
    expect(session.getUserInfo()?.languageCode).toBe('de-DE');
  });

  it('the next login keeps it (the profile language, applied after login, is now the chosen one)', async () => {
    profileServer();
    await logIn();
    await chooseLanguage('ja');
    await i18n.changeLanguage('en');
    await logIn();
    expect(i18n.language).toBe('ja');
  });

  it('nobody logged in: only this browser keeps it, nothing is sent', async () => {
    const saved = profileServer();
    expect(await chooseLanguage('zh')).toBe(true);
    expect(i18n.language).toBe('zh');
    expect(saved).toEqual([]);
  });

  it('a refused save is reported (the switcher then tells the user), the language still changes here', async () => {
    const saved = profileServer(45);
    await logIn();
    expect(await chooseLanguage('de')).toBe(false);
    expect(i18n.language).toBe('de');
    expect(saved).toHaveLength(1);
    expect(session.getUserInfo()?.languageCode).toBe('en-US');
  });
});

describe('the profile calls are the account area’s', { timeout: 20_000 }, () => {
  it('call the endpoints the userInfoSettings declaration declares (apart from it, to keep the login chunk small)', () => {
    expect({ one: profileCalls.one.path, save: profileCalls.save.path }).toEqual(userInfoSettings.endpoints);
  });

  it('a language chosen in the top bar refreshes an open profile form through the account keys', async () => {
    profileServer();
    await logIn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(accountKeys.profile(), { ...PROFILE });
    render(
      <QueryClientProvider client={client}>
        <App>
          <LanguageSwitcher />
        </App>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByText('Deutsch'));
    // The form would otherwise still hold the old language and send it back with its next save.
    await waitFor(() => expect(client.getQueryState(accountKeys.profile())?.isInvalidated).toBe(true));
    expect(session.getUserInfo()?.languageCode).toBe('de-DE');
  });

  it('a refused save leaves the profile form as it is', async () => {
    const saved = profileServer(45);
    await logIn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(accountKeys.profile(), { ...PROFILE });
    render(
      <QueryClientProvider client={client}>
        <App>
          <LanguageSwitcher />
        </App>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByTestId('language-switcher'));
    fireEvent.click(await screen.findByText('Deutsch'));
    // The switcher has heard the refusal (it tells the user), and left the profile's data alone.
    expect(await screen.findByText(i18n.t('common:languageNotSaved', { lng: 'de' }))).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(session.getUserInfo()?.languageCode).toBe('en-US');
    expect(client.getQueryState(accountKeys.profile())?.isInvalidated).toBe(false);
  });
});
