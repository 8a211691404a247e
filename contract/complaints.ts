import { z } from 'zod';
import { rules } from './rules';
import { MESSAGE_FILES_MAX, MESSAGE_KINDS, MESSAGE_MAX, NEWS_PAGE_SIZE } from './complaints-constants';

/**
 * The complaint calls beyond the generated ones (server/complaints/news/routes.ts): the messages of a complaint,
 * the unread complaint messages of the top bar, urge (spec §3, §7, §8; DESIGN §9). Field names are the spec's
 * where it gives them ('Complaint message item', 'Message detail', 'Reply payload'). Strings are trimmed (spec §5).
 */

/** Spec §5: blank or whitespace-only text is refused (3 naming the field; the form says 'Please fill in the reply'). */
const messageText = z.string().trim().min(1).max(MESSAGE_MAX);
/** Upload ids of /Complaints/UploadComplaintFile (sent without recordId): the files the message carries. */
const messageFiles = z.array(rules.id()).max(MESSAGE_FILES_MAX).optional().default([]);

/** /Complaints/GetComplaintMessages, /Complaints/UrgeComplaint: the complaint. */
export const complaintIdBody = z.object({ id: rules.id() });

/** /Complaints/CommentComplaint: a comment on the complaint `id`. */
export const commentBody = z.object({ id: rules.id(), commentContent: messageText, attachments: messageFiles });

/** /ComplaintsProcessing/ReplyComplaintsComment (spec §3 'Reply payload'): id = the complaint, commentId = the message answered. */
export const replyBody = commentBody.extend({ commentId: rules.id() });

/** /ComplaintsNews/QueryAllUnreadNews: a page of the caller's unread messages; `count` true answers the count only. */
export const unreadNewsBody = z.object({
  pageIndex: rules.integer(1, 100_000).optional().default(1),
  pageSize: rules.integer(1, 100).optional().default(NEWS_PAGE_SIZE),
  count: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
});

/** /ComplaintsNews/GetCommentDetail (spec §7). */
export const commentDetailBody = z.object({ comment_id: rules.id() });
/** /ComplaintsNews/GetAdditionalInfoDetail (spec §7). */
export const additionalInfoDetailBody = z.object({ additionalinfo_id: rules.id() });
/** /ComplaintsNews/DownCommentFile and DownAdditionalFile (spec §7): the message and the name of its file. */
export const messageFileBody = z.object({ id: rules.id(), attachment_name: z.string().trim().min(1).max(255) });
/** A message's file: its bytes as stored, typed as sniffed at upload (images and PDFs shown in place). */
export const messageFile = z.file().describe('the file, typed as it was sniffed at upload');

const file = z.object({ id: z.number(), name: z.string(), size: z.number(), mime: z.string() });

/** One message of a complaint, as the detail page lists them (oldest first). */
export const complaintMessage = z.object({
  id: z.number(),
  complaints_id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  /** The message a reply answers; null for a comment. */
  reply_to: z.number().nullable(),
  content: z.string(),
  /** The author's user name, and the display name the page shows (the user name when they have none or left). */
  creator: z.string(),
  creator_name: z.string(),
  /** 'customer' or 'staff': which side wrote it. */
  side: z.enum(['customer', 'staff']),
  created_at: z.string(),
  attachments: z.array(file),
});
export const complaintMessagesAnswer = z.object({ data: z.array(complaintMessage), dataCount: z.number() });

/**
 * Spec §3 'Complaint message item': a comment fills complaintscomment_id (open it with GetCommentDetail), a reply
 * complaintsadditionalinfo_id (GetAdditionalInfoDetail); area is the complaint's country.
 */
export const newsItem = z.object({
  id: z.number(),
  complaints_id: z.number(),
  complaintscomment_id: z.number().nullable(),
  complaintsadditionalinfo_id: z.number().nullable(),
  attachment_name: z.string(),
  area: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  content: z.string(),
  /** The author's user name (spec §3 names no sender field; kept beside the spec's ones). */
  creator: z.string(),
  /** The author's display name, as the top bar shows the sender (the user name when they have none or left). */
  creator_name: z.string(),
  created_at: z.string(),
});
export const unreadNewsAnswer = z.object({ data: z.array(newsItem), dataCount: z.number() });

/**
 * Spec §3 'Message detail'. A comment: comment_content and comment_creator are its own. A reply (additional info):
 * additionalinfo_content and reply_from are its own, comment_content and comment_creator those of the message it
 * answers, complaintprocessing_id that message's id. attachment_name names its files (', ' between them).
 */
export const messageDetail = z.object({
  id: z.number(),
  kind: z.enum(MESSAGE_KINDS),
  complaints_id: z.number(),
  complaintprocessing_id: z.number().nullable(),
  additionalinfo_content: z.string().nullable(),
  comment_content: z.string().nullable(),
  comment_creator: z.string().nullable(),
  reply_from: z.string().nullable(),
  /** The display names of comment_creator and reply_from (their user names when they have none or left). */
  comment_creator_name: z.string().nullable(),
  reply_from_name: z.string().nullable(),
  attachment_name: z.string(),
  attachments: z.array(file),
  title: z.string(),
  created_at: z.string(),
});

/** /Complaints/UrgeComplaint's answer: when, and whom the urge reached (the handler's display name; null before one is assigned). */
export const urgeAnswer = z.object({ id: z.number(), urged_at: z.string(), handler: z.string().nullable() });
