import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields } from '../../../resources/types';
import { userInfoSettings } from '../../../resources/userInfoSettings';
import { auditRows, tableDigests } from '../admin/helpers';
import { DEMO_PASSWORD, type TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';

/**
 * `UpdateSystemRemark` once answered 500 yet stored the remark without its user-log row. A
 * write and its audit row commit together or not at all: with every insert into user_log made to fail (a
 * trigger, so the real statements run), each audited write answers an error and leaves every table as it was
 * (the password change and the logout of the Account area included).
 */
let t: TestApp;
const tokens: Record<'admin' | 'customer', string> = { admin: '', customer: '' };
let sn = '';
let devId = 0;
let licenseId = 0;
let devMenus: string[] = [];

const post = async (who: keyof typeof tokens, path: string, body: unknown) => (await t.post(path, body, { token: tokens[who] })).body;

async function failAuditInserts(on: boolean) {
  if (on) {
    await t.db.execute(
      sql.raw(
        `CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit refused by the test'; END $$`,
      ),
    );
    await t.db.execute(sql.raw(`CREATE TRIGGER refuse_audit BEFORE INSERT ON user_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`));
  } else {
    await t.db.execute(sql.raw(`DROP TRIGGER IF EXISTS refuse_audit ON user_log`));
  }
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  tokens.admin = (await t.login('admin')).AccessToken;
  tokens.customer = (await t.login('customer')).AccessToken;
  const systems = await post('customer', '/api/ESS/GetSystemsByCustomer', {});
  sn = (systems.data as { sn?: string; sys_sn?: string }[]).map((s) => s.sys_sn ?? s.sn).find((v) => v && v !== 'All')!;
  devId = (await post('admin', '/api/User/GetUserPageList', { username: 'dev' })).data.data.find((u: any) => u.username === 'dev').id;
  licenseId = (
    await post('admin', '/api/License/SaveLicense', {
      license_key: 'LIC-AUDIT-1',
      company: 'Sole',
      license_type: 'installer',
      expires_at: '2027-12-31',
      remark: '',
    })
  ).data.id;
  devMenus = (await post('admin', '/api/Role/GetRolePageList', {})).data.data.find((r: any) => r.role === 'dev').available;
  await post('admin', '/api/Translation/SaveTranslation', {
    language: 'en',
    namespace: 'admin',
    key: 'validation.required',
    value: 'Fill it in',
  });
  await post('admin', '/api/Menu/GetMenuPageList', {});
});
afterAll(() => t.close());

describe('a write whose audit row fails', () => {
  it('is rolled back on every audited call: an error answer and no table changed', async () => {
    expect(sn).toBeTruthy();
    const profile = (await post('customer', '/api/UserInfo/GetMyUserInfo', {})).data;
    const profileBody = Object.fromEntries(formFields(userInfoSettings, 'edit').map((f) => [f, profile[f]]));
    const writes: [keyof typeof tokens, string, unknown][] = [
      ['admin', '/api/ESS/UpdateSystemRemark', { sn, remark: 'changed without a trace?' }],
      ['customer', '/api/Income/UpdateSystemCost', { sn, systemCost: 12345 }],
      ['customer', '/api/ESS/ShareSub', { sn, email: 'audit.share@example.com', days: 7 }],
      [
        'admin',
        '/api/License/SaveLicense',
        { license_key: 'LIC-AUDIT-2', company: 'Sole', license_type: 'installer', expires_at: '2027-12-31', remark: '' },
      ],
      [
        'admin',
        '/api/License/SaveLicense',
        { id: licenseId, license_key: 'LIC-AUDIT-1', company: 'Renamed', license_type: 'installer', expires_at: '2027-12-31', remark: '' },
      ],
      ['admin', '/api/License/DeleteLicense', { id: licenseId }],
      ['admin', '/api/User/LockUser', { id: devId, locked: true }],
      ['admin', '/api/User/ResetUserPassword', { id: devId }],
      ['admin', '/api/User/SaveUserMenuPermissions', { id: devId, menuDenied: devMenus.slice(0, 1) }],
      ['admin', '/api/Role/SaveRolePermissions', { role: 'dev', menus: devMenus.slice(1) }],
      [
        'admin',
        '/api/Translation/SaveTranslation',
        { language: 'de', namespace: 'admin', key: 'validation.required', value: 'Bitte ausfüllen!' },
      ],
      ['admin', '/api/Translation/ResetTranslation', { language: 'en', namespace: 'admin', key: 'validation.required' }],
      ['customer', '/api/UserInfo/SaveMyUserInfo', { ...profileBody, display_name: 'Someone else' }],
      ['customer', '/api/Account/ChangePassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Changed2026x' }],
      ['customer', '/api/Account/Logout', undefined],
    ];
    await failAuditInserts(true);
    try {
      for (const [who, path, body] of writes) {
        const before = await tableDigests(t);
        const answer = await post(who, path, body);
        expect(answer.code, `${path} answered ${answer.code} ${answer.info}`).not.toBe(200);
        expect(await tableDigests(t), `${path}: a table changed without its audit row`).toEqual(before);
      }
    } finally {
      await failAuditInserts(false);
    }
    // The same calls do their work once the audit row can be written: the refusals above were the audit's.
    for (const [who, path, body] of writes.slice(0, 3)) expect((await post(who, path, body)).code, path).toBe(200);
    expect(await auditRows(t, 'update_remark')).toHaveLength(1);
    expect(await auditRows(t, 'update_system_cost')).toHaveLength(1);
    expect(await auditRows(t, 'share')).toHaveLength(1);
  });
});
