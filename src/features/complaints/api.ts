import type { ComplaintClocks } from '../../../contract/complaint-clocks';
import type { SystemSnapshot } from '../../../contract/complaint-snapshot';
import { messageFileCalls, complaintNewsCalls as news } from '../../../contract/complaints-calls';
import type { AnswerOf, BodyIn } from '../../../contract/endpoint';
import { NEWS_PAGE_SIZE } from '../../../contract/complaints-constants';
import { complaints } from '../../../resources/complaints';
import { endpointsOf } from '../../../resources/endpoints';
import { call, callEnvelope } from '../../api/call';

export { CallError } from '../../api/call';

/**
 * What the server adds to each complaint it answers (server/complaints/derived.ts): the service-level clocks, whether
 * one is overdue, and on the detail the system when the complaint was filed (null for one filed before snapshots).
 */
interface ComplaintAdded {
  clocks?: ComplaintClocks;
  overdue?: boolean;
  snapshot?: SystemSnapshot | null;
}

/** The complaint calls the server generates from the declaration (resources/complaints.ts). */
const generated = endpointsOf<typeof complaints, ComplaintAdded>(complaints);

/** A complaint as the list and /Complaints/GetComplaint answer it: its declared fields and what the server adds. */
export type Complaint = AnswerOf<NonNullable<typeof generated.one>>;

/** A comment or reply of a complaint (contract/complaints.ts). */
export type ComplaintMessage = AnswerOf<typeof news.comment>;

/** An unread complaint message of the top bar (spec §3 'Complaint message item'). */
export type NewsItem = AnswerOf<typeof news.unread>['data'][number];

/** The list's search as the URL keeps it and /Complaints/GetComplaintPageList takes it (filters by field name). */
export type ComplaintQuery = BodyIn<NonNullable<typeof generated.list>> & {
  pageIndex: number;
  pageSize: number;
  sort: Array<{ field: 'created_at' | 'due_at'; order: 'asc' | 'desc' }>;
};

/** The complaint calls (spec §7, generated from the declaration by the server): each answers its data or throws CallError. */
export const complaintsApi = {
  list: (query: ComplaintQuery) => call(generated.list!, query),
  one: (id: number) => call(generated.one!, { id }),
  /** Its history: transitions and the events beside them (filed, edited, urged), each with who by name. */
  history: (id: number) => call(generated.history!, { id }),
  /**
   * Files a complaint. The envelope, not its data: the screen answers 45 ('no SN right', back to the list) and
   * 'Do not submit repeatly' itself, so the call is quiet.
   */
  create: (values: BodyIn<NonNullable<typeof generated.save>>) => callEnvelope(generated.save!, values, { quiet: true }),
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
export const messageFilePath = (kind: ComplaintMessage['kind']) => messageFileCalls[kind].path;

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
