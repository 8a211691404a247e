import { eq } from 'drizzle-orm';
import { LANGUAGES } from '../../contract/languages';
import type { Database } from '../core/db';
import { generatedReports, infoMessages, userNotifications, type LocalizedText } from '../core/db/schema';
import { mailTexts } from '../core/mail/texts';

/** Reports older than this are removed (file and row) by the daily clean-up (service.ts). */
export const REPORT_KEEP_DAYS = 30;

/**
 * Why a report failed, in one language: a refusal's code as the error catalogue says it ('[45] …' → 'No permission'),
 * anything else as an unexpected error (the technical reason stays on the generated reports screen).
 */
function reasonIn(language: (typeof LANGUAGES)[number]['code'], error: string | null): string {
  const t = mailTexts(language, 'mailings');
  const coded = error ? /^\[(-?\d+)\] /.exec(error) : null;
  return coded ? t(`errors:code.${coded[1]}`, { defaultValue: t('reports.notice.unexpected') }) : t('reports.notice.unexpected');
}

/**
 * Tells the asker of a background report that it is ready (the notification carries the report: its download button
 * calls /Reports/DownloadReport, which the asker may call whatever their roles) or why it failed. One notification
 * per report, in the portal's four languages (each reader sees their own): a retry that ends otherwise rewrites it
 * and makes it unread again. Reports nobody asked for (a mail run's) tell no one.
 */
export async function notifyAsker(db: Database, reportId: number, now: Date): Promise<void> {
  const [report] = await db.select().from(generatedReports).where(eq(generatedReports.id, reportId));
  if (!report || report.requestedBy === null || (report.state !== 'done' && report.state !== 'failed')) return;
  const titles: LocalizedText = {};
  const contents: LocalizedText = {};
  for (const { code } of LANGUAGES) {
    const t = mailTexts(code, 'mailings');
    const values = {
      file: report.fileName,
      kind: t(`reports.kinds.${report.kind}`, { defaultValue: report.kind }),
      days: REPORT_KEEP_DAYS,
    };
    if (report.state === 'done') {
      titles[code] = t('reports.notice.readyTitle', values);
      contents[code] = t('reports.notice.readyContent', values);
    } else {
      titles[code] = t('reports.notice.failedTitle', values);
      contents[code] = t('reports.notice.failedContent', { ...values, reason: reasonIn(code, report.error) });
    }
  }
  await db.transaction(async (tx) => {
    if (report.messageId !== null) {
      await tx
        .update(infoMessages)
        .set({ titles, contents, publishedAt: now, updatedAt: now })
        .where(eq(infoMessages.id, report.messageId));
      await tx.update(userNotifications).set({ readAt: null, createdAt: now }).where(eq(userNotifications.messageId, report.messageId));
      return;
    }
    const [message] = await tx
      .insert(infoMessages)
      .values({
        titles,
        contents,
        audience: { userIds: [report.requestedBy!] },
        status: 'published',
        publishedAt: now,
        recipientCount: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: infoMessages.id });
    await tx.insert(userNotifications).values({ messageId: message!.id, userId: report.requestedBy!, createdAt: now });
    await tx.update(generatedReports).set({ messageId: message!.id }).where(eq(generatedReports.id, report.id));
  });
}

/** The notifications of reports that are removed go with them (their download would answer 8). */
export async function removeNotices(db: Database, messageIds: (number | null)[]): Promise<void> {
  for (const id of messageIds) if (id !== null) await db.delete(infoMessages).where(eq(infoMessages.id, id));
}
