import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { queueMails } from '../../../server/core/mail/outbox';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

describe('langTransManagement', () => {
  it('lists every key in four languages; an edit is served by the public overrides call at once', async () => {
    const admin = await tokens.of('admin');
    const page = await expectOk(
      t,
      '/api/Translation/GetTranslationPageList',
      { pageIndex: 1, pageSize: 5, namespace: 'menu', key: 'licenseManagement' },
      admin,
    );
    expect(page.data[0]).toMatchObject({
      id: 'menu:licenseManagement',
      en: expect.any(String),
      zh: expect.any(String),
      de: expect.any(String),
      ja: expect.any(String),
      overridden: [],
    });
    expect(page.namespaces).toEqual(expect.arrayContaining(['admin', 'common', 'menu']));
    await expectOk(
      t,
      '/api/Translation/SaveTranslation',
      { language: 'de', namespace: 'menu', key: 'licenseManagement', value: 'Lizenzen' },
      admin,
    );
    const overrides = await t.get('/api/Translation/GetOverrides?lng=de');
    expect(overrides.body.data).toEqual({ menu: { licenseManagement: 'Lizenzen' } });
    const after = await expectOk(t, '/api/Translation/GetTranslationPageList', { namespace: 'menu', key: 'licenseManagement' }, admin);
    expect(after.data[0]).toMatchObject({ de: 'Lizenzen', overridden: ['de'] });
    await expectOk(t, '/api/Translation/ResetTranslation', { language: 'de', namespace: 'menu', key: 'licenseManagement' }, admin);
    expect((await t.get('/api/Translation/GetOverrides?lng=de')).body.data).toEqual({});
    expect((await auditRows(t, 'langTransManagement.update')).length).toBe(1);
    expect((await auditRows(t, 'langTransManagement.delete')).length).toBe(1);
  });

  it('55 language missing or unknown, 40 language code exists (adding a key that exists), 3 / 8 / 84 otherwise', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/Translation/SaveTranslation', { namespace: 'menu', key: 'dashboard', value: 'x' }, admin, 55);
    await expectRejected(
      t,
      '/api/Translation/SaveTranslation',
      { language: 'fr', namespace: 'menu', key: 'dashboard', value: 'x' },
      admin,
      55,
      'language',
    );
    await expectRejected(t, '/api/Translation/AddTranslation', { namespace: 'custom', key: 'banner', value: 'x' }, admin, 55, 'language');
    await expectRejected(
      t,
      '/api/Translation/AddTranslation',
      { language: 'klingon', namespace: 'custom', key: 'banner', value: 'x' },
      admin,
      55,
      'language',
    );
    await expectRejected(
      t,
      '/api/Translation/ResetTranslation',
      { language: 'FR', namespace: 'menu', key: 'dashboard' },
      admin,
      55,
      'language',
    );
    await expectRejected(
      t,
      '/api/Translation/SaveTranslation',
      { language: 'de', namespace: 'menu', key: 'dashboard', value: ' ' },
      admin,
      3,
      'value',
    );
    await expectRejected(
      t,
      '/api/Translation/SaveTranslation',
      { language: 'de', namespace: 'menu', key: 'no.such.key', value: 'x' },
      admin,
      8,
    );
    await expectRejected(
      t,
      '/api/Translation/AddTranslation',
      { language: 'de', namespace: 'menu', key: 'dashboard', value: 'x' },
      admin,
      40,
    );
    await expectOk(
      t,
      '/api/Translation/AddTranslation',
      { language: 'de', namespace: 'custom', key: 'banner', value: 'Wartung am Sonntag' },
      admin,
    );
    await expectRejected(
      t,
      '/api/Translation/AddTranslation',
      { language: 'de', namespace: 'custom', key: 'banner', value: 'x' },
      admin,
      40,
    );
    await expectRejected(t, '/api/Translation/ResetTranslation', { language: 'de', namespace: 'menu', key: 'dashboard' }, admin, 84);
    expect((await t.get('/api/Translation/GetOverrides')).body.code).toBe(55);
    expect((await t.get('/api/Translation/GetOverrides?lng=fr')).body.code).toBe(55);
  });

  it('only admin edits, adds and resets translations: 45 for others, nothing changed', async () => {
    const admin = await tokens.of('admin');
    await expectOk(
      t,
      '/api/Translation/SaveTranslation',
      { language: 'ja', namespace: 'menu', key: 'dashboard', value: 'ダッシュ' },
      admin,
    );
    const manager = await tokens.of('systemmanager');
    await expectRejected(
      t,
      '/api/Translation/SaveTranslation',
      { language: 'ja', namespace: 'menu', key: 'dashboard', value: 'x' },
      manager,
      45,
    );
    await expectRejected(
      t,
      '/api/Translation/AddTranslation',
      { language: 'ja', namespace: 'custom', key: 'banner', value: 'x' },
      manager,
      45,
    );
    await expectRejected(t, '/api/Translation/ResetTranslation', { language: 'ja', namespace: 'menu', key: 'dashboard' }, manager, 45);
    await expectRejected(t, '/api/Translation/GetTranslationPageList', {}, await tokens.of('customer'), 45);
    await expectOk(t, '/api/Translation/ResetTranslation', { language: 'ja', namespace: 'menu', key: 'dashboard' }, admin);
    expect((await t.get('/api/Translation/GetOverrides?lng=ja')).body.data).toEqual({});
  });
});

describe('emailDeliveringRules and notification categories', () => {
  it('categories: create, 83 when the code exists; rules by role, country or address; 14 bad address', async () => {
    const token = await tokens.of('dasw');
    const category = { category_code: 'system_fault', name: 'System fault', description: '' };
    await expectOk(t, '/api/EmailRule/SaveCategory', category, token);
    await expectRejected(
      t,
      '/api/EmailRule/SaveCategory',
      { ...category, category_code: 'SYSTEM_FAULT'.toLowerCase() },
      token,
      83,
      'category_code',
    );
    await expectRejected(t, '/api/EmailRule/SaveCategory', { ...category, category_code: '' }, token, 3, 'category_code');
    const rule = {
      category_code: 'system_fault',
      recipient_kind: 'role',
      recipient_value: 'servicer',
      country: '',
      enabled: true,
      remark: '',
    };
    await expectOk(t, '/api/EmailRule/SaveEmailRule', rule, token);
    await expectOk(
      t,
      '/api/EmailRule/SaveEmailRule',
      { ...rule, recipient_kind: 'address', recipient_value: 'ops@example.com', country: 'DE' },
      token,
    );
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, recipient_kind: 'address', recipient_value: 'ops@' }, token, 14);
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, recipient_value: 'king' }, token, 2);
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, category_code: 'nothing' }, token, 2);
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, recipient_kind: 'pigeon' }, token, 2, 'recipient_kind');
    const rules = await expectOk(t, '/api/EmailRule/GetEmailRulePageList', { recipient_kind: 'address' }, token);
    expect(rules.data.map((r: any) => r.recipient_value)).toEqual(['ops@example.com']);
    expect((await auditRows(t, 'emailDeliveringRules.create')).length).toBe(2);
    expect((await auditRows(t, 'emailNotificationCategories.create')).length).toBe(1);
  });

  it('rules: update, 83 for a rule identical to another (any case), delete; 45 for a role without the rules; nothing changed', async () => {
    const token = await tokens.of('systemmanager');
    await expectOk(t, '/api/EmailRule/SaveCategory', { category_code: 'system_fault', name: 'System fault', description: '' }, token);
    const rule = {
      category_code: 'system_fault',
      recipient_kind: 'address',
      recipient_value: 'ops@example.com',
      country: '',
      enabled: true,
      remark: '',
    };
    const first = await expectOk(t, '/api/EmailRule/SaveEmailRule', rule, token);
    await expectRejected(
      t,
      '/api/EmailRule/SaveEmailRule',
      { ...rule, recipient_value: ' OPS@Example.com ' },
      token,
      83,
      'recipient_value',
    );
    // The same recipient for one country only is another rule.
    const germany = await expectOk(t, '/api/EmailRule/SaveEmailRule', { ...rule, country: 'DE' }, token);
    const second = await expectOk(
      t,
      '/api/EmailRule/SaveEmailRule',
      { ...rule, recipient_kind: 'role', recipient_value: 'servicer' },
      token,
    );

    const updated = await expectOk(t, '/api/EmailRule/SaveEmailRule', { ...rule, id: first.id, enabled: false, remark: 'paused' }, token);
    expect(updated).toMatchObject({ id: first.id, enabled: false, remark: 'paused' });
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, id: second.id }, token, 83, 'recipient_value');
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, id: germany.id, country: '' }, token, 83, 'recipient_value');
    await expectRejected(
      t,
      '/api/EmailRule/SaveEmailRule',
      { ...rule, id: second.id, recipient_value: 'ops@' },
      token,
      14,
      'recipient_value',
    );
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, id: 999 }, token, 8);
    await expectRejected(
      t,
      '/api/EmailRule/SaveEmailRule',
      { ...rule, id: second.id, recipient_value: 'x@example.com' },
      await tokens.of('servicer'),
      45,
    );
    await expectRejected(t, '/api/EmailRule/DeleteEmailRule', { id: second.id }, await tokens.of('customer'), 45);
    await expectRejected(t, '/api/EmailRule/DeleteEmailRule', { id: 999 }, token, 8);
    await expectOk(t, '/api/EmailRule/DeleteEmailRule', { id: second.id }, token);
    const left = await expectOk(t, '/api/EmailRule/GetEmailRulePageList', { pageSize: 10 }, token);
    expect(left.data.map((r: any) => r.id).sort()).toEqual([first.id, germany.id].sort());
    expect((await auditRows(t, 'emailDeliveringRules.update')).length).toBe(1);
    expect((await auditRows(t, 'emailDeliveringRules.delete')).length).toBe(1);
  });

  it('categories: update, 83 for a code or name another category has, a new code carries its rules; a category in use is not deleted (400)', async () => {
    const token = await tokens.of('admin');
    const fault = await expectOk(
      t,
      '/api/EmailRule/SaveCategory',
      { category_code: 'system_fault', name: 'System fault', description: '' },
      token,
    );
    const offline = await expectOk(
      t,
      '/api/EmailRule/SaveCategory',
      { category_code: 'system_offline', name: 'System offline', description: '' },
      token,
    );
    await expectRejected(
      t,
      '/api/EmailRule/SaveCategory',
      { category_code: 'other_code', name: 'SYSTEM FAULT', description: '' },
      token,
      83,
      'name',
    );
    await expectRejected(t, '/api/EmailRule/SaveCategory', { ...offline, category_code: 'system_fault' }, token, 83, 'category_code');
    await expectRejected(t, '/api/EmailRule/SaveCategory', { ...offline, name: 'system fault' }, token, 83, 'name');
    await expectRejected(t, '/api/EmailRule/SaveCategory', { ...offline, category_code: 'Bad Code' }, token, 2, 'category_code');
    await expectRejected(t, '/api/EmailRule/SaveCategory', { ...offline, name: 'Offline' }, await tokens.of('dev'), 45);
    const renamed = await expectOk(
      t,
      '/api/EmailRule/SaveCategory',
      { ...offline, name: 'Offline for two hours', description: 'No data' },
      token,
    );
    expect(renamed).toMatchObject({ id: offline.id, category_code: 'system_offline', name: 'Offline for two hours' });

    const rule = await expectOk(
      t,
      '/api/EmailRule/SaveEmailRule',
      { category_code: 'system_fault', recipient_kind: 'role', recipient_value: 'servicer', country: '', enabled: true, remark: '' },
      token,
    );
    const recoded = await expectOk(t, '/api/EmailRule/SaveCategory', { ...fault, category_code: 'device_fault' }, token);
    expect(recoded.category_code).toBe('device_fault');
    expect(await expectOk(t, '/api/EmailRule/GetEmailRule', { id: rule.id }, token)).toMatchObject({ category_code: 'device_fault' });

    const inUse = await expectRejected(t, '/api/EmailRule/DeleteCategory', { id: fault.id }, token, 400, 'category_code');
    expect(inUse.info).toContain('device_fault');
    await expectRejected(t, '/api/EmailRule/DeleteCategory', { id: offline.id }, await tokens.of('customer'), 45);
    await expectRejected(t, '/api/EmailRule/DeleteCategory', { id: 999 }, token, 8);
    await expectOk(t, '/api/EmailRule/DeleteCategory', { id: offline.id }, token);
    await expectOk(t, '/api/EmailRule/DeleteEmailRule', { id: rule.id }, token);
    await expectOk(t, '/api/EmailRule/DeleteCategory', { id: fault.id }, token);
    expect((await expectOk(t, '/api/EmailRule/GetCategoryPageList', {}, token)).dataCount).toBe(0);
    expect((await auditRows(t, 'emailNotificationCategories.update')).length).toBe(2);
    expect((await auditRows(t, 'emailNotificationCategories.delete')).length).toBe(2);
  });

  it('sent e-mails: listed newest first, filtered, read one by one; read-only, and 45 for a role without the rules', async () => {
    const now = t.clock();
    const mail = { category: 'system_fault', language: 'en', body: 'Hello', systemId: null };
    await queueMails(t.db, [{ ...mail, recipient: 'ops@example.com', subject: 'First' }], new Date(now.getTime() - 60_000));
    await queueMails(t.db, [{ ...mail, recipient: 'li.wei@example.com', subject: 'Second' }], now);
    const admin = await tokens.of('admin');
    const all = await expectOk(t, '/api/EmailRule/GetMailOutboxPageList', {}, admin);
    expect(all.data.map((m: any) => m.subject)).toEqual(['Second', 'First']);
    expect(all.data[0]).toMatchObject({ recipient: 'li.wei@example.com', sent_at: null, attempts: 0, last_error: null });
    const filtered = await expectOk(t, '/api/EmailRule/GetMailOutboxPageList', { recipient: 'ops@' }, admin);
    expect(filtered.data.map((m: any) => m.subject)).toEqual(['First']);
    expect(await expectOk(t, '/api/EmailRule/GetMailOutbox', { id: filtered.data[0].id }, admin)).toMatchObject({ body: 'Hello' });
    expect((await t.post('/api/EmailRule/SaveMailOutbox', { subject: 'x' }, { token: admin })).body.code).toBe(101);
    await expectRejected(t, '/api/EmailRule/GetMailOutboxPageList', {}, await tokens.of('customer'), 45);
  });
});

describe('userLog', () => {
  it('filters by user, action and date; exports xlsx; 8 when nothing matches', async () => {
    const admin = await tokens.of('admin');
    await tokens.of('dev');
    await expectOk(
      t,
      '/api/License/SaveLicense',
      { license_key: 'LIC-LOG-1', company: 'X', license_type: 'installer', expires_at: '2030-01-01', remark: '' },
      admin,
    );
    const all = await expectOk(t, '/api/UserLog/GetUserLogPageList', { pageIndex: 1, pageSize: 50 }, admin);
    expect(all.dataCount).toBeGreaterThanOrEqual(3);
    const byUser = await expectOk(t, '/api/UserLog/GetUserLogPageList', { username: 'dev' }, admin);
    expect(byUser.data.every((r: any) => r.username === 'dev')).toBe(true);
    const byAction = await expectOk(t, '/api/UserLog/GetUserLogPageList', { action: 'licenseManagement' }, admin);
    expect(byAction.data).toHaveLength(1);
    expect(byAction.data[0]).toMatchObject({ username: 'admin', target: 'licenseManagement:1' });
    const day = byAction.data[0].created_at.slice(0, 10);
    const byDate = await expectOk(t, '/api/UserLog/GetUserLogPageList', { created_at: [day, day] }, admin);
    expect(byDate.data.some((r: any) => r.action === 'licenseManagement.create')).toBe(true);
    const none = await expectOk(t, '/api/UserLog/GetUserLogPageList', { created_at: ['2001-01-01', '2001-01-02'] }, admin);
    expect(none.dataCount).toBe(0);
    await expectRejected(t, '/api/UserLog/GetUserLogPageList', { created_at: 'yesterday' }, admin, 2, 'created_at');

    const file = await t.inject({
      method: 'POST',
      url: '/api/UserLog/ExportUserLog',
      payload: { action: 'licenseManagement' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="user-log-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(2);
    const empty = await t.post('/api/UserLog/ExportUserLog', { username: 'nobody-at-all' }, { token: admin });
    expect(empty.body.code).toBe(8);
  });
});
