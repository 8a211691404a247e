import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { expectRejected } from './helpers';

let t: TestApp;
let doc: { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>> };
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  admin = (await t.login('admin')).AccessToken;
  doc = (await t.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${admin}` } })).json();
});
afterAll(() => t.close());

/** The hand-written admin and account calls that answer the JSON envelope (file downloads and the generated calls aside). */
const ENVELOPE_CALLS = [
  'post /api/User/LockUser',
  'post /api/User/ResetUserPassword',
  'post /api/User/GetUserMenuPermissions',
  'post /api/User/SaveUserMenuPermissions',
  'post /api/User/GetUserHistory',
  'post /api/User/DeleteUser',
  'post /api/User/DeactivateUser',
  'post /api/Role/GetRolePageList',
  'post /api/Role/SaveRolePermissions',
  'post /api/License/GetLicenseUserOptions',
  'post /api/License/UnassignLicense',
  'post /api/SN/CheckSn',
  'post /api/SN/ImportSn',
  'get /api/Translation/GetOverrides',
  'post /api/Translation/GetTranslationPageList',
  'post /api/Translation/SaveTranslation',
  'post /api/Translation/AddTranslation',
  'post /api/Translation/ResetTranslation',
  'get /api/Menu/GetMenuOverrides',
  'post /api/Account/Login',
  'post /api/Account/GetUserInfo',
  'post /api/Account/ForgetPassword',
];

describe('contract/: the admin and account calls', () => {
  it.each(ENVELOPE_CALLS)('%s documents its answer in the OpenAPI document', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    const schema = doc.paths[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema as
      { properties?: Record<string, unknown> } | undefined;
    expect(schema?.properties, call).toHaveProperty('data');
    expect(schema?.properties, call).toHaveProperty('code');
  });

  it('a refused body names its field in data, though the call declares an answer of another shape', async () => {
    const answer = await expectRejected(t, '/api/User/LockUser', { id: 1 }, admin, 3, 'locked');
    expect(answer).toEqual({ code: 3, data: { field: 'locked' }, info: 'Parameter required: locked' });
    const wrong = await expectRejected(t, '/api/Role/SaveRolePermissions', { role: 'king', menus: ['dashboard'] }, admin, 2);
    expect(wrong.data).toEqual({ field: 'role' });
  });

  it("a schema's own codes answer in place of 3 / 2, with the field named (the translation language: 55)", async () => {
    const missing = await expectRejected(
      t,
      '/api/Translation/AddTranslation',
      { namespace: 'custom', key: 'banner', value: 'x' },
      admin,
      55,
    );
    expect(missing.data).toEqual({ field: 'language' });
    const query = await t.get('/api/Translation/GetOverrides?lng=fr');
    expect(query.body).toMatchObject({ code: 55, data: { field: 'lng' } });
  });
});
