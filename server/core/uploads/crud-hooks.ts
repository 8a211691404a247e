import type { CrudHooks, Row } from '../crud/factory';
import type { ResourceDeclaration } from '../../../resources/types';
import { idFieldOf } from '../../../resources/types';
import type { Database } from '../db';
import { attachmentFieldsOf } from './fields';
import { assertAttachable, attachFiles, filesOfRecords, releaseRecordFiles } from './service';

/**
 * The generated calls of a declaration with attachments fields, on top of its own hooks (which run as before):
 * a save names upload ids that must be the caller's own or the record's (54) and holds them afterwards, in the
 * save's transaction (96 for the same bytes twice); a delete lets the record's files go; list and one answer each
 * field as `[{ id, name, size, mime }]`. A declaration without such fields keeps its hooks unchanged.
 */
export function withAttachmentHooks(db: Database, declaration: ResourceDeclaration, hooks: CrudHooks): CrudHooks {
  const fields = attachmentFieldsOf(declaration);
  if (fields.length === 0) return hooks;
  const resource = declaration.name;
  const idField = idFieldOf(declaration);
  const named = (values: Row) =>
    fields.filter(({ name }) => values[name] !== undefined).map(({ name }) => ({ field: name, ids: values[name] as number[] }));
  return {
    ...hooks,
    async beforeSave(values, ctx) {
      const recordId = ctx.existing ? Number(ctx.existing[idField]) : undefined;
      for (const { field, ids } of named(values)) {
        await assertAttachable(ctx.db, { resource, field, ids, ownerId: ctx.request.user.id, recordId });
      }
      return hooks.beforeSave?.(values, ctx);
    },
    async afterSave(row, ctx, values) {
      await hooks.afterSave?.(row, ctx, values);
      for (const { field, ids } of named(values)) await attachFiles(ctx.db, { resource, field, ids, recordId: Number(row[idField]) });
    },
    async afterDelete(existing, ctx) {
      await hooks.afterDelete?.(existing, ctx);
      await releaseRecordFiles(ctx.db, resource, Number(existing[idField]));
    },
    async expand(rows, view, request) {
      await hooks.expand?.(rows, view, request);
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
