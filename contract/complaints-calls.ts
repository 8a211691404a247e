import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The complaint calls beyond the ones generated from the declaration (resources/complaints.ts): a complaint's
 * messages, the unread ones of the top bar, urge (server/complaints/news/routes.ts), the after-sales home
 * (server/complaints/home/routes.ts), the service-level targets (server/complaints/clock-targets/routes.ts) and the statistical
 * statement (server/complaints/statement/routes.ts). Called by src/features/complaints. Their schemas are in
 * contract/complaints.ts, complaint-home.ts, complaint-clocks.ts and complaints-statement.ts.
 */

const news = schemasFrom(() => import('./complaints'));
const home = schemasFrom(() => import('./complaint-home'));
const clocks = schemasFrom(() => import('./complaint-clocks'));
const statement = schemasFrom(() => import('./complaints-statement'));
const read = { subject: 'complaint', action: 'read' } as const;
const write = { subject: 'complaint', action: 'update' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A complaint's messages, the unread ones of the top bar, urge: each reaches a complaint through its row scope (45 outside it). */
export const complaintNewsCalls = {
  messages: defineEndpoint({
    path: '/Complaints/GetComplaintMessages',
    permission: read,
    summary: "A complaint's comments and replies with their files, oldest first; the caller has read them afterwards",
    schemas: news((s) => ({ body: s.complaintIdBody, answer: s.complaintMessagesAnswer })),
  }),
  comment: defineEndpoint({
    path: '/Complaints/CommentComplaint',
    permission: write,
    summary: 'Comment on a complaint (either side) with up to 3 files uploaded by /Complaints/UploadComplaintFile; mails the other side',
    schemas: news((s) => ({ body: s.commentBody, answer: s.complaintMessage })),
  }),
  reply: defineEndpoint({
    path: '/ComplaintsProcessing/ReplyComplaintsComment',
    tag: 'Complaints',
    permission: write,
    summary: 'Reply to a message of a complaint (spec §3 Reply payload: id = complaint, commentId = the message); mails the other side',
    schemas: news((s) => ({ body: s.replyBody, answer: s.complaintMessage })),
  }),
  unread: defineEndpoint({
    path: '/ComplaintsNews/QueryAllUnreadNews',
    tag: 'Complaints',
    permission: read,
    summary: "The caller's unread complaint messages, newest first (data.data, data.dataCount; page size 5)",
    schemas: news((s) => ({ body: s.unreadNewsBody, answer: s.unreadNewsAnswer })),
  }),
  commentDetail: defineEndpoint({
    path: '/ComplaintsNews/GetCommentDetail',
    tag: 'Complaints',
    permission: read,
    summary: 'One complaint message (spec §3 Message detail); marks it read',
    schemas: news((s) => ({ body: s.commentDetailBody, answer: s.messageDetail })),
  }),
  replyDetail: defineEndpoint({
    path: '/ComplaintsNews/GetAdditionalInfoDetail',
    tag: 'Complaints',
    permission: read,
    summary: 'One complaint message, a reply (spec §3 Message detail with the message it answers); marks it read',
    schemas: news((s) => ({ body: s.additionalInfoDetailBody, answer: s.messageDetail })),
  }),
  urge: defineEndpoint({
    path: '/Complaints/UrgeComplaint',
    permission: write,
    summary: 'Urge the handler (customer side; open or paused complaints): once an hour per complaint (15), 5 a day per user (16)',
    schemas: news((s) => ({ body: s.complaintIdBody, answer: s.urgeAnswer })),
  }),
};

/** A message's file by its name (id = the message): comments' and replies' (spec §7), as they were uploaded. */
const messageFileCall = (path: `/${string}`, of: string) =>
  defineEndpoint({
    path,
    kind: 'download',
    media: 'application/octet-stream',
    permission: read,
    summary: `A file of a complaint's ${of} by its name (id = the message): its bytes, images and PDFs inline`,
    tag: 'Complaints',
    schemas: news((s) => ({ body: s.messageFileBody, answer: s.messageFile })),
  });
export const messageFileCalls = {
  comment: messageFileCall('/ComplaintsNews/DownCommentFile', 'comment'),
  reply: messageFileCall('/ComplaintsNews/DownAdditionalFile', 'reply'),
};

/**
 * What waits for the after-sales teams today: for those who take or handle complaints (the accept and take-over
 * rights: servicer, fasw, dasw, dev, admin, systemmanager); anyone else 45.
 */
export const afterSalesHomeCall = defineEndpoint({
  path: '/Complaints/GetAfterSalesHome',
  permission: { subject: 'complaint', action: ['accept', 'takeOver'] },
  summary:
    "The after-sales home: complaints waiting for the caller's team, those they handle, clocks due before the reader's " +
    'midnight (timeZone) or overdue, and complaints waiting to be archived',
  schemas: home((s) => ({ body: s.afterSalesHomeBody, answer: s.afterSalesHomeAnswer })),
});

/** The service-level targets per priority: whoever reads complaints reads them; admins and system managers change them. */
export const clockTargetCalls = {
  read: defineEndpoint({
    path: '/Complaints/GetClockTargets',
    tag: 'customerComplaintList',
    permission: read,
    summary: 'The service-level targets per priority: first response in hours, resolution in days',
    schemas: clocks((s) => ({ body: s.clockTargetsBody, answer: s.clockTargetsSchema })),
  }),
  save: defineEndpoint({
    path: '/Complaints/SaveClockTargets',
    tag: 'customerComplaintList',
    permission: { subject: 'complaintSettings', action: 'update' },
    summary: 'Change the service-level targets per priority (admins); every running clock’s due time follows',
    schemas: clocks((s) => ({ body: s.clockTargetsSchema, answer: s.clockTargetsSchema })),
  }),
};

/** The statistical statement (staff: the 'statisticalStatement' screen's roles): its figures and their xlsx sheet. */
export const statementCalls = {
  figures: defineEndpoint({
    path: '/Complaints/GetStatisticalStatement',
    tag: 'statisticalStatement',
    permission: { subject: 'complaintStatement', action: 'read' },
    summary: 'Complaints per month (and type, country, model or team): in, solved, backlog, times, shares, ratings',
    schemas: statement((s) => ({ body: s.statementBody, answer: s.statementAnswer })),
  }),
  export: defineEndpoint({
    path: '/Complaints/ExportStatisticalStatement',
    tag: 'statisticalStatement',
    kind: 'download',
    media: XLSX,
    permission: { subject: 'complaintStatement', action: 'export' },
    summary:
      'The statistical statement as an xlsx sheet (code 8 when it has no month). With background it is made in the ' +
      'background: the answer is the envelope naming the generated report',
    schemas: statement((s) => ({ body: s.statementExportBody, answer: s.statementFile })),
  }),
};
