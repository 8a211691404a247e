import type { QueryClient } from '@tanstack/react-query';
import type { BodyIn } from '../../../contract/endpoint';
import { reportCalls as calls } from '../../../contract/reports-calls';
import { areaKey, call, endpointQuery } from '../../api/call';

/** The generated reports' calls (contract/reports-calls.ts reportCalls) as their screens ask them, with their queries. */

/** What the screen's address filters the list by: its page, and the list body's state and mine. */
export type ReportFilter = { pageIndex: number } & Pick<NonNullable<BodyIn<typeof calls.list>>, 'state' | 'mine'>;

export const reportsApi = {
  remove: (id: number) => call(calls.remove, { id }),
  /** The file under its own name (a notification's or mail run's button may give another when the answer names none). */
  download: (id: number, fallbackName: string) => call(calls.download, { id }, { fallbackName }),
};

export const reportQueries = {
  list: (filter: ReportFilter) => endpointQuery(calls.list, { pageSize: 20, ...filter }),
};

/** After a change: every report list shown is read again. */
export const refreshReports = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: areaKey(calls.list) });
