import type { WorkHourTotalsBody } from '../../../contract/workhours';
import { rdWorkHours } from '../../../resources/rdWorkHours';
import { workHourCalls } from '../../../contract/workhours-calls';
import { call, postData } from '../../api/call';
import type { Page } from '../../../contract/codes';
import type { WeekEntry } from './weekTotals';

/** The R&D hours' calls beside the generated ones (contract/workhours-calls.ts), and their query keys. */

export interface WorkHourRow extends WeekEntry {
  engineer: string;
  engineer_id: number;
}

/** The most entries one week of one engineer can hold (24 h in quarter hours, 7 days), read as one page. */
const WEEK_PAGE = 7 * 96;

export const workHoursApi = {
  /** Entries of the days from..to (the list's own call and filters), the caller's own picked out by the screen. */
  entries: (from: string, to: string, engineer: string) =>
    postData<Page<WorkHourRow>>(rdWorkHours.endpoints.list!, { pageSize: WEEK_PAGE, work_date: [from, to], engineer }),
  totals: (body: WorkHourTotalsBody) => call(workHourCalls.totals, body),
};

export const workHourKeys = {
  all: ['workhours'] as const,
  week: (monday: string, engineer: string) => ['workhours', 'week', monday, engineer] as const,
  totals: (body: WorkHourTotalsBody) => ['workhours', 'totals', body] as const,
};
