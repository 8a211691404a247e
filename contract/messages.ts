import { z } from 'zod';
import { isCountryCode } from './countries';
import { LANGUAGES, type Language } from './languages';
import { FILTER_TEXT_MAX, LIST_MAX, rules } from './rules';
import { MESSAGE_CONTENT_MAX, MESSAGE_STATES, MESSAGE_TITLE_MAX, NOTIFICATION_FETCH_SIZE } from './messages-constants';

/**
 * Messages and notifications (spec §3 Notification, §7 Messages): what the portal's staff tell its users
 * (information distribution) and what each user received. Bodies and answers of the calls of contract/messages-calls.ts.
 */

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];
export const languageParam = z.enum(LANGUAGE_CODES).optional();

const bulkIds = z.array(rules.id()).min(1, 'admin:validation.required').max(LIST_MAX, 'admin:validation.tooLong');

/** The notifications call (spec §7: body pageIndex 1, pageSize 50000, language; answer data.data): the caller's unread ones. */
export const unreadBody = z.object({
  pageIndex: rules.integer(1, 100_000).optional().default(1),
  pageSize: rules.integer(1, NOTIFICATION_FETCH_SIZE).optional().default(NOTIFICATION_FETCH_SIZE),
  language: languageParam,
});

/** /Message/GetListMyMsg: the caller's notifications, newest first, with the list's filters. */
export const myListBody = z.object({
  pageIndex: rules.integer(1, 100_000).optional().default(1),
  pageSize: rules.integer(1, 200).optional().default(20),
  language: languageParam,
  /** 'unread' or 'read'; none: both. */
  read: z.enum(['read', 'unread']).optional(),
  /** Words of the title or text. */
  keyword: z.string().trim().max(FILTER_TEXT_MAX, 'admin:validation.tooLong').optional(),
  /** Published between these two days, both included (the reader's days: the client sends them as it shows them). */
  dateFrom: rules.date().optional(),
  dateTo: rules.date().optional(),
});

export const myOneBody = z.object({ id: rules.id(), language: languageParam });
/** Mark read (read true, the default) or unread; `all`: every one of the caller's instead of `ids`. */
export const markBody = z
  .object({ ids: bulkIds.optional(), all: z.boolean().optional(), read: z.boolean().optional().default(true) })
  .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0, { message: 'admin:validation.required', path: ['ids'] });
export const deleteMineBody = z.object({ ids: bulkIds });
export const noticeBody = z.object({ language: languageParam }).optional();

/** Spec §3 Notification: userread_flag ('0' unread, '1' read) and msgtitle, with what a list shows. */
export const notification = z.object({
  id: z.number(),
  message_id: z.number(),
  msgtitle: z.string(),
  content: z.string(),
  /** The language the texts are in (the reader's, else the one the message was written in). */
  language: z.string(),
  userread_flag: z.enum(['0', '1']),
  publish_time: z.string(),
  read_time: z.string().nullable(),
  sender: z.string(),
  /** A background report's notice: the report its download button fetches (/Reports/DownloadReport); else null. */
  report_id: z.number().nullable().optional(),
});
export const notificationPage = z.object({ data: z.array(notification), dataCount: z.number(), unreadCount: z.number() });
export const countAnswer = z.object({ count: z.number() });

export const publicNotice = z.object({
  id: z.number(),
  msgtitle: z.string(),
  content: z.string(),
  language: z.string(),
  publish_time: z.string(),
  notice_until: z.string().nullable(),
});

// —— Information distribution (infoDistributionSys) ——

const localized = (max: number) =>
  z
    .object(
      Object.fromEntries(LANGUAGE_CODES.map((code) => [code, z.string().trim().max(max, 'admin:validation.tooLong').optional()])) as Record<
        Language,
        z.ZodOptional<z.ZodString>
      >,
    )
    .strict();

const audienceText = (max: number) => z.string().trim().min(1).max(max, 'admin:validation.tooLong');

/** Who a message is for: everyone, or the users meeting every criterion given, plus the named users. */
export const audience = z
  .object({
    everyone: z.boolean().optional(),
    /** Role names of permissions/roles.ts (checked by the server: 2 for another). */
    roles: z.array(z.string().max(30)).max(LIST_MAX, 'admin:validation.tooLong').optional(),
    countries: z
      .array(z.string().max(2).refine(isCountryCode, 'admin:validation.invalid'))
      .max(LIST_MAX, 'admin:validation.tooLong')
      .optional(),
    userIds: z.array(rules.id()).max(LIST_MAX, 'admin:validation.tooLong').optional(),
    models: z.array(audienceText(100)).max(LIST_MAX, 'admin:validation.tooLong').optional(),
    firmwareVersions: z.array(audienceText(100)).max(LIST_MAX, 'admin:validation.tooLong').optional(),
  })
  .strict();
export type Audience = z.infer<typeof audience>;

/** Whether an audience names anyone at all (everyone, a criterion or a user). */
export function audienceGiven(a: Audience): boolean {
  return !!a.everyone || [a.roles, a.countries, a.userIds, a.models, a.firmwareVersions].some((list) => (list?.length ?? 0) > 0);
}

export const saveMessageBody = z.object({
  id: rules.id().optional(),
  titles: localized(MESSAGE_TITLE_MAX),
  contents: localized(MESSAGE_CONTENT_MAX),
  audience,
  publicNotice: z.boolean().optional().default(false),
  /** The last day (ISO time) the notice shows on the login page; required for a public notice. */
  noticeUntil: z.iso.datetime({ offset: true }).max(40).optional(),
  byEmail: z.boolean().optional().default(false),
  /** 'draft': keep; 'now': publish; 'at': publish at publishAt. */
  publish: z.enum(['draft', 'now', 'at']),
  publishAt: z.iso.datetime({ offset: true }).max(40).optional(),
});
export type SaveMessage = z.infer<typeof saveMessageBody>;

export const messageListBody = z.object({
  pageIndex: rules.integer(1, 100_000).optional().default(1),
  pageSize: rules.integer(1, 200).optional().default(20),
  language: languageParam,
  status: z.enum(MESSAGE_STATES).optional(),
  keyword: z.string().trim().max(FILTER_TEXT_MAX, 'admin:validation.tooLong').optional(),
});
export const messageIdBody = z.object({ id: rules.id() });
export const audienceBody = z.object({ audience });
export const userSearchBody = z.object({ keyword: z.string().trim().max(FILTER_TEXT_MAX, 'admin:validation.tooLong').optional() });

const textMap = z.record(z.string(), z.string());
export const distributedMessage = z.object({
  id: z.number(),
  /** The title in the reader's language (else the one written). */
  title: z.string(),
  titles: textMap,
  contents: textMap,
  audience: z.record(z.string(), z.unknown()),
  public_notice: z.boolean(),
  notice_until: z.string().nullable(),
  by_email: z.boolean(),
  status: z.enum(MESSAGE_STATES),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  recipient_count: z.number(),
  read_count: z.number(),
  created_by: z.string(),
  /** Who scheduled or published it (null for a draft and for messages older than this field). */
  published_by: z.string().nullable(),
  recalled_at: z.string().nullable(),
  recalled_by: z.string().nullable(),
  /** Whether the caller may recall it now (its publisher or an admin; scheduled or published). */
  can_recall: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const distributedPage = z.object({ data: z.array(distributedMessage), dataCount: z.number() });
export const messageDone = z.null();
export const publicNotices = z.array(publicNotice);
export const audiencePreview = z.object({
  count: z.number(),
  /** The first few, for the form to show whom it reaches. */
  sample: z.array(z.object({ id: z.number(), username: z.string(), name: z.string() })),
});
/** GetAudienceOptions asks nothing (the web sends {}). */
export const audienceOptionsBody = z.object({}).optional();
export const audienceOptions = z.object({ models: z.array(z.string()), firmwareVersions: z.array(z.string()) });
export const audienceUsers = z.array(z.object({ id: z.number(), username: z.string(), name: z.string(), roles: z.array(z.string()) }));

/** The text of `texts` for a reader of `language`: theirs, else English, else the first written (in the languages' order). */
export function pickText(texts: Partial<Record<string, string>>, language: string | undefined): { text: string; language: string } {
  const written = (code: string | undefined) => (code && texts[code]?.trim() ? code : undefined);
  const chosen = written(language) ?? written('en') ?? LANGUAGE_CODES.find((code) => written(code));
  return chosen ? { text: texts[chosen]!, language: chosen } : { text: '', language: language ?? 'en' };
}
