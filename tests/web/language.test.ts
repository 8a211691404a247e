import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { session, STORAGE_KEYS } from '../../src/api/session';
import { expectedUser, loadUser, startUserLoad, takeUserLoad } from '../../src/auth/user';
import { i18n, initialLanguage, languageForUser, normalizeLanguage, setLanguage } from '../../src/i18n';
import { envelope } from './helpers';
import { server } from './setup';

const user = (username: string, languageCode: string) => ({
  username,
  email: '',
  roles: ['customer'],
  country: 'DE',
  languageCode,
  menuDenied: [],
});

describe('language rules (spec §1, §3, §4)', () => {
  it('defaults to en', () => {
    expect(initialLanguage()).toBe('en');
  });

  it('starts in the stored language', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'ja');
    expect(initialLanguage()).toBe('ja');
    localStorage.setItem(STORAGE_KEYS.language, 'fr');
    expect(initialLanguage()).toBe('en');
  });

  it('keeps a chosen language in local storage', async () => {
    await setLanguage('zh');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh');
    expect(i18n.language).toBe('zh');
  });

  it('takes the part before a dash, lower-cased', () => {
    expect(normalizeLanguage('zh-CN')).toBe('zh');
    expect(normalizeLanguage('DE-de')).toBe('de');
    expect(normalizeLanguage('ja')).toBe('ja');
    expect(normalizeLanguage('pt-BR')).toBeUndefined();
    expect(normalizeLanguage('')).toBeUndefined();
  });

  it("uses the user's languageCode only when the stored user name matches", () => {
    expect(languageForUser(user('anna', 'de-DE'), 'anna', 'en')).toBe('de');
    expect(languageForUser(user('anna', 'de-DE'), 'bert', 'en')).toBe('en');
    expect(languageForUser(user('anna', 'de-DE'), 'Anna', 'en')).toBe('de');
    expect(languageForUser(user('anna', 'de-DE'), null, 'ja')).toBe('ja');
    expect(languageForUser(user('anna', ''), 'anna', 'zh')).toBe('zh');
    expect(languageForUser(user('anna', 'ko-KR'), 'anna', 'zh')).toBe('zh');
  });

  it('switches to the user language after login when the names match', async () => {
    server.use(mswHttp.post('/api/Account/GetUserInfo', () => HttpResponse.json(envelope(200, user('anna', 'ja-JP')))));
    session.setTokens('t', 'r');
    session.setUserName('anna');
    const result = await loadUser({ afterLogin: true });
    expect(result.ok).toBe(true);
    expect(i18n.language).toBe('ja');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ja');
  });

  it('keeps the current language when the names differ', async () => {
    server.use(mswHttp.post('/api/Account/GetUserInfo', () => HttpResponse.json(envelope(200, user('anna', 'ja-JP')))));
    session.setTokens('t', 'r');
    session.setUserName('someone-else');
    await loadUser({ afterLogin: true });
    expect(i18n.language).toBe('en');
  });

  it("a failed user-info load clears the token and says 'Verification failed, please login again' or the server's info", async () => {
    server.use(mswHttp.post('/api/Account/GetUserInfo', () => HttpResponse.json(envelope(200, { ...user('anna', 'en'), roles: [] }))));
    session.setTokens('t', 'r');
    expect(await loadUser()).toEqual({ ok: false, message: 'Verification failed, please login again' });
    expect(session.getToken()).toBeNull();
    server.use(mswHttp.post('/api/Account/GetUserInfo', () => HttpResponse.json(envelope(4, null, 'User does not exist'))));
    session.setTokens('t', 'r');
    expect(await loadUser()).toEqual({ ok: false, message: 'User does not exist' });
  });

  it('the user info asked for at start-up is asked once, tells which dashboard to fetch ahead, and is the one the portal takes', async () => {
    let asked = 0;
    server.use(
      mswHttp.post('/api/Account/GetUserInfo', () => {
        asked += 1;
        return HttpResponse.json(envelope(200, user('anna', 'en')));
      }),
    );
    session.setTokens('t', 'r');
    startUserLoad();
    startUserLoad();
    expect((await expectedUser())?.roles).toEqual(['customer']);
    expect(await takeUserLoad()).toMatchObject({ ok: true, user: { username: 'anna' } });
    expect(asked).toBe(1);
    // Taken once: a later page start asks again.
    await takeUserLoad();
    expect(asked).toBe(2);
  });
});
