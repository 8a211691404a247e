import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import { complaints as complaintDeclaration } from '../../resources/complaints';
import type { FieldDeclaration } from '../../resources/types';
import type { CrudHooks, Row, SaveContext } from '../core/crud/factory';
import type { Database } from '../core/db';
import { uploads, workflowHistory } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { sideOf } from './access';

/**
 * The history rows a complaint gets beside its transitions (DESIGN §9), so its timeline tells its whole life:
 * - filing is its first entry (FILE_ACTION, new → new);
 * - every edit, by either side, names what changed (EDIT_ACTION, fields `{ <field>: { from, to } }`); the state stays.
 * Neither moves the state, so the clocks, which read the states the history reaches, see no change.
 * And the filer's side edits only while the complaint is new: once staff acted on it, what they acted on stays.
 */
export const FILE_ACTION = 'file';
export const EDIT_ACTION = 'edit';

const FIELDS = () => complaintDeclaration.fields as Readonly<Record<string, FieldDeclaration>>;

/** A field's value as the history keeps it: files by their names, blanks as null. */
type Kept = string | number | boolean | null | string[];

const normal = (value: unknown): Kept => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
};

async function fileNames(db: Database, where: ReturnType<typeof and>): Promise<string[]> {
  const rows = await db.select({ name: uploads.originalName }).from(uploads).where(where).orderBy(uploads.id);
  return rows.map((row) => row.name);
}

/** What an edit changes, field by field (before the save's files are attached: the record still has its old ones). */
async function changesOf(db: Database, existing: Row, values: Row, recordId: number): Promise<Record<string, { from: Kept; to: Kept }>> {
  const changes: Record<string, { from: Kept; to: Kept }> = {};
  for (const [field, value] of Object.entries(values)) {
    if (FIELDS()[field]?.attachments) {
      const ids = (value as number[]) ?? [];
      const before = await fileNames(
        db,
        and(eq(uploads.resource, complaintDeclaration.name), eq(uploads.field, field), eq(uploads.recordId, recordId)),
      );
      const after = ids.length ? await fileNames(db, and(inArray(uploads.id, ids))) : [];
      if (before.join('\u0000') !== after.join('\u0000')) changes[field] = { from: before, to: after };
      continue;
    }
    const from = normal(existing[field]);
    const to = normal(value);
    if (from !== to) changes[field] = { from, to };
  }
  return changes;
}

async function writeEntry(ctx: SaveContext, recordId: number, action: string, state: string, fields: Row | null): Promise<void> {
  const { db, actor, now } = ctx;
  await db.insert(workflowHistory).values({
    entity: complaintDeclaration.name,
    recordId,
    action,
    fromState: state,
    toState: state,
    userId: actor.id,
    username: actor.username,
    fields,
    createdAt: now,
  });
}

/** The filer's edit limit and the filing and edit history rows (in the save's transaction). */
export const historyHooks: CrudHooks = {
  beforeSave(_values, { existing, mode, actor }) {
    if (mode === 'edit' && existing?.status !== 'new' && sideOf(actor.roles) === 'customer')
      throw new ApiError(Code.NO_PERMISSION, 'A complaint is changed by its filer only while it is new');
  },
  async afterSave(row, ctx, values) {
    const id = Number(row.id);
    if (ctx.mode === 'create') await writeEntry(ctx, id, FILE_ACTION, String(row.status), null);
    else {
      const changes = await changesOf(ctx.db, ctx.existing!, values, id);
      if (Object.keys(changes).length > 0) await writeEntry(ctx, id, EDIT_ACTION, String(row.status), changes);
    }
  },
};
