import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REFRESH_MS } from '../../../src/features/monitoring/storage/listQuery';
import StorageList from '../../../src/features/monitoring/storage/StorageList';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from './render';

// Counts how often the list draws a power cell: the rows are drawn again only when what they show changes.
const drawn = vi.hoisted(() => ({ powerCells: 0 }));
vi.mock('../../../src/features/monitoring/storage/LiveCells', async (original) => {
  const cells = await original<typeof import('../../../src/features/monitoring/storage/LiveCells')>();
  return {
    ...cells,
    PowerCell: (props: Parameters<typeof cells.PowerCell>[0]) => {
      drawn.powerCells++;
      return cells.PowerCell(props);
    },
  };
});

const LIST = '/EnergyStorageList/energyStorageList';
const row = {
  system_id: 1,
  sys_sn: 'ESS-LIVE',
  sys_name: 'Bakery',
  popv: 6,
  minv: 'H6',
  poinv: 6,
  cobat: 10,
  mbat: 'LFP',
  surpluscobat: 9,
  uscapacity: 90,
  ems_status: 'fault',
  trans_frequency: 300,
  country_code: 'DE',
  city: 'Berlin',
  address: 'Street 1',
  installer: 'Sun AG',
  time_zone: 'Europe/Berlin',
  commissioned_on: '2024-01-01',
  last_seen_at: '2026-03-02T07:55:00Z',
  remark: '',
  pv_w: 4321,
  battery_w: -1234,
  grid_w: 560,
  soc: 67.5,
  today_pv_kwh: 12.34,
  alarm: { code: 'X-UNKNOWN-1', level: 'fault', description: 'Battery over-temperature', started_at: '2026-03-02T06:00:00Z' },
};
const silent = {
  ...row,
  system_id: 2,
  sys_sn: 'ESS-SILENT',
  ems_status: 'offline',
  pv_w: null,
  battery_w: null,
  grid_w: null,
  soc: null,
  today_pv_kwh: null,
  alarm: null,
};

function answerList(rows = () => [row, silent]) {
  const asked: Array<Record<string, unknown>> = [];
  server.use(
    http.post('/api/ESS/GetSystems', async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { data: rows(), dataCount: 2 }));
    }),
    http.post('/api/EnergyStorageList/GetSystemStatusCount', () =>
      HttpResponse.json(envelope(200, { normal: 0, warning: 0, fault: 1, offline: 1, protection: 0, unknown: 0, total: 2 })),
    ),
    http.post('/api/Position/GetMapsList', () => HttpResponse.json(envelope(200, []))),
  );
  return asked;
}

afterEach(() => {
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('the storage list shows and refreshes live figures', () => {
  it('shows power with its direction in words, state of charge, today and the alarm; nothing for a silent system', async () => {
    signIn(['servicer']);
    answerList();
    renderAt(<StorageList />, LIST);
    const live = (await screen.findByText('ESS-LIVE')).closest('tr')!;
    expect(live).toHaveTextContent('4.32 kW');
    expect(live).toHaveTextContent('1.23 kW');
    expect(live).toHaveTextContent('Discharging');
    expect(live).toHaveTextContent('0.56 kW');
    expect(live).toHaveTextContent('Buying');
    expect(live).toHaveTextContent('68%');
    expect(live).toHaveTextContent('12.3 kWh');
    // An unknown code shows the device's text, with its level.
    expect(live).toHaveTextContent('Battery over-temperature');
    const quiet = screen.getByText('ESS-SILENT').closest('tr')!;
    expect(quiet).not.toHaveTextContent('kW');
    expect(quiet).not.toHaveTextContent('Discharging');
  }, 40_000);

  it("shows a skeleton, never 'No data', while its first rows are on their way and drawn", async () => {
    signIn(['servicer']);
    answerList();
    const seen = { empty: false, skeleton: false };
    const watch = new MutationObserver(() => {
      const table = document.querySelector('.storage-table');
      seen.empty ||= !!table?.querySelector('.ant-empty');
      seen.skeleton ||= !!table?.querySelector('.ant-skeleton');
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderAt(<StorageList />, LIST);
    await screen.findByText('ESS-LIVE');
    watch.disconnect();
    expect(seen).toEqual({ empty: false, skeleton: true });
    expect(document.querySelector('.storage-table .ant-skeleton')).toBeNull();
  }, 40_000);

  it('draws the rows a laptop shows with the answer, and the rest of the page with its paging in a render straight after', async () => {
    signIn(['servicer']);
    const many = Array.from({ length: 9 }, (_, i) => ({ ...silent, system_id: 10 + i, sys_sn: `ESS-${i}` }));
    answerList(() => many);
    // The paging comes with the last rows, not under the first six, whence they would push it down (a layout shift).
    const counts: string[] = [];
    const watch = new MutationObserver(() => {
      const rows = document.querySelectorAll('.storage-table .ant-table-row').length;
      const seen = rows + (document.querySelector('.storage-table .ant-pagination') ? ' with paging' : '');
      if (rows && counts.at(-1) !== seen) counts.push(seen);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    renderAt(<StorageList />, LIST);
    await screen.findByText('ESS-8');
    watch.disconnect();
    expect(counts).toEqual(['6', '9 with paging']);
  }, 40_000);

  it("says 'No data' when the answer holds no system", async () => {
    signIn(['servicer']);
    answerList(() => []);
    renderAt(<StorageList />, LIST);
    await waitFor(() => expect(document.querySelector('.storage-table .ant-empty')).not.toBeNull());
    expect(document.querySelector('.storage-table .ant-skeleton')).toBeNull();
  }, 40_000);

  it('asks again every minute with the same page, filters and sort, and not while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['servicer']);
    const asked = answerList();
    renderAt(<StorageList />, `${LIST}?installer=Sun&page=2&size=50&sort=pv_w&order=desc`);
    await screen.findByText('ESS-LIVE');
    const first = asked.length;
    const expected = { pageIndex: 2, pageSize: 50, installer: 'Sun', sort: [{ field: 'pv_w', order: 'desc' }] };
    expect(asked.at(-1)).toEqual(expected);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS + 100);
    });
    await waitFor(() => expect(asked.length).toBe(first + 1));
    expect(asked.at(-1)).toEqual(expected);

    // A hidden tab (no focus for react-query) is not refreshed.
    act(() => focusManager.setFocused(false));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3 * LIVE_REFRESH_MS);
    });
    expect(asked.length).toBe(first + 1);
  }, 40_000);

  it('draws the rows again when a refresh brings new figures, and not when it brings the same ones', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['servicer']);
    let pv = row.pv_w;
    const asked = answerList(() => [{ ...row, pv_w: pv }, silent]);
    renderAt(<StorageList />, LIST);
    await screen.findByText('4.32 kW');
    const refresh = async () => {
      const before = asked.length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS + 100);
      });
      await waitFor(() => expect(asked.length).toBe(before + 1));
      // The answer taken and the query settled (react-query's isFetching back to false).
      await act(async () => {
        await vi.advanceTimersByTimeAsync(50);
      });
    };

    // The same figures: the query's state changes (fetching, then settled) but no row is drawn again.
    const drawnBefore = drawn.powerCells;
    await refresh();
    expect(drawn.powerCells).toBe(drawnBefore);

    // New figures are drawn.
    pv = 5000;
    await refresh();
    await screen.findByText('5.00 kW');
    expect(drawn.powerCells).toBeGreaterThan(drawnBefore);
  }, 40_000);
});
