import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ALARM_SORT_KEYS, ALARM_STATES, type AlarmSortKey, type AlarmState } from '../../../contract/alarm-states';
import { ALARM_SEVERITIES, FAULT_COMPONENTS, type AlarmSeverity, type FaultComponent } from '../../../contract/fault-codes';
import { readUrlPaging, writeUrlPaging, type UrlPaging } from '../../ui/urlPaging';
import type { AlarmQuery } from './api';

/** The fault search's filters as the URL and the form hold them. */
export interface AlarmFilters {
  q?: string;
  model?: string;
  firmware?: string;
  code?: string;
  component?: FaultComponent;
  severities?: AlarmSeverity[];
  state?: AlarmState;
  /** 'yes' acknowledged, 'no' not yet. */
  ack?: 'yes' | 'no';
  countryCode?: string;
  installer?: string;
  /** Local days, YYYY-MM-DD: the period the alarms were seen in. */
  from: string;
  to: string;
}

export type AlarmPaging = UrlPaging<AlarmSortKey>;

const TEXTS = ['q', 'model', 'firmware', 'code', 'countryCode', 'installer'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The period a search opens with: the last 30 days, today included. */
const DEFAULT_DAYS = 30;

export function defaultPeriod(now = dayjs()): { from: string; to: string } {
  return { from: now.subtract(DEFAULT_DAYS - 1, 'day').format('YYYY-MM-DD'), to: now.format('YYYY-MM-DD') };
}

/** Filters, page and sort from the URL; a value the server would refuse (an old or hand-edited link) is dropped. */
export function readAlarmQuery(params: URLSearchParams, now = dayjs()): { filters: AlarmFilters; paging: AlarmPaging } {
  const period = defaultPeriod(now);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const filters: AlarmFilters = DAY.test(from) && DAY.test(to) && from <= to ? { from, to } : period;
  for (const key of TEXTS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  if (filters.countryCode && !/^[A-Za-z]{2}$/.test(filters.countryCode)) delete filters.countryCode;
  const component = params.get('component');
  if (component && (FAULT_COMPONENTS as readonly string[]).includes(component)) filters.component = component as FaultComponent;
  const severities = (params.get('severity') ?? '')
    .split(',')
    .filter((s): s is AlarmSeverity => (ALARM_SEVERITIES as readonly string[]).includes(s));
  if (severities.length) filters.severities = [...new Set(severities)];
  const state = params.get('state');
  if (state && (ALARM_STATES as readonly string[]).includes(state)) filters.state = state as AlarmState;
  const ack = params.get('ack');
  if (ack === 'yes' || ack === 'no') filters.ack = ack;
  return { filters, paging: readUrlPaging(params, ALARM_SORT_KEYS) };
}

function writeAlarmQuery(filters: AlarmFilters, paging: AlarmPaging): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of TEXTS) {
    const value = filters[key]?.trim();
    if (value) next.set(key, value);
  }
  if (filters.component) next.set('component', filters.component);
  if (filters.severities?.length) next.set('severity', filters.severities.join(','));
  if (filters.state) next.set('state', filters.state);
  if (filters.ack) next.set('ack', filters.ack);
  next.set('from', filters.from);
  next.set('to', filters.to);
  writeUrlPaging(next, paging);
  return next;
}

/** The call's search (without paging): the list's and the export's. The days are the viewer's own. */
export function searchOf(filters: AlarmFilters, paging: AlarmPaging): Omit<AlarmQuery, 'pageIndex' | 'pageSize'> {
  const { from, to, state, ack, severities, component, ...texts } = filters;
  return {
    ...texts,
    ...(component ? { component } : {}),
    ...(severities?.length ? { severities } : {}),
    ...(state ? { states: [state] } : {}),
    ...(ack ? { acknowledged: ack === 'yes' } : {}),
    from: dayjs(from).startOf('day').format(),
    to: dayjs(to).endOf('day').format(),
    ...(paging.sort && paging.order ? { sort: [{ field: paging.sort, order: paging.order }] } : {}),
  };
}

/** The search kept in the URL: a reload or a shared link shows the same alarms; back steps through searches. */
export function useAlarmQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readAlarmQuery(params), [params]);
  const update = useCallback((filters: AlarmFilters, paging: AlarmPaging) => setParams(writeAlarmQuery(filters, paging)), [setParams]);
  return [query, update] as const;
}
