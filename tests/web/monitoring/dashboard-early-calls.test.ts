import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { takeEarlyAnswer } from '../../../src/api/earlyAnswers';
import { monitoringKeys } from '../../../src/features/monitoring/api';
import { preloadVariant } from '../../../src/features/monitoring/dashboard/variant';
import { readListQuery, statusSearchOf, systemQueryOf } from '../../../src/features/monitoring/storage/listQuery';
import { signIn } from '../render-portal';
import { server } from '../setup';

const envelope = (data: unknown) => ({ code: 200, info: 'Success', data });

/** Counts the calls each dashboard's first render makes, answering each with a small page. */
function countCalls() {
  const asked: string[] = [];
  const answer =
    (data: unknown) =>
    ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json(envelope(data));
    };
  server.use(
    http.post('/api/ESS/GetSystems', answer({ total: 1, list: [{ sys_sn: 'ESS-1' }] })),
    http.post('/api/EnergyStorageList/GetSystemStatusCount', answer({ total: 1 })),
    http.post('/api/ESS/GetSystemsByCustomer', answer([{ sys_sn: 'ESS-1' }])),
    http.post('/api/ESS/SticsSummeryDataForCustomer', answer({ sys_sn: 'ESS-1' })),
    http.post('/api/ESS/GetFleetOverview', answer({ faults: [] })),
    http.post('/api/ESS/GetVtSystemStatusCount', answer({ total: 2 })),
  );
  return asked;
}

describe('the dashboard’s first calls on a cold start, by the variant its user sees', () => {
  it('a supplier’s (the storage list): its first page of systems and status counts, asked once and taken by the list', async () => {
    signIn(['supplier'], 'supplier1');
    const asked = countCalls();
    await preloadVariant();

    const { filters, paging } = readListQuery(new URLSearchParams(window.location.search));
    const again = vi.fn();
    await expect(takeEarlyAnswer(monitoringKeys.systems(systemQueryOf(filters, paging)), again)).resolves.toMatchObject({ total: 1 });
    await expect(takeEarlyAnswer(monitoringKeys.statusCounts(statusSearchOf(filters)), again)).resolves.toMatchObject({ total: 1 });
    expect(again).not.toHaveBeenCalled();
    expect(asked.sort()).toEqual(['/api/ESS/GetSystems', '/api/EnergyStorageList/GetSystemStatusCount']);
  });

  it('a customer’s: their systems and the figures of the one shown, asked once and taken by the dashboard’s queries', async () => {
    signIn(['customer'], 'customer1');
    const asked = countCalls();
    await preloadVariant();

    const again = vi.fn();
    await expect(takeEarlyAnswer(monitoringKeys.customerSystems('customer1'), again)).resolves.toEqual([{ sys_sn: 'ESS-1' }]);
    await expect(takeEarlyAnswer(monitoringKeys.summary('ESS-1', true), again)).resolves.toEqual({ sys_sn: 'ESS-1' });
    expect(again).not.toHaveBeenCalled();
    expect(asked.sort()).toEqual(['/api/ESS/GetSystemsByCustomer', '/api/ESS/SticsSummeryDataForCustomer']);
  });

  it('the fleet’s: its overview and status counts, asked once and taken by the home’s queries', async () => {
    signIn(['admin'], 'admin');
    const asked = countCalls();
    await preloadVariant();

    const again = vi.fn();
    await expect(takeEarlyAnswer(monitoringKeys.fleetOverview(), again)).resolves.toEqual({ faults: [] });
    await expect(takeEarlyAnswer(monitoringKeys.statusCounts(null), again)).resolves.toEqual({ total: 2 });
    expect(again).not.toHaveBeenCalled();
    expect(asked.sort()).toEqual(['/api/ESS/GetFleetOverview', '/api/ESS/GetVtSystemStatusCount']);
  });
});
