import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EMS_STATUSES } from '../../../contract/monitoring-constants';
import { SUMMARY_SORT_KEYS, type SummarySortKey } from '../../../contract/summary-constants';
import { WARRANTY_STATES } from '../../../contract/warranty-constants';
import { PAGE_SIZES, readUrlPaging, writeUrlPaging, type UrlPaging } from '../../ui/urlPaging';
import type { SummaryQuery } from './api';

/** The summary's filters as the URL and the form hold them (texts; the two 'open' filters 'yes' or 'no'). */
export interface SummaryFilters {
  q?: string;
  model?: string;
  firmware?: string;
  countryCode?: string;
  installer?: string;
  status?: string;
  faults?: 'yes' | 'no';
  complaints?: 'yes' | 'no';
  /** The warranty's state today, or 'none' (no terms recorded). */
  warranty?: string;
}

export type SummaryPaging = UrlPaging<SummarySortKey>;

export { PAGE_SIZES };
const FILTERS = ['q', 'model', 'firmware', 'countryCode', 'installer', 'status', 'faults', 'complaints', 'warranty'] as const;
const WARRANTY_FILTERS: readonly string[] = [...WARRANTY_STATES, 'none'];
const STATUSES: readonly string[] = [...EMS_STATUSES, 'unknown'];

/** Filters, page and sort from the URL; a value the server would refuse (an old or hand-edited link) is dropped. */
export function readSummaryQuery(params: URLSearchParams): { filters: SummaryFilters; paging: SummaryPaging } {
  const filters: SummaryFilters = {};
  for (const key of FILTERS) {
    const value = params.get(key)?.trim();
    if (value) (filters as Record<string, string>)[key] = value;
  }
  if (filters.status && !STATUSES.includes(filters.status)) delete filters.status;
  if (filters.warranty && !WARRANTY_FILTERS.includes(filters.warranty)) delete filters.warranty;
  if (filters.countryCode && !/^[A-Za-z]{2}$/.test(filters.countryCode)) delete filters.countryCode;
  for (const key of ['faults', 'complaints'] as const)
    if (filters[key] && filters[key] !== 'yes' && filters[key] !== 'no') delete filters[key];
  const paging = readUrlPaging(params, SUMMARY_SORT_KEYS);
  return { filters, paging };
}

function writeSummaryQuery(filters: SummaryFilters, paging: SummaryPaging): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of FILTERS) {
    const value = filters[key]?.trim();
    if (value) next.set(key, value);
  }
  writeUrlPaging(next, paging);
  return next;
}

/** The call's search of the filters (without paging): the list's and the export's. */
export function searchOf(filters: SummaryFilters, paging: SummaryPaging): Omit<SummaryQuery, 'pageIndex' | 'pageSize'> {
  const { faults, complaints, status, warranty, ...texts } = filters;
  return {
    ...texts,
    ...(status ? { status: status as NonNullable<SummaryQuery['status']> } : {}),
    ...(warranty ? { warranty: warranty as NonNullable<SummaryQuery['warranty']> } : {}),
    ...(faults ? { hasOpenFaults: faults === 'yes' } : {}),
    ...(complaints ? { hasOpenComplaints: complaints === 'yes' } : {}),
    ...(paging.sort && paging.order ? { sort: [{ field: paging.sort, order: paging.order }] } : {}),
  };
}

/** The summary's state kept in the URL: a reload or a shared link shows the same list; back steps through searches. */
export function useSummaryQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readSummaryQuery(params), [params]);
  const update = useCallback(
    (filters: SummaryFilters, paging: SummaryPaging) => setParams(writeSummaryQuery(filters, paging)),
    [setParams],
  );
  return [query, update] as const;
}
