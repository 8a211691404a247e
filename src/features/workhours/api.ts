import type { WorkHourTotalsBody } from '../../../contract/workhours';
import { rdWorkHours } from '../../../resources/rdWorkHours';
import { workHourCalls } from '../../../contract/workhours-calls';
import type { AnswerOf } from '../../../contract/endpoint';
import { endpointsOf } from '../../../resources/endpoints';
import { call } from '../../api/call';

/** The R&D hours' calls: the declaration's list and those beside it (contract/workhours-calls.ts), and their query keys. */
const generated = endpointsOf(rdWorkHours);

/** An entry as the list answers it (resources/rdWorkHours.ts). */
export type WorkHourRow = AnswerOf<NonNullable<typeof generated.list>>['data'][number];

/** The most entries one week of one engineer can hold (24 h in quarter hours, 7 days), read as one page. */
const WEEK_PAGE = 7 * 96;

export const workHoursApi = {
  /** Entries of the days from..to (the list's own call and filters), the caller's own picked out by the screen. */
  entries: (from: string, to: string, engineer: string) => call(generated.list!, { pageSize: WEEK_PAGE, work_date: [from, to], engineer }),
  totals: (body: WorkHourTotalsBody) => call(workHourCalls.totals, body),
};

export const workHourKeys = {
  all: ['workhours'] as const,
  week: (monday: string, engineer: string) => ['workhours', 'week', monday, engineer] as const,
  totals: (body: WorkHourTotalsBody) => ['workhours', 'totals', body] as const,
};
