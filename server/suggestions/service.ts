import { sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { isOverseer } from '../../permissions/roles';
import { TRANSITION_REFUSED_CODE } from '../../resources/workflow';
import type { Actor } from '../core/auth/actor';
import { escapeLike, type CrudHooks, type Row } from '../core/crud/factory';
import { productSuggestions } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { assertComplaintInScope, assertSystemInScope } from '../workhours/complaint-link';

/**
 * The product suggestion's rules the declaration cannot say (resources/productSuggestions.ts, DESIGN §9): the
 * complaint or system it came from must be in the submitter's scope (45), its submitter edits it while it waits
 * for review (admin and systemmanager always), and the list's keyword search.
 */

const given = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';

/** Whoever is not its submitter (nor an overseer) cannot change a suggestion: 45, as for one they cannot see. */
function assertMayEdit(actor: Actor, suggestion: Row): void {
  if (isOverseer(actor.roles)) return;
  if (suggestion.submitter_id !== actor.id) throw new ApiError(Code.NO_PERMISSION);
  // Once staff took it up, its text is what they reviewed.
  if (suggestion.status !== 'submitted')
    throw new ApiError(TRANSITION_REFUSED_CODE as 400, `A suggestion in status '${String(suggestion.status)}' can't be edited`, {
      data: { status: suggestion.status },
    });
}

/** A suggestion matches when its title or description holds the words as typed (the trigram index of migration 0023). */
function keywordCondition(keyword: string) {
  return sql`(${productSuggestions.title} || ' ' || ${productSuggestions.description}) ILIKE ${`%${escapeLike(keyword)}%`}`;
}

export const suggestionHooks: CrudHooks = {
  async beforeSave(values, { db, mode, existing, actor, now }) {
    if (existing) assertMayEdit(actor, existing);
    if (given(values.complaint_id)) await assertComplaintInScope(db, actor, Number(values.complaint_id), now);
    if (given(values.sys_sn)) await assertSystemInScope(db, actor, String(values.sys_sn), now);
    return mode === 'create' ? { ...values, submitter: actor.username } : values;
  },
  listWhere(_actor, body) {
    const keyword = typeof body.keyword === 'string' || typeof body.keyword === 'number' ? String(body.keyword).trim() : '';
    return keyword ? keywordCondition(keyword) : undefined;
  },
};
