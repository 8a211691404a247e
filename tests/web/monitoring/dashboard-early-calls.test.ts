import type { QueryKey } from '@tanstack/react-query';
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
    http.get('/api/ESS/GetIndexESSSet', answer({ cards: ['flow', 'figures'] })),
    http.post('/api/ESS/GetFleetOverview', answer({ faults: [] })),
    http.post('/api/ESS/GetVtSystemStatusCount', answer({ total: 2 })),
  );
  return asked;
}

/** A cold start of the dashboard as this user: the calls it asked ahead (their paths). */
async function coldStartAs(roles: string[], username: string): Promise<string[]> {
  signIn(roles, username);
  const asked = countCalls();
  await preloadVariant();
  return asked;
}

/** Each key's answer is the one asked ahead, taken without calling again; the server was asked exactly `paths`. */
async function expectTakenOnce(asked: string[], answers: Array<[QueryKey, unknown]>, paths: string[]) {
  const again = vi.fn();
  for (const [key, expected] of answers) await expect(takeEarlyAnswer(key, again)).resolves.toEqual(expected);
  expect(again).not.toHaveBeenCalled();
  expect(asked.sort()).toEqual(paths);
}

describe('the dashboard’s first calls on a cold start, by the variant its user sees', () => {
  it('a supplier’s (the storage list): its first page of systems and status counts, asked once and taken by the list', async () => {
    const asked = await coldStartAs(['supplier'], 'supplier1');
    const { filters, paging } = readListQuery(new URLSearchParams(window.location.search));
    await expectTakenOnce(
      asked,
      [
        [monitoringKeys.systems(systemQueryOf(filters, paging)), expect.objectContaining({ total: 1 })],
        [monitoringKeys.statusCounts(statusSearchOf(filters)), expect.objectContaining({ total: 1 })],
      ],
      ['/api/ESS/GetSystems', '/api/EnergyStorageList/GetSystemStatusCount'],
    );
  });

  it('a customer’s: their systems, the figures of the one shown and their cards, asked once and taken by the dashboard’s queries', async () => {
    const asked = await coldStartAs(['customer'], 'customer1');
    await expectTakenOnce(
      asked,
      [
        [monitoringKeys.customerSystems('customer1'), [{ sys_sn: 'ESS-1' }]],
        [monitoringKeys.summary('ESS-1', true), { sys_sn: 'ESS-1' }],
        [monitoringKeys.dashboardSettings('customer1'), { cards: ['flow', 'figures'] }],
      ],
      ['/api/ESS/GetIndexESSSet', '/api/ESS/GetSystemsByCustomer', '/api/ESS/SticsSummeryDataForCustomer'],
    );
  });

  it('the fleet’s: its overview and status counts, asked once and taken by the home’s queries', async () => {
    const asked = await coldStartAs(['admin'], 'admin');
    await expectTakenOnce(
      asked,
      [
        [monitoringKeys.fleetOverview(), { faults: [] }],
        [monitoringKeys.statusCounts(null), { total: 2 }],
      ],
      ['/api/ESS/GetFleetOverview', '/api/ESS/GetVtSystemStatusCount'],
    );
  });
});
