import type { CrudHooks, Row } from '../crud/factory';
import type { ResourceDeclaration } from '../../../resources/types';
import { idFieldOf } from '../../../resources/types';
import type { Database } from '../db';
import { attachmentFieldsOf } from './fields';
import { assertAttachable, attachFiles, filesOfRecords, releaseRecordFiles } from './service';

/**
 * The hooks of a declaration with attachments fields, after its own (server/core/crud/hooks.ts composeHooks): a save
 * names upload ids that must be the caller's own or the record's (54) and holds them afterwards, in the save's
 * transaction (96 for the same bytes twice); a delete lets the record's files go; list and one answer each field as
 * `[{ id, name, size, mime }]`. Undefined for a declaration without such fields.
 */
export function attachmentHooks(db: Database, declaration: ResourceDeclaration): CrudHooks | undefined {
  const fields = attachmentFieldsOf(declaration);
  if (fields.length === 0) return undefined;
  const resource = declaration.name;
  const idField = idFieldOf(declaration);
  const named = (values: Row) =>
    fields.filter(({ name }) => values[name] !== undefined).map(({ name }) => ({ field: name, ids: values[name] as number[] }));
  return {
    async beforeSave(values, ctx) {
      const recordId = ctx.existing ? Number(ctx.existing[idField]) : undefined;
      for (const { field, ids } of named(values)) {
        await assertAttachable(ctx.db, { resource, field, ids, ownerId: ctx.actor.id, recordId });
      }
    },
    async afterSave(row, ctx, values) {
      for (const { field, ids } of named(values)) await attachFiles(ctx.db, { resource, field, ids, recordId: Number(row[idField]) });
    },
    async afterDelete(existing, ctx) {
      await releaseRecordFiles(ctx.db, resource, Number(existing[idField]));
    },
    async expand(rows) {
      const files = await filesOfRecords(
        db,
        resource,
        rows.map((row) => Number(row[idField])),
      );
      for (const row of rows) {
        const ofRecord = files.get(Number(row[idField]));
        for (const { name } of fields) row[name] = ofRecord?.get(name) ?? [];
      }
    },
  };
}
