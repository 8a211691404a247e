import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

/** The profile fields the web app sends back when only the language changes (src/i18n/chooseLanguage.ts). */
const FORM_FIELDS = ['display_name', 'email', 'phone', 'country', 'company', 'language_code', 'time_zone'] as const;
const formOf = (profile: Record<string, unknown>) => Object.fromEntries(FORM_FIELDS.map((name) => [name, profile[name]]));

describe('the language chosen in the top bar becomes the user’s own', () => {
  it('is saved through the profile and answered by GetUserInfo at the next login; the rest of the profile unchanged', async () => {
    for (const username of ['customer', 'sharer', 'admin']) {
      const token = await tokens.of(username);
      const before = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, token);
      const language = before.language_code === 'zh-CN' ? 'ja-JP' : 'zh-CN';
      await expectOk(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(before), language_code: language }, token);
      const after = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, token);
      expect(after).toEqual({ ...before, language_code: language });
      const next = await t.login(username);
      const { body } = await t.post('/api/Account/GetUserInfo', undefined, { token: next.AccessToken });
      expect(body.data.languageCode).toBe(language);
    }
  });

  it('refuses a language that is not one of ours (2) or none (3), and changes nothing', async () => {
    const token = await tokens.of('customer');
    const me = await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, token);
    await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(me), language_code: 'fr-FR' }, token, 2, 'language_code');
    await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', { ...formOf(me), language_code: '' }, token, 3, 'language_code');
  });

  it('without a session nothing is saved (spec: 401 / token required)', async () => {
    const { body } = await t.post('/api/UserInfo/SaveMyUserInfo', { language_code: 'de-DE' });
    expect(body.code).not.toBe(200);
  });
});
