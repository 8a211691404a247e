import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { session } from '../../../src/api/session';
import { readListQuery, writeListQuery } from '../../../src/features/monitoring/storage/listQuery';
import StorageList from '../../../src/features/monitoring/storage/StorageList';
import { server } from '../setup';
import { envelope } from '../helpers';
import { renderAt, signIn } from './render';

const LIST = '/EnergyStorageList/energyStorageList';
const row = (sn: string, installer: string) => ({
  system_id: 1,
  sys_sn: sn,
  sys_name: `Home ${sn}`,
  popv: 6,
  minv: 'H6',
  poinv: 6,
  cobat: 10,
  mbat: 'LFP',
  surpluscobat: 9,
  uscapacity: 90,
  ems_status: 'normal',
  trans_frequency: 300,
  country_code: 'DE',
  city: 'Berlin',
  address: 'Street 1',
  installer,
  time_zone: 'Europe/Berlin',
  commissioned_on: '2024-01-01',
  last_seen_at: null,
  remark: '',
});

/** Answers the list calls and records every GetSystems body (and status-count body in `counted`). */
const counted: Array<Record<string, unknown>> = [];
function answerList() {
  const asked: Array<Record<string, unknown>> = [];
  counted.length = 0;
  server.use(
    http.post('/api/ESS/GetSystems', async ({ request }) => {
      asked.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { data: [row('ESS-1', 'Solar GmbH'), row('ESS-2', 'Sun AG')], dataCount: 120 }));
    }),
    http.post('/api/EnergyStorageList/GetSystemStatusCount', async ({ request }) => {
      counted.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(envelope(200, { normal: 2, warning: 0, fault: 7, offline: 0, protection: 0, unknown: 0, total: 9 }));
    }),
    http.post('/api/Position/GetMapsList', () => HttpResponse.json(envelope(200, [{ sys_sn: 'ESS-1', country_code: 'DE' }]))),
  );
  return asked;
}

/** Shows the router's query and steps back, as the browser's back button does. */
function Location() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => navigate(-1)}>
        history back
      </button>
    </>
  );
}

const search = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');
// Plain queries: role queries walk the accessibility tree of the whole antd table, seconds in jsdom.
const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);
const header = (title: string) => screen.getAllByText(title, { selector: 'th .ant-table-column-title' })[0]!.closest('th')!;

describe('the storage list keeps its filters, page and sort in the URL', () => {
  it('a shared link asks the server for the same filtered, sorted page', async () => {
    signIn(['admin']);
    const asked = answerList();
    renderAt(
      <StorageList />,
      `${LIST}?serial=ESS&name=Home&status=fault&country=DE&installer=Solar&page=3&size=50&sort=battery_w&order=desc`,
    );
    await screen.findByText('ESS-1');
    expect(asked.at(-1)).toEqual({
      pageIndex: 3,
      pageSize: 50,
      sn: 'ESS',
      name: 'Home',
      status: 'fault',
      countryCode: 'DE',
      installer: 'Solar',
      sort: [{ field: 'battery_w', order: 'desc' }],
    });
    // The fields show the link's filters.
    expect(field('S/N')).toHaveValue('ESS');
    expect(field('Installer')).toHaveValue('Solar');
    expect(header('Battery')).toHaveAttribute('aria-sort', 'descending');
    // The status cards count among what the search finds, the status aside (they offer each status).
    await waitFor(() => expect(counted.at(-1)).toEqual({ sn: 'ESS', name: 'Home', countryCode: 'DE', installer: 'Solar' }));
    expect(screen.getByTestId('status-card-fault')).toHaveTextContent('7');
  }, 40_000);

  it('a search is written to the URL from page 1, and back restores the list before it', async () => {
    signIn(['admin']);
    const asked = answerList();
    renderAt(
      <>
        <StorageList />
        <Location />
      </>,
      `${LIST}?page=2&sort=sys_name&order=asc`,
    );
    await screen.findByText('ESS-1');
    fireEvent.change(field('Installer'), { target: { value: 'Sun' } });
    fireEvent.click(screen.getByText('Search').closest('button')!);
    await waitFor(() => expect(search().get('installer')).toBe('Sun'));
    expect(search().get('page')).toBeNull();
    expect(search().get('sort')).toBe('sys_name');
    await waitFor(() =>
      expect(asked.at(-1)).toMatchObject({ pageIndex: 1, installer: 'Sun', sort: [{ field: 'sys_name', order: 'asc' }] }),
    );

    fireEvent.click(screen.getByText('history back'));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(field('Installer')).toHaveValue(''));
    await waitFor(() => expect(asked.at(-1)).toEqual({ pageIndex: 2, pageSize: 20, sort: [{ field: 'sys_name', order: 'asc' }] }));
  }, 40_000);

  it('sorting by a live column and paging are written to the URL', async () => {
    signIn(['admin']);
    const asked = answerList();
    renderAt(
      <>
        <StorageList />
        <Location />
      </>,
      LIST,
    );
    await screen.findByText('ESS-1');
    fireEvent.click(header('Today'));
    await waitFor(() => expect(search().get('sort')).toBe('today_pv_kwh'));
    expect(search().get('order')).toBe('asc');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sort: [{ field: 'today_pv_kwh', order: 'asc' }] }));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ pageIndex: 2, sort: [{ field: 'today_pv_kwh', order: 'asc' }] }));
  }, 40_000);

  it('a status card filters through the URL and keeps the other filters', async () => {
    signIn(['admin']);
    answerList();
    renderAt(
      <>
        <StorageList />
        <Location />
      </>,
      `${LIST}?installer=Sun`,
    );
    fireEvent.click(await screen.findByTestId('status-card-normal'));
    await waitFor(() => expect(search().get('status')).toBe('normal'));
    expect(search().get('installer')).toBe('Sun');
  });
});

describe('reading and writing the list query', () => {
  it('drops what the server would refuse, and leaves other parameters alone', () => {
    const query = readListQuery(
      new URLSearchParams('status=broken&country=Germany&page=-1&size=7&sort=password&order=asc&serial=%20A1%20'),
    );
    expect(query).toEqual({ filters: { sn: 'A1' }, paging: { pageIndex: 1, pageSize: 20 } });
    const written = writeListQuery(new URLSearchParams('sn=ESS-9&page=4'), {
      filters: { name: 'Bakery', status: undefined },
      paging: { pageIndex: 1, pageSize: 20 },
    });
    expect(written.toString()).toBe('sn=ESS-9&name=Bakery');
  });

  it('without a size in the URL, pages by the rows per page the staff member chose (20 when none)', () => {
    session.setListPageSize(50);
    try {
      const query = readListQuery(new URLSearchParams('serial=ESS'));
      expect(query.paging.pageSize).toBe(50);
      // Their own size is the default: not written to the URL; another is.
      expect(writeListQuery(new URLSearchParams(), query).toString()).toBe('serial=ESS');
      expect(writeListQuery(new URLSearchParams(), { ...query, paging: { pageIndex: 1, pageSize: 20 } }).get('size')).toBe('20');
    } finally {
      session.setListPageSize(null);
    }
    expect(readListQuery(new URLSearchParams()).paging.pageSize).toBe(20);
  });
});
