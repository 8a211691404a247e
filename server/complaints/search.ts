import { sql, type SQL } from 'drizzle-orm';
import { escapeLike, type CrudHooks } from '../core/crud/factory';
import { complaintMessages, complaints } from '../core/db/schema';

/**
 * The complaint list's keyword search (list filter `keyword`): a complaint matches when its title, description or
 * S/N, or any of its comments and replies, holds the words as typed (case-insensitive, any script). Both sides are
 * served by trigram indexes (migration 0020), whose expression the condition repeats exactly: a search finds the
 * few complaints that hold a phrase without reading every complaint and message. Words of one or two characters
 * hold no trigram and are found by reading the index whole.
 */
export function keywordCondition(keyword: string): SQL {
  const pattern = `%${escapeLike(keyword.trim())}%`;
  // One IN over a UNION (a semi-join), not `… OR EXISTS (…)`: PostgreSQL answers each side from its own index then,
  // where an OR across the two tables would read every complaint.
  return sql`${complaints.id} IN (
    SELECT ${complaints.id} FROM ${complaints}
      WHERE (${complaints.title} || ' ' || ${complaints.description} || ' ' || ${complaints.sys_sn}) ILIKE ${pattern}
    UNION
    SELECT ${complaintMessages.complaintId} FROM ${complaintMessages} WHERE ${complaintMessages.content} ILIKE ${pattern}
  )`;
}

/** The keyword filter among the list's conditions. */
export const keywordSearchHooks: CrudHooks = {
  listWhere(_actor, body) {
    const keyword = typeof body.keyword === 'string' || typeof body.keyword === 'number' ? String(body.keyword).trim() : '';
    return keyword ? keywordCondition(keyword) : undefined;
  },
};
