import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers';
import { auditRows, expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const license = (over: Record<string, unknown> = {}) => ({
  license_key: 'LIC-2026-0001',
  company: 'Sole Impianti S.r.l.',
  license_type: 'installer',
  expires_at: '2027-12-31',
  remark: '',
  ...over,
});

describe('licenseManagement', () => {
  it('creates, lists with paging / filters / sorting, reads, updates and deletes, each write audited', async () => {
    const admin = await tokens.of('admin');
    const created = await expectOk(t, '/api/License/SaveLicense', license(), admin);
    expect(created).toMatchObject({ id: 1, license_key: 'LIC-2026-0001', created_by: 'admin', assigned_user: null });
    for (let i = 2; i <= 12; i++) {
      await expectOk(
        t,
        '/api/License/SaveLicense',
        license({ license_key: `LIC-2026-${String(i).padStart(4, '0')}`, company: i % 2 ? 'Odd GmbH' : 'Even AG' }),
        admin,
      );
    }
    const page = await expectOk(
      t,
      '/api/License/GetLicensePageList',
      { pageIndex: 2, pageSize: 5, sort: [{ field: 'license_key', order: 'asc' }] },
      admin,
    );
    expect(page.dataCount).toBe(12);
    expect(page.data.map((r: any) => r.license_key)).toEqual([
      'LIC-2026-0006',
      'LIC-2026-0007',
      'LIC-2026-0008',
      'LIC-2026-0009',
      'LIC-2026-0010',
    ]);
    const filtered = await expectOk(t, '/api/License/GetLicensePageList', { pageIndex: 1, pageSize: 50, company: 'odd' }, admin);
    expect(filtered.dataCount).toBe(5);
    const one = await expectOk(t, '/api/License/GetLicense', { id: 1 }, admin);
    expect(one.company).toBe('Sole Impianti S.r.l.');
    const updated = await expectOk(
      t,
      '/api/License/SaveLicense',
      { ...license({ company: 'Sole Nuovo' }), id: 1, assigned_user: 'installer' },
      admin,
    );
    expect(updated).toMatchObject({ company: 'Sole Nuovo', assigned_user: 'installer' });
    await expectOk(t, '/api/License/DeleteLicense', { id: 2 }, admin);
    expect((await auditRows(t, 'licenseManagement.create')).length).toBe(12);
    const [update] = await auditRows(t, 'licenseManagement.update');
    expect(update).toMatchObject({ username: 'admin', target: 'licenseManagement:1' });
    expect((update!.detail as any).before.company).toBe('Sole Impianti S.r.l.');
    expect((update!.detail as any).after.company).toBe('Sole Nuovo');
    expect(update!.ip).toBeTruthy();
    expect((await auditRows(t, 'licenseManagement.delete')).length).toBe(1);
  });

  it('refuses bad input with 3 / 2 naming the field, and changes nothing', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/License/SaveLicense', license({ license_key: '' }), admin, 3, 'license_key');
    await expectRejected(t, '/api/License/SaveLicense', license({ license_key: undefined }), admin, 3, 'license_key');
    await expectRejected(t, '/api/License/SaveLicense', license({ license_key: 'bad key!' }), admin, 2, 'license_key');
    await expectRejected(t, '/api/License/SaveLicense', license({ company: '  ' }), admin, 3, 'company');
    await expectRejected(t, '/api/License/SaveLicense', license({ license_type: 'customer' }), admin, 2, 'license_type');
    await expectRejected(t, '/api/License/SaveLicense', license({ expires_at: '31.12.2027' }), admin, 2, 'expires_at');
    await expectRejected(t, '/api/License/GetLicensePageList', { pageIndex: 0 }, admin, 2, 'pageIndex');
    await expectRejected(t, '/api/License/GetLicensePageList', { sort: [{ field: 'remark', order: 'asc' }] }, admin, 2, 'sort');
    await expectRejected(t, '/api/License/GetLicensePageList', { license_type: 'nobody' }, admin, 2, 'license_type');
  });

  it('answers the license codes: 90 exists, 10 unknown, 4 unknown holder, 17 wrong role, 13 holds one, 89 held by another, 38 expired, 31 delete assigned', async () => {
    const admin = await tokens.of('admin');
    await expectOk(t, '/api/License/SaveLicense', license({ assigned_user: 'installer' }), admin);
    await expectRejected(t, '/api/License/SaveLicense', license({ license_key: 'lic-2026-0001' }), admin, 90, 'license_key');
    await expectRejected(t, '/api/License/GetLicense', { id: 99 }, admin, 10);
    await expectRejected(t, '/api/License/SaveLicense', { ...license(), id: 99 }, admin, 10);
    await expectRejected(t, '/api/License/DeleteLicense', { id: 99 }, admin, 10);
    await expectRejected(
      t,
      '/api/License/SaveLicense',
      license({ license_key: 'LIC-X-1', assigned_user: 'nobody' }),
      admin,
      4,
      'assigned_user',
    );
    await expectRejected(t, '/api/License/SaveLicense', license({ license_key: 'LIC-X-1', assigned_user: 'customer' }), admin, 17);
    await expectRejected(t, '/api/License/SaveLicense', license({ license_key: 'LIC-X-1', assigned_user: 'installer' }), admin, 13);
    await expectRejected(
      t,
      '/api/License/SaveLicense',
      { ...license({ assigned_user: 'servicepartner', license_type: 'servicepartner' }), id: 1 },
      admin,
      89,
    );
    await expectRejected(
      t,
      '/api/License/SaveLicense',
      license({ license_key: 'LIC-OLD-1', expires_at: '2020-01-01', license_type: 'servicepartner', assigned_user: 'servicepartner' }),
      admin,
      38,
    );
    await expectRejected(t, '/api/License/DeleteLicense', { id: 1 }, admin, 31);
  });
});
