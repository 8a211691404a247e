import { inArray } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { complaints as complaintDeclaration, complaintWorkflow, isCustomerAction } from '../../resources/complaints';
import type { FieldDeclaration } from '../../resources/types';
import type { Actor } from '../core/auth/actor';
import type { CrudHooks, Row } from '../core/crud/factory';
import type { Database } from '../core/db';
import { users } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { sideOf } from './access';

/**
 * What each side reads of a complaint (DESIGN §9): a field declared `internal` (resources/complaints.ts) is staff's own
 * record, and the customer side (owners, installers, resellers, service partners acting for them) never receives it:
 * not in the list, the detail, the answer of a save or a workflow action, nor in the history, where a note written
 * with a staff action is staff's too. People are answered with their display names beside their user names.
 */

/** The fields that name a person (a user name): each answers `<field>_name` too, the person's display name. */
export const PEOPLE_FIELDS = ['created_by', 'processor', 'accepter', 'archive_user'] as const;

let internal: ReadonlySet<string> | undefined;
/** The fields declared internal (read on first use: the declaration builds its fields lazily). */
export function internalFields(): ReadonlySet<string> {
  internal ??= new Set(
    Object.entries(complaintDeclaration.fields as Readonly<Record<string, FieldDeclaration>>)
      .filter(([, field]) => field.internal)
      .map(([name]) => name),
  );
  return internal;
}

export const onCustomerSide = (actor: Pick<Actor, 'roles'>) => sideOf(actor.roles) === 'customer';

/** A row (or a history entry's fields) without the internal fields and their display names. */
export function publicPart<T extends Row>(row: T): T {
  const hidden = internalFields();
  return Object.fromEntries(Object.entries(row).filter(([key]) => !hidden.has(key) && !hidden.has(key.replace(/_name$/, '')))) as T;
}

/** Display names by user name (the user name itself for one without a display name, or who has left). */
export async function displayNames(db: Database, usernames: Iterable<unknown>): Promise<Map<string, string>> {
  const wanted = [...new Set([...usernames].filter((name): name is string => typeof name === 'string' && name !== ''))];
  const names = new Map(wanted.map((name) => [name, name]));
  if (wanted.length === 0) return names;
  const rows = await db
    .select({ username: users.username, displayName: users.displayName })
    .from(users)
    .where(inArray(users.username, wanted));
  for (const row of rows) if (row.displayName.trim()) names.set(row.username, row.displayName);
  return names;
}

/** A transition the customer side takes: its note is theirs, and public (resources/complaints.ts). */
function customerAction(action: string): boolean {
  const transition = complaintWorkflow.transitions.find((t) => t.action === action);
  return !!transition && isCustomerAction(transition);
}

/**
 * What each side reads of a complaint: display names of the people in every row and history entry, and for the
 * customer side the public part only; a customer-side list filtered by an internal field answers 45. Last of the
 * complaint's hooks, so it judges what the others added.
 */
export const visibilityHooks = (db: Database): CrudHooks => ({
  async expand(rows) {
    const names = await displayNames(
      db,
      rows.flatMap((row) => PEOPLE_FIELDS.map((field) => row[field])),
    );
    for (const row of rows)
      for (const field of PEOPLE_FIELDS) row[`${field}_name`] = typeof row[field] === 'string' ? (names.get(row[field]) ?? null) : null;
  },
  visibleTo(row, actor) {
    return onCustomerSide(actor) ? publicPart(row) : row;
  },
  listWhere(actor, body) {
    if (onCustomerSide(actor)) {
      const probed = [...internalFields()].find((field) => body[field] !== undefined);
      if (probed) throw new ApiError(Code.NO_PERMISSION, undefined, { data: { field: probed } });
    }
    return undefined;
  },
  async presentHistory(entries, actor) {
    const names = await displayNames(
      db,
      entries.map((entry) => entry.username),
    );
    const customer = onCustomerSide(actor);
    return entries.map((entry) => {
      const named: Row = { ...entry, user_name: names.get(String(entry.username)) ?? entry.username };
      if (!customer) return named;
      const fields = entry.fields ? publicPart(entry.fields as Row) : null;
      return {
        ...named,
        note: customerAction(String(entry.action)) ? entry.note : null,
        fields: fields && Object.keys(fields).length > 0 ? fields : null,
      };
    });
  },
});
