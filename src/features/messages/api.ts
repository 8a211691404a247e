import type { z } from 'zod';
import type {
  Audience,
  audienceOptions,
  audiencePreview,
  audienceUsers,
  distributedMessage,
  distributedPage,
  notification,
  notificationPage,
  publicNotice,
} from '../../../contract/messages';
import { NOTIFICATION_FETCH_SIZE } from '../../../contract/messages-constants';
import { postData } from '../../api/call';
import { api } from '../../api/client';

export type Notification = z.infer<typeof notification>;
export type NotificationPage = z.infer<typeof notificationPage>;
export type PublicNotice = z.infer<typeof publicNotice>;
export type DistributedMessage = z.infer<typeof distributedMessage>;
export type DistributedPage = z.infer<typeof distributedPage>;
export type AudiencePreview = z.infer<typeof audiencePreview>;
export type AudienceUser = z.infer<typeof audienceUsers>[number];

/** The notifications call (spec §7; path of CONTRACT.md 'Messages'). */
export const UNREAD_PATH = '/Message/GetUnreadMyMsg';
export const NOTICE_PATH = '/Message/QueryMsgNotice';

export interface MyListQuery {
  pageIndex: number;
  pageSize: number;
  read?: 'read' | 'unread';
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface SaveMessage {
  id?: number;
  titles: Record<string, string>;
  contents: Record<string, string>;
  audience: Audience;
  publicNotice: boolean;
  noticeUntil?: string;
  byEmail: boolean;
  publish: 'draft' | 'now' | 'at';
  publishAt?: string;
}

export const messageKeys = {
  all: ['messages'] as const,
  unread: (flag: number, language: string) => ['messages', 'unread', flag, language] as const,
  mine: (query: MyListQuery, language: string) => ['messages', 'mine', query, language] as const,
  notices: (language: string) => ['messages', 'notices', language] as const,
  distributed: (query: Record<string, unknown>, language: string) => ['messages', 'distributed', query, language] as const,
};

export const messagesApi = {
  /**
   * Spec §7: body pageIndex 1, pageSize 50000, language; answers data.data. A failure is passed on silently: no
   * message is shown (quiet), the bell keeps what it showed.
   */
  unread: (language: string) =>
    postData<NotificationPage>(UNREAD_PATH, { pageIndex: 1, pageSize: NOTIFICATION_FETCH_SIZE, language }, { quiet: true }),
  mine: (query: MyListQuery, language: string) => postData<NotificationPage>('/Message/GetListMyMsg', { ...query, language }),
  one: (id: number, language: string) => postData<Notification>('/Message/GetQueryMyMsg', { id, language }),
  markRead: (ids: number[], read = true) => postData<{ count: number }>('/Message/UpdateMyMsg', { ids, read }),
  markAllRead: () => postData<{ count: number }>('/Message/UpdateMyMsg', { all: true }),
  remove: (ids: number[]) => postData<{ count: number }>('/Message/UserDelMyMsg', { ids }),
  /** Sent without the token (src/api/client.ts TOKENLESS_PATHS); quiet: the login page shows nothing when it fails. */
  notices: (language: string) => postData<PublicNotice[]>(NOTICE_PATH, { language }, { quiet: true }),

  distributedList: (query: Record<string, unknown>, language: string) =>
    postData<DistributedPage>('/InfoDistribution/GetInfoDistributionPageList', { ...query, language }),
  distributedOne: (id: number) => postData<DistributedMessage>('/InfoDistribution/GetInfoDistribution', { id }),
  save: (message: SaveMessage) => postData<DistributedMessage>('/InfoDistribution/SaveInfoDistribution', { ...message }),
  withdraw: (id: number) => postData<null>('/InfoDistribution/WithdrawInfoDistribution', { id }),
  removeMessage: (id: number) => postData<null>('/InfoDistribution/DeleteInfoDistribution', { id }),
  recall: (id: number) => postData<{ count: number }>('/InfoDistribution/RecallInfoDistribution', { id }),
  preview: (audience: Audience) => postData<AudiencePreview>('/InfoDistribution/PreviewAudience', { audience }, { quiet: true }),
  options: () => postData<z.infer<typeof audienceOptions>>('/InfoDistribution/GetAudienceOptions', {}),
  searchUsers: (keyword: string) => postData<AudienceUser[]>('/InfoDistribution/SearchAudienceUsers', { keyword }),
};

export { api };
