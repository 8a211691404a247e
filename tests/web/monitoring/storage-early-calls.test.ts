import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { takeEarlyAnswer } from '../../../src/api/earlyAnswers';
import { monitoringKeys } from '../../../src/features/monitoring/api';
import { askStorageListEarly } from '../../../src/features/monitoring/storage/earlyCalls';
import { readListQuery, statusSearchOf, systemQueryOf } from '../../../src/features/monitoring/storage/listQuery';
import { signIn } from '../render-portal';
import { server } from '../setup';

const envelope = (data: unknown) => ({ code: 200, info: 'Success', data });

/** The keys SystemTable and StatusCards query under for the list at `search`. */
function keysOf(search: string) {
  const { filters, paging } = readListQuery(new URLSearchParams(search));
  return { systems: monitoringKeys.systems(systemQueryOf(filters, paging)), counts: monitoringKeys.statusCounts(statusSearchOf(filters)) };
}

describe('the storage list’s first calls on a cold start', () => {
  it('asks for the URL’s page of systems and its status counts once; the screen’s queries take those answers', async () => {
    signIn(['admin'], 'admin');
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/ESS/GetSystems', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(envelope({ total: 1, list: [{ sys_sn: 'ESS-1' }] }));
      }),
      http.post('/api/EnergyStorageList/GetSystemStatusCount', () => HttpResponse.json(envelope({ total: 1 }))),
    );
    const search = '?status=fault&country=DE&page=2&sort=battery_w&order=desc';
    await askStorageListEarly(search);

    const keys = keysOf(search);
    const again = vi.fn();
    await expect(takeEarlyAnswer(keys.systems, again)).resolves.toMatchObject({ total: 1 });
    await expect(takeEarlyAnswer(keys.counts, again)).resolves.toMatchObject({ total: 1 });
    expect(again).not.toHaveBeenCalled();
    expect(bodies).toEqual([
      { pageIndex: 2, pageSize: 20, status: 'fault', countryCode: 'DE', sort: [{ field: 'battery_w', order: 'desc' }] },
    ]);
  });

  it('asks for nothing when the URL opens a system’s page', async () => {
    signIn(['admin'], 'admin');
    const asked = vi.fn();
    server.use(http.post('/api/ESS/GetSystems', () => asked()));
    await askStorageListEarly('?sn=ESS-1');
    expect(asked).not.toHaveBeenCalled();
  });
});
