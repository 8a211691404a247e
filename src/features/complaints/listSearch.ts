import { useSearchParams } from 'react-router';
import { COUNTRY_CODES } from '../../../contract/countryCodes';
import { session } from '../../api/session';
import { COMPLAINT_OUTCOMES, COMPLAINT_TEAMS, type ComplaintOutcome } from '../../../resources/complaints';
import type { StateCategory } from '../../../resources/workflow';
import type { ComplaintQuery } from './api';
import { CATEGORIES, statesOf } from './audience';

/** The list's search as the URL keeps it (a link or a reload shows the same list). */
export interface ListSearch {
  category?: StateCategory;
  status?: string;
  type?: string;
  priority?: string;
  sn?: string;
  /** Words of the title, description, S/N or any message (the server's keyword search). */
  q?: string;
  /** Staff: complaints with a clock running ('due') or past its target ('overdue'). */
  sla?: 'due' | 'overdue';
  /** Staff: (part of) the handler's user name, and the team a complaint was transferred to. */
  handler?: string;
  team?: string;
  /** The country the complaint was filed for (a code of contract/countries.ts). */
  country?: string;
  /** 'unread': the complaints with a message the reader has not read (the top bar's complaint-message icon links here). */
  messages?: 'unread';
  /** Filed on or after `from` and on or before `to` (days, YYYY-MM-DD); both or neither. */
  from?: string;
  to?: string;
  /** The complaints on one installer company's systems (its id), and those with an outcome: an installer scorecard figure's records. */
  installer?: number;
  outcome?: ComplaintOutcome;
  page: number;
  pageSize: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

/** The columns the list sorts by (the declaration's sortable fields). */
export const SORT_FIELDS = ['created_at', 'due_at'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

const TEXT_KEYS = ['status', 'type', 'priority', 'sn', 'q', 'handler'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An id as the server takes it (decimal digits, no leading zero). */
const ID = /^[1-9]\d{0,14}$/;
const PAGE_SIZES = [10, 20, 50, 100];
/** Rows per page when the URL names none: the staff member's choice, else 10. */
const defaultPageSize = () => session.getListPageSize(10);

export function readSearch(params: URLSearchParams): ListSearch {
  const category = params.get('category');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const search: ListSearch = {
    category: CATEGORIES.includes(category as StateCategory) ? (category as StateCategory) : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : defaultPageSize(),
    sort: SORT_FIELDS.includes(params.get('sort') as SortField) ? (params.get('sort') as SortField) : 'created_at',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
  // A team or country the server does not know would be refused (code 3): a stale link just drops it.
  const team = params.get('team');
  if (COMPLAINT_TEAMS.includes(team as never)) search.team = team!;
  const country = params.get('country');
  if (COUNTRY_CODES.includes(country as never)) search.country = country!;
  const sla = params.get('sla');
  if (sla === 'due' || sla === 'overdue') search.sla = sla;
  if (params.get('messages') === 'unread') search.messages = 'unread';
  const installer = params.get('installer');
  if (installer && ID.test(installer)) search.installer = Number(installer);
  const outcome = params.get('outcome');
  if (COMPLAINT_OUTCOMES.includes(outcome as never)) search.outcome = outcome as ComplaintOutcome;
  for (const key of TEXT_KEYS) {
    const value = params.get(key)?.trim();
    if (value) search[key] = value;
  }
  // A date range counts only whole: two days, as the server's dateRange filter takes them.
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && DAY.test(from) && DAY.test(to)) Object.assign(search, { from, to });
  return search;
}

export function writeSearch(search: ListSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.category) params.set('category', search.category);
  for (const key of TEXT_KEYS) if (search[key]) params.set(key, search[key]!);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== defaultPageSize()) params.set('pageSize', String(search.pageSize));
  if (search.sla) params.set('sla', search.sla);
  if (search.messages) params.set('messages', search.messages);
  if (search.team) params.set('team', search.team);
  if (search.country) params.set('country', search.country);
  if (search.installer) params.set('installer', String(search.installer));
  if (search.outcome) params.set('outcome', search.outcome);
  if (search.from && search.to) {
    params.set('from', search.from);
    params.set('to', search.to);
  }
  if (search.sort !== 'created_at') params.set('sort', search.sort);
  if (search.order === 'asc') params.set('order', 'asc');
  return params;
}

/** The search's filters (no category, no paging): what the counts per category are taken over. */
export function filtersOf(search: ListSearch): Omit<ComplaintQuery, 'pageIndex' | 'pageSize' | 'sort' | 'status'> {
  return {
    type: search.type,
    priority: search.priority,
    sys_sn: search.sn,
    keyword: search.q,
    sla: search.sla,
    messages: search.messages,
    country: search.country,
    processor: search.handler,
    team: search.team,
    created_at: search.from && search.to ? [search.from, search.to] : undefined,
    installer_id: search.installer,
    outcome: search.outcome,
  };
}

/** The list call's body: a chosen status wins over its category's statuses. */
export function queryOf(search: ListSearch): ComplaintQuery {
  return {
    ...filtersOf(search),
    status: search.status ?? (search.category ? statesOf(search.category) : undefined),
    pageIndex: search.page,
    pageSize: search.pageSize,
    sort: [{ field: search.sort, order: search.order }],
  };
}

/** The search in the URL and its change: any filter change returns to the first page. */
export function useListSearch() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const update = (change: Partial<ListSearch>) => setParams(writeSearch({ ...search, page: 1, ...change }), { replace: true });
  return { search, update };
}
