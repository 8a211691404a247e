import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EMS_STATUSES, SYSTEM_SORT_KEYS, type SystemSortKey } from '../../../../contract/monitoring-constants';
import { PAGE_SIZES, PAGING_PARAMS, readUrlPaging, writeUrlPaging, type UrlPaging } from '../../../ui/urlPaging';
import type { SystemQuery } from '../api';
import type { StatusSearch } from './StatusCards';
import type { Filters } from './SystemFilters';

export type Paging = UrlPaging;

export interface ListQuery {
  filters: Filters;
  paging: Paging;
}

export { PAGE_SIZES };
/** How often an open list (and the staff home) asks again for live figures; systems report every 5 minutes. */
export const LIVE_REFRESH_MS = 60_000;
const STATUSES: readonly string[] = [...EMS_STATUSES, 'unknown'];
/** A status and a column the server takes (readListQuery keeps no other). */
const isStatus = (value: string | undefined): value is NonNullable<SystemQuery['status']> => !!value && STATUSES.includes(value);
const isSortKey = (value: string | undefined): value is SystemSortKey => !!value && (SYSTEM_SORT_KEYS as readonly string[]).includes(value);

/**
 * Where each filter lives in the URL. `sn` itself opens a system's page, so the S/N search is `serial`.
 */
const FILTER_PARAMS: Record<keyof Filters, string> = {
  sn: 'serial',
  name: 'name',
  status: 'status',
  countryCode: 'country',
  installer: 'installer',
};
const LIST_PARAMS = [...Object.values(FILTER_PARAMS), ...PAGING_PARAMS];

/**
 * The list's filters, page and sort from the URL. A value the server would refuse (a hand-edited or old
 * link) is dropped instead, so such a link still opens a working list.
 */
export function readListQuery(params: URLSearchParams): ListQuery {
  const filters: Filters = {};
  for (const [key, param] of Object.entries(FILTER_PARAMS) as Array<[keyof Filters, string]>) {
    const value = params.get(param)?.trim();
    if (value) filters[key] = value;
  }
  if (!isStatus(filters.status)) delete filters.status;
  if (filters.countryCode && !/^[A-Za-z]{2}$/.test(filters.countryCode)) delete filters.countryCode;

  // The columns the server sorts by (GetSystems `sort[].field`).
  const paging = readUrlPaging(params, SYSTEM_SORT_KEYS);
  return { filters, paging };
}

/** `params` with the list's part replaced by `query` (defaults left out); other parameters (`sn`) kept. */
export function writeListQuery(params: URLSearchParams, { filters, paging }: ListQuery): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const param of LIST_PARAMS) next.delete(param);
  for (const [key, param] of Object.entries(FILTER_PARAMS) as Array<[keyof Filters, string]>) {
    const value = filters[key]?.trim();
    if (value) next.set(param, value);
  }
  writeUrlPaging(next, paging);
  return next;
}

/** The status counts' search of a list query: its filters but the status, which the counts are of. */
export function statusSearchOf({ sn, name, countryCode, installer }: Filters): StatusSearch {
  return { sn, name, countryCode, installer };
}

/** The GetSystems body of a list query: flat filters, paging and `sort: [{ field, order }]` (DESIGN §4). */
export function systemQueryOf({ status, ...filters }: Filters, { pageIndex, pageSize, sort, order }: Paging): SystemQuery {
  return {
    pageIndex,
    pageSize,
    ...filters,
    ...(isStatus(status) ? { status } : {}),
    ...(isSortKey(sort) && order ? { sort: [{ field: sort, order }] } : {}),
  };
}

/**
 * The storage list's state kept in the URL: a reload or a shared link shows the same list, and each
 * search, page or sort is a history entry that back and forward step through.
 */
export function useListQuery(): [ListQuery, (query: ListQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readListQuery(params), [params]);
  const update = useCallback((next: ListQuery) => setParams((current) => writeListQuery(current, next)), [setParams]);
  return [query, update];
}
