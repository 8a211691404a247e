import type { Page } from '../../../contract/codes';
import type { ComplaintClocks } from '../../../contract/complaint-clocks';
import type { SystemSnapshot } from '../../../contract/complaint-snapshot';
import { messageFilePaths, complaintNewsCalls as news } from '../../../contract/complaints-calls';
import type { AnswerOf } from '../../../contract/endpoint';
import { NEWS_PAGE_SIZE } from '../../../contract/complaints-constants';
import type { AttachmentFile } from '../../../resources/attachments';
import { complaints, type ComplaintOutcome, type ComplaintState } from '../../../resources/complaints';
import { workflowPaths } from '../../../resources/workflow';
import { call, postData } from '../../api/call';
import { api } from '../../api/client';
import type { ComplaintHistoryEntry } from './ComplaintHistory';

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
  /** The service-level clocks (server/complaints/clocks.ts), where the answer carries them. */
  clocks?: ComplaintClocks;
  /** A running clock is past its target now. */
  overdue?: boolean;
  /** When the nearest running clock reaches its target; null when none runs. */
  due_at?: string | null;
  /** The system when the complaint was filed; null for one filed before snapshots were kept. */
  snapshot?: SystemSnapshot | null;
  [field: string]: unknown;
}

/** A comment or reply of a complaint (contract/complaints.ts). */
export type ComplaintMessage = AnswerOf<typeof news.comment>;

/** An unread complaint message of the top bar (spec §3 'Complaint message item'). */
export type NewsItem = AnswerOf<typeof news.unread>['data'][number];

/** The list's search as the URL keeps it and /Complaints/GetComplaintPageList takes it (filters by field name). */
export interface ComplaintQuery {
  pageIndex: number;
  pageSize: number;
  sort: Array<{ field: 'created_at' | 'due_at'; order: 'asc' | 'desc' }>;
  /** One status, or the statuses of a category. */
  status?: string | string[];
  type?: string;
  priority?: string;
  sys_sn?: string;
  /** Words of the title, description, S/N or any message. */
  keyword?: string;
  sla?: 'due' | 'overdue';
  /** 'unread': complaints with a message the caller has not read. */
  messages?: 'unread';
  country?: string;
  /** Part of the handler's user name. */
  processor?: string;
  team?: string;
  /** Filed between these two days, both included. */
  created_at?: [string, string];
  /** The complaints on one installer company's systems, and those with an outcome (an installer scorecard's figures). */
  installer_id?: number;
  outcome?: ComplaintOutcome;
}

const { endpoints } = complaints;
const workflow = workflowPaths(endpoints);

/** The complaint calls (spec §7, generated from the declaration by the server): each answers its data or throws CallError. */
export const complaintsApi = {
  list: (query: ComplaintQuery) => postData<Page<Complaint>>(endpoints.list!, { ...query }),
  one: (id: number) => postData<Complaint>(endpoints.one!, { id }),
  /** Its history: transitions and the events beside them (filed, edited, urged), each with who by name. */
  history: (id: number) => postData<Page<ComplaintHistoryEntry>>(workflow.history, { id }),
  /**
   * Files a complaint. The envelope, not its data: the screen answers 45 ('no SN right', back to the list) and
   * 'Do not submit repeatly' itself, so the call is quiet.
   */
  create: (values: Record<string, unknown>) => api.post<Complaint>(endpoints.save!, values, { quiet: true }),
  /** Its comments and replies, oldest first (the caller has read them afterwards). */
  messages: (id: number) => call(news.messages, { id }),
  comment: (id: number, commentContent: string, attachments: number[]) => call(news.comment, { id, commentContent, attachments }),
  /** Spec §3 'Reply payload': id = the complaint, commentId = the message answered. */
  reply: (id: number, commentId: number, commentContent: string, attachments: number[]) =>
    call(news.reply, { id, commentId, commentContent, attachments }),
  /** Reminds the handler (customer side): 15 within the hour, 16 past the day's limit, said by the client. */
  urge: (id: number) => call(news.urge, { id }),
  /** The caller's unread complaint messages, newest first, a page of 5 (spec §9). Quiet: a poll never pops up errors. */
  unreadNews: () => call(news.unread, { pageIndex: 1, pageSize: NEWS_PAGE_SIZE }, { quiet: true }),
  /** Opens one message (marks it read): a comment by its comment_id, a reply by its additionalinfo_id (spec §7). */
  openNews: (item: NewsItem) =>
    item.complaintsadditionalinfo_id !== null
      ? call(news.replyDetail, { additionalinfo_id: item.complaintsadditionalinfo_id })
      : call(news.commentDetail, { comment_id: item.complaintscomment_id! }),
};

/** A message's file: comments' through DownCommentFile, replies' through DownAdditionalFile (spec §7). */
export const messageFilePath = (kind: ComplaintMessage['kind']) => messageFilePaths[kind];

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
  messages: (id: number) => [...ALL, 'messages', id] as const,
  news: () => [...ALL, 'news'] as const,
};
