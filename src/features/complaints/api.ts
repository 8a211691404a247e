import type { Page } from '../../../contract/codes';
import type { AttachmentFile } from '../../../resources/attachments';
import { complaints, type ComplaintState } from '../../../resources/complaints';
import { workflowPaths } from '../../../resources/workflow';
import { postData } from '../../api/call';
import { api } from '../../api/client';
import type { HistoryEntry } from '../../resources/workflow/WorkflowHistory';

export { CallError } from '../../api/call';

/** A complaint as /Complaints/GetComplaint and the list answer it (resources/complaints.ts names every field). */
export interface Complaint {
  id: number;
  title: string;
  description: string;
  type: string;
  sys_sn: string;
  status: ComplaintState;
  priority: string;
  country: string;
  created_at: string;
  created_by: string;
  attachments?: AttachmentFile[];
  [field: string]: unknown;
}

/** The list's search as the URL keeps it and /Complaints/GetComplaintPageList takes it (filters by field name). */
export interface ComplaintQuery {
  pageIndex: number;
  pageSize: number;
  sort: Array<{ field: 'created_at'; order: 'asc' | 'desc' }>;
  /** One status, or the statuses of a category. */
  status?: string | string[];
  type?: string;
  priority?: string;
  sys_sn?: string;
  title?: string;
}

const { endpoints } = complaints;
const workflow = workflowPaths(endpoints);

/** The complaint calls (spec §7, generated from the declaration by the server): each answers its data or throws CallError. */
export const complaintsApi = {
  list: (query: ComplaintQuery) => postData<Page<Complaint>>(endpoints.list!, { ...query }),
  one: (id: number) => postData<Complaint>(endpoints.one!, { id }),
  history: (id: number) => postData<Page<HistoryEntry>>(workflow.history, { id }),
  /**
   * Files a complaint. The envelope, not its data: the screen answers 45 ('no SN right', back to the list) and
   * 'Do not submit repeatly' itself, so the call is quiet.
   */
  create: (values: Record<string, unknown>) => api.post<Complaint>(endpoints.save!, values, { quiet: true }),
};

const ALL = ['complaints'] as const;

/**
 * The react-query keys of the complaint calls: every useQuery of the area names its key here, and every
 * invalidation after a change (a filing, a workflow action) uses the same factory.
 */
export const complaintKeys = {
  /** Everything the area shows (a new complaint changes the list and its counts). */
  all: ALL,
  lists: () => [...ALL, 'list'] as const,
  list: (query: ComplaintQuery) => [...ALL, 'list', query] as const,
  /** The count of one category over the list's search. */
  count: (query: Omit<ComplaintQuery, 'pageIndex' | 'pageSize' | 'sort'>) => [...ALL, 'list', 'count', query] as const,
  one: (id: number) => [...ALL, 'one', id] as const,
};
