import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * Messages and notifications (spec §7 Messages; CONTRACT.md 'Messages'): the caller's notifications under /Message
 * (the top bar's bell, /Notifications), the public notices of the login page (no token), and the messages staff
 * write and publish under /InfoDistribution (infoDistributionSys). Registered by server/messages/routes.ts, called by
 * src/features/messages/api.ts; their schemas are in contract/messages.ts. One tag for both paths: the API document
 * groups them as 'Messages', and a change to a message refreshes every notification shown.
 */

const schemasOf = schemasFrom(() => import('./messages'));
const tag = 'Messages';
const own = (action: string) => ({ subject: 'notification', action }) as const;
const staff = (action: string | readonly string[]) => ({ subject: 'infoDistribution', action }) as const;

export const messageCalls = {
  unread: defineEndpoint({
    path: '/Message/GetUnreadMyMsg',
    tag,
    permission: own('read'),
    summary: "The notifications call (spec §7, §9): the caller's unread notifications, newest first, in their language (data.data)",
    schemas: schemasOf((s) => ({ body: s.unreadBody, answer: s.notificationPage })),
  }),
  mine: defineEndpoint({
    path: '/Message/GetListMyMsg',
    tag,
    permission: own('read'),
    summary: "The caller's notifications, newest first; filters read / unread, words, publication days",
    schemas: schemasOf((s) => ({ body: s.myListBody, answer: s.notificationPage })),
  }),
  one: defineEndpoint({
    path: '/Message/GetQueryMyMsg',
    tag,
    permission: own('read'),
    summary: "One of the caller's notifications (45 for another's)",
    schemas: schemasOf((s) => ({ body: s.myOneBody, answer: s.notification })),
  }),
  mark: defineEndpoint({
    path: '/Message/UpdateMyMsg',
    tag,
    permission: own('update'),
    summary: "Marks the caller's notifications read (read false: unread); ids, or all; answers how many changed",
    schemas: schemasOf((s) => ({ body: s.markBody, answer: s.countAnswer })),
  }),
  removeMine: defineEndpoint({
    path: '/Message/UserDelMyMsg',
    tag,
    permission: own('delete'),
    summary: 'Deletes notifications for the caller alone (45 when an id is not theirs; nothing changes)',
    schemas: schemasOf((s) => ({ body: s.deleteMineBody, answer: s.countAnswer })),
  }),
  /** Sent without the token (src/api/client.ts). */
  notices: defineEndpoint({
    path: '/Message/QueryMsgNotice',
    tag,
    permission: 'public',
    summary: 'The public notices showing now (login page; no token), in the language asked for',
    schemas: schemasOf((s) => ({ body: s.noticeBody, answer: s.publicNotices })),
  }),

  list: defineEndpoint({
    path: '/InfoDistribution/GetInfoDistributionPageList',
    tag,
    permission: staff('read'),
    summary: 'The messages written for distribution: drafts, scheduled, then published; with how many received and read',
    schemas: schemasOf((s) => ({ body: s.messageListBody, answer: s.distributedPage })),
  }),
  get: defineEndpoint({
    path: '/InfoDistribution/GetInfoDistribution',
    tag,
    permission: staff('read'),
    summary: 'One message with its texts and audience',
    schemas: schemasOf((s) => ({ body: s.messageIdBody, answer: s.distributedMessage })),
  }),
  save: defineEndpoint({
    path: '/InfoDistribution/SaveInfoDistribution',
    tag,
    permission: staff(['create', 'update']),
    summary: 'Saves a message (id: a draft or scheduled one) and keeps it as a draft, publishes it now, or schedules it (publishAt)',
    schemas: schemasOf((s) => ({ body: s.saveMessageBody, answer: s.distributedMessage })),
  }),
  withdraw: defineEndpoint({
    path: '/InfoDistribution/WithdrawInfoDistribution',
    tag,
    permission: staff('update'),
    summary: 'A scheduled message goes back to draft (not published)',
    schemas: schemasOf((s) => ({ body: s.messageIdBody, answer: s.messageDone })),
  }),
  recall: defineEndpoint({
    path: '/InfoDistribution/RecallInfoDistribution',
    tag,
    permission: staff('update'),
    summary:
      "Recalls a published message (gone from every reader's bell and list; its mails not yet sent are not sent) or cancels a scheduled one; its publisher or an admin (45 for another's). Answers how many unsent mails were dropped",
    schemas: schemasOf((s) => ({ body: s.messageIdBody, answer: s.countAnswer })),
  }),
  remove: defineEndpoint({
    path: '/InfoDistribution/DeleteInfoDistribution',
    tag,
    permission: staff('delete'),
    summary: 'Deletes a draft',
    schemas: schemasOf((s) => ({ body: s.messageIdBody, answer: s.messageDone })),
  }),
  previewAudience: defineEndpoint({
    path: '/InfoDistribution/PreviewAudience',
    tag,
    permission: staff('read'),
    summary: 'How many users an audience reaches now, and the first ten',
    schemas: schemasOf((s) => ({ body: s.audienceBody, answer: s.audiencePreview })),
  }),
  audienceOptions: defineEndpoint({
    path: '/InfoDistribution/GetAudienceOptions',
    tag,
    permission: staff('read'),
    summary: 'The system models and firmware versions of the fleet, for the audience',
    schemas: schemasOf((s) => ({ body: s.audienceOptionsBody, answer: s.audienceOptions })),
  }),
  searchUsers: defineEndpoint({
    path: '/InfoDistribution/SearchAudienceUsers',
    tag,
    permission: staff('read'),
    summary: 'Users by part of their name or e-mail (20), for the named users of an audience',
    schemas: schemasOf((s) => ({ body: s.userSearchBody, answer: s.audienceUsers })),
  }),
};
