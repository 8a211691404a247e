import type { BodyIn } from '../../../contract/endpoint';
import { alarmCalls } from '../../../contract/alarms-calls';
import { call } from '../../api/call';

/**
 * The fault search's calls (contract/alarms-calls.ts) and their query keys. Changes are quiet: a refusal is shown
 * beside the form it came from.
 */
export type AlarmQuery = BodyIn<typeof alarmCalls.list>;

export const alarmsApi = {
  list: (query: AlarmQuery) => call(alarmCalls.list, query),
  one: (id: number) => call(alarmCalls.one, { id }),
  assignees: (id: number) => call(alarmCalls.assignees, { id }),
  acknowledge: (ids: number[], note?: string) => call(alarmCalls.acknowledge, { ids, ...(note ? { note } : {}) }, { quiet: true }),
  assign: (id: number, assigneeId: number | null) => call(alarmCalls.assign, { id, assignee_id: assigneeId }, { quiet: true }),
  comment: (id: number, note: string) => call(alarmCalls.comment, { id, note }, { quiet: true }),
};

export const alarmKeys = {
  all: ['alarms'] as const,
  list: (query: AlarmQuery) => ['alarms', 'list', query] as const,
  one: (id: number) => ['alarms', 'one', id] as const,
  assignees: (id: number) => ['alarms', 'assignees', id] as const,
};
