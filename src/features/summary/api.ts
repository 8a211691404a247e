import type { BodyIn } from '../../../contract/endpoint';
import { summaryCalls } from '../../../contract/summary-calls';
import { call } from '../../api/call';

/** The system summary's calls (contract/summary-calls.ts) and their query keys. */
export type SummaryQuery = BodyIn<typeof summaryCalls.list>;

export const summaryApi = {
  list: (query: SummaryQuery) => call(summaryCalls.list, query),
};

export const summaryKeys = {
  all: ['summary'] as const,
  list: (query: SummaryQuery) => ['summary', 'list', query] as const,
};
