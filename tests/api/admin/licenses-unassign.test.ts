import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { licenses } from '../../../server/core/db/schema';
import type { TestApp } from '../helpers';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

/** An assigned license is freed by unassign, then deleted; its screen's user options. */
async function assignedLicense(): Promise<number> {
  const admin = await tokens.of('admin');
  await t.db.update(licenses).set({ assigned_user: null }).where(eq(licenses.assigned_user, 'installer'));
  const saved = await expectOk(
    t,
    '/api/License/SaveLicense',
    {
      license_key: 'LIC-UN-0001',
      company: 'Sole',
      license_type: 'installer',
      expires_at: '2030-12-31',
      remark: '',
      assigned_user: 'installer',
    },
    admin,
  );
  return saved.id as number;
}

describe('license unassign', () => {
  it('frees an assigned license (audited), which can then be deleted', async () => {
    const id = await assignedLicense();
    const servicer = await tokens.of('servicer');
    await expectRejected(t, '/api/License/DeleteLicense', { id }, servicer, 31);
    expect(await expectOk(t, '/api/License/UnassignLicense', { id }, servicer)).toEqual({ id, assigned_user: null });
    const [row] = await t.db.select().from(licenses).where(eq(licenses.id, id));
    expect(row!.assigned_user).toBeNull();
    const [audit] = await auditRows(t, 'licenseManagement.unassign');
    expect(audit).toMatchObject({ username: 'servicer', target: `licenseManagement:${id}` });
    expect((audit!.detail as any).before).toEqual({ assigned_user: 'installer' });
    await expectOk(t, '/api/License/DeleteLicense', { id }, servicer);
    expect(await t.db.select().from(licenses).where(eq(licenses.id, id))).toEqual([]);
  });

  it('bad input: 2 for a free license or a bad id, 10 for an unknown one; nothing changes', async () => {
    const id = await assignedLicense();
    const admin = await tokens.of('admin');
    await expectOk(t, '/api/License/UnassignLicense', { id }, admin);
    await expectRejected(t, '/api/License/UnassignLicense', { id }, admin, 2, 'not assigned');
    await expectRejected(t, '/api/License/UnassignLicense', { id: 99_999 }, admin, 10);
    await expectRejected(t, '/api/License/UnassignLicense', { id: '0x10' }, admin, 2, 'id');
    await expectRejected(t, '/api/License/UnassignLicense', {}, admin, 3, 'id');
  });

  it('a role without the license screen gets 45 and nothing changes', async () => {
    const id = await assignedLicense();
    for (const role of ['installer', 'customer', 'reseller']) {
      await expectRejected(t, '/api/License/UnassignLicense', { id }, await tokens.of(role), 45);
      await expectRejected(t, '/api/License/GetLicenseUserOptions', {}, await tokens.of(role), 45);
    }
  });
});

describe('license user options', () => {
  it('every role of the license screen gets the users a license can go to, never the user list', async () => {
    const servicer = await tokens.of('servicer');
    await expectRejected(t, '/api/User/GetUserPageList', {}, servicer, 45);
    const options = await expectOk(t, '/api/License/GetLicenseUserOptions', {}, servicer);
    const names = options.data.map((r: any) => r.username);
    expect(names).toEqual(expect.arrayContaining(['installer', 'servicepartner']));
    expect(names).not.toContain('admin');
    expect(names).not.toContain('customer');
    expect(Object.keys(options.data[0]).sort()).toEqual(['display_name', 'username']);
    expect(options.dataCount).toBe(names.length);
  });

  it('bad paging answers 2', async () => {
    await expectRejected(t, '/api/License/GetLicenseUserOptions', { pageSize: 5000 }, await tokens.of('admin'), 2, 'pageSize');
  });
});
