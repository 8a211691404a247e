import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { queueMails } from '../../../server/mail/outbox';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

describe('langTransManagement', () => {
  it('lists every key in four languages; an edit is served by the public overrides call at once', async () => {
    const admin = await tokens.of('admin');
    const page = await expectOk(t, '/api/Translation/GetTranslationPageList', { pageIndex: 1, pageSize: 5, namespace: 'menu', key: 'licenseManagement' }, admin);
    expect(page.data[0]).toMatchObject({ id: 'menu:licenseManagement', en: expect.any(String), zh: expect.any(String), de: expect.any(String), ja: expect.any(String), overridden: [] });
    expect(page.namespaces).toEqual(expect.arrayContaining(['admin', 'common', 'menu']));
    await expectOk(t, '/api/Translation/SaveTranslation', { language: 'de', namespace: 'menu', key: 'licenseManagement', value: 'Lizenzen' }, admin);
    const overrides = await t.get('/api/Translation/GetOverrides?lng=de');
    expect(overrides.body.data).toEqual({ menu: { licenseManagement: 'Lizenzen' } });
    const after = await expectOk(t, '/api/Translation/GetTranslationPageList', { namespace: 'menu', key: 'licenseManagement' }, admin);
    expect(after.data[0]).toMatchObject({ de: 'Lizenzen', overridden: ['de'] });
    await expectOk(t, '/api/Translation/ResetTranslation', { language: 'de', namespace: 'menu', key: 'licenseManagement' }, admin);
    expect((await t.get('/api/Translation/GetOverrides?lng=de')).body.data).toEqual({});
    expect((await auditRows(t, 'langTransManagement.update')).length).toBe(1);
    expect((await auditRows(t, 'langTransManagement.delete')).length).toBe(1);
  });

  it('55 language required, 40 language code exists (adding a key that exists), 2 / 3 / 8 otherwise', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/Translation/SaveTranslation', { namespace: 'menu', key: 'dashboard', value: 'x' }, admin, 55);
    await expectRejected(t, '/api/Translation/SaveTranslation', { language: 'fr', namespace: 'menu', key: 'dashboard', value: 'x' }, admin, 2, 'language');
    await expectRejected(t, '/api/Translation/SaveTranslation', { language: 'de', namespace: 'menu', key: 'dashboard', value: ' ' }, admin, 3, 'value');
    await expectRejected(t, '/api/Translation/SaveTranslation', { language: 'de', namespace: 'menu', key: 'no.such.key', value: 'x' }, admin, 8);
    await expectRejected(t, '/api/Translation/AddTranslation', { language: 'de', namespace: 'menu', key: 'dashboard', value: 'x' }, admin, 40);
    await expectOk(t, '/api/Translation/AddTranslation', { language: 'de', namespace: 'custom', key: 'banner', value: 'Wartung am Sonntag' }, admin);
    await expectRejected(t, '/api/Translation/AddTranslation', { language: 'de', namespace: 'custom', key: 'banner', value: 'x' }, admin, 40);
    await expectRejected(t, '/api/Translation/ResetTranslation', { language: 'de', namespace: 'menu', key: 'dashboard' }, admin, 84);
    expect((await t.get('/api/Translation/GetOverrides')).body.code).toBe(55);
  });
});

describe('emailDeliveringRules and notification categories', () => {
  it('categories: create, 83 when the code exists; rules by role, country or address; 14 bad address', async () => {
    const token = await tokens.of('dasw');
    const category = { category_code: 'system_fault', name: 'System fault', description: '' };
    await expectOk(t, '/api/EmailRule/SaveCategory', category, token);
    await expectRejected(t, '/api/EmailRule/SaveCategory', { ...category, category_code: 'SYSTEM_FAULT'.toLowerCase() }, token, 83, 'category_code');
    await expectRejected(t, '/api/EmailRule/SaveCategory', { ...category, category_code: '' }, token, 3, 'category_code');
    const rule = { category_code: 'system_fault', recipient_kind: 'role', recipient_value: 'servicer', country: '', enabled: true, remark: '' };
    await expectOk(t, '/api/EmailRule/SaveEmailRule', rule, token);
    await expectOk(t, '/api/EmailRule/SaveEmailRule', { ...rule, recipient_kind: 'address', recipient_value: 'ops@example.com', country: 'Germany' }, token);
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, recipient_kind: 'address', recipient_value: 'ops@' }, token, 14);
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, recipient_value: 'king' }, token, 2);
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, category_code: 'nothing' }, token, 2);
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, recipient_kind: 'pigeon' }, token, 2, 'recipient_kind');
    const rules = await expectOk(t, '/api/EmailRule/GetEmailRulePageList', { recipient_kind: 'address' }, token);
    expect(rules.data.map((r: any) => r.recipient_value)).toEqual(['ops@example.com']);
    expect((await auditRows(t, 'emailDeliveringRules.create')).length).toBe(2);
    expect((await auditRows(t, 'emailNotificationCategories.create')).length).toBe(1);
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
    await expectOk(t, '/api/License/SaveLicense', { license_key: 'LIC-LOG-1', company: 'X', license_type: 'installer', expires_at: '2030-01-01', remark: '' }, admin);
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

    const file = await t.inject({ method: 'POST', url: '/api/UserLog/ExportUserLog', payload: { action: 'licenseManagement' }, headers: { authorization: `Bearer ${admin}` } });
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="user-log-.*\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(2);
    const empty = await t.post('/api/UserLog/ExportUserLog', { username: 'nobody-at-all' }, { token: admin });
    expect(empty.body.code).toBe(8);
  });
});
