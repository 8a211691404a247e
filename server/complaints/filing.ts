import { sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { CrudHooks } from '../core/crud/factory';
import { ApiError } from '../core/http/envelope';
import { newComplaintMails } from './mail';
import { queueComplaintMails, type ComplaintMailer } from './notify';
import { findTwin, RESUBMISSION_TEXT } from './service';

/**
 * What filing does in its save transaction, after the row is written:
 * - 'Do not submit repeatly' holds for two identical submissions at once: the check before the save (service.ts)
 *   cannot see a twin that is not committed yet, so here the filer's identical filings take turns (a transaction
 *   lock on filer, S/N, title and description) and the check runs again: the second sees the first and rolls back;
 * - the new complaint's mails to its handlers by the delivery rules are queued (sent once the save committed).
 */
export const filingHooks = (mailer: ComplaintMailer): CrudHooks => ({
  async afterSave(row, ctx) {
    if (ctx.mode !== 'create') return;
    const { db, now } = ctx;
    const identity = [row.created_by, row.sys_sn, row.title, row.description].map(String).join('\u001f');
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`complaint-filing:${identity}`}))`);
    if (await findTwin(db, row, now, Number(row.id))) throw new ApiError(Code.TOO_FAST, RESUBMISSION_TEXT);
    await queueComplaintMails(ctx, mailer, await newComplaintMails(db, row, mailer.portalUrl, now));
  },
});
