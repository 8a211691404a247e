import { sql } from 'drizzle-orm';
import type { CrudHooks } from '../core/crud/factory';
import { complaintMessages, complaints } from '../core/db/schema';
import { unreadFor } from './news/service/messages';

/**
 * The list filter `messages` = 'unread': the complaints holding a message the caller has not read, the same messages
 * the top bar's complaint-message icon counts (its 'show all' link opens the list with it).
 */
export const messageFilterHooks: CrudHooks = {
  listWhere(actor, body) {
    if (body.messages !== 'unread') return undefined;
    return sql`EXISTS (SELECT 1 FROM ${complaintMessages}
      WHERE ${complaintMessages.complaintId} = ${complaints.id} AND ${unreadFor(actor)})`;
  },
};
