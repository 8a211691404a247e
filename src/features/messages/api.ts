import type { QueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyIn } from '../../../contract/endpoint';
import { isLanguage } from '../../../contract/languages';
import type { Audience } from '../../../contract/messages';
import { messageCalls as calls } from '../../../contract/messages-calls';
import { NOTIFICATION_FETCH_SIZE } from '../../../contract/messages-constants';
import { areaKey, call, callKey, endpointQuery } from '../../api/call';

export type Notification = AnswerOf<typeof calls.one>;
export type PublicNotice = AnswerOf<typeof calls.notices>[number];
export type DistributedMessage = AnswerOf<typeof calls.get>;
export type AudienceUser = AnswerOf<typeof calls.searchUsers>[number];
/** The filters and page of /Notifications (the reader's language is added by the query). */
export type MyListQuery = Omit<BodyIn<typeof calls.mine>, 'language'>;
export type MessageListQuery = Omit<BodyIn<typeof calls.list>, 'language'>;

/** The screen's language as the calls take it (i18next resolves only the portal's languages). */
const asked = (language: string) => (isLanguage(language) ? language : undefined);

/** Messages' calls (contract/messages-calls.ts messageCalls) as their screens ask them. */
export const messagesApi = {
  markRead: (ids: number[], read = true) => call(calls.mark, { ids, read }),
  markAllRead: () => call(calls.mark, { all: true }),
  remove: (ids: number[]) => call(calls.removeMine, { ids }),
  one: (id: number, language: string) => call(calls.one, { id, language: asked(language) }),
  /** Sent without the token (src/api/client.ts); quiet: the login page shows nothing when it fails. */
  notices: (language: string) => call(calls.notices, { language: asked(language) }, { quiet: true }),

  save: (message: BodyIn<typeof calls.save>) => call(calls.save, message),
  withdraw: (id: number) => call(calls.withdraw, { id }),
  removeMessage: (id: number) => call(calls.remove, { id }),
  recall: (id: number) => call(calls.recall, { id }),
  searchUsers: (keyword: string) => call(calls.searchUsers, { keyword }),
};

export const messageQueries = {
  /**
   * Spec §7: body pageIndex 1, pageSize 50000, language; answers data.data. A failure is passed on silently: no
   * message is shown (quiet), the bell keeps what it showed. The read flag in the key asks again when it is raised.
   */
  unread: (flag: number, language: string) => {
    const query = endpointQuery(
      calls.unread,
      { pageIndex: 1, pageSize: NOTIFICATION_FETCH_SIZE, language: asked(language) },
      { quiet: true },
    );
    return { ...query, queryKey: [...query.queryKey, flag] as const };
  },
  mine: (query: MyListQuery, language: string) => endpointQuery(calls.mine, { ...query, language: asked(language) }),
  /** The key of one notification shown (its query marks it read as well). */
  oneKey: (id: number | undefined, language: string) => endpointQuery(calls.one, { id: id ?? 0, language: asked(language) }).queryKey,
  distributed: (query: MessageListQuery, language: string) => endpointQuery(calls.list, { ...query, language: asked(language) }),
  audienceOptions: () => endpointQuery(calls.audienceOptions, {}),
  /** The key of a user search (its query keeps the names found as well). */
  usersKey: (keyword: string) => endpointQuery(calls.searchUsers, { keyword }).queryKey,
  /** Quiet: it is asked again as the audience is edited, and the form shows its count (0 when it fails), not an error. */
  preview: (audience: Audience) => endpointQuery(calls.previewAudience, { audience }, { quiet: true }),
};

/** After the caller's notifications changed: their list is read again. */
export const refreshMine = (client: QueryClient) => client.invalidateQueries({ queryKey: callKey(calls.mine) });

/** After a message changed: every message and notification shown is read again. */
export const refreshMessages = (client: QueryClient) => client.invalidateQueries({ queryKey: areaKey(calls.list) });
