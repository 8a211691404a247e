import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AttachmentFile } from '../../../resources/attachments';
import type { Database } from '../db';
import { uploads } from '../db/schema';
import { ApiError } from '../http/envelope';
import type { Storage } from '../storage';
import { Code } from '../../../contract/codes';

/**
 * The uploads table (server/core/db/schema/uploads.ts): every SQL statement about uploaded files. A file is uploaded
 * first and belongs to its uploader until a record is saved naming it; then it belongs to the record, and reading it
 * follows the record's scope.
 */

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'recordId'>;

/** Unattached uploads are kept this long: a form may stay open a while between uploading and saving. */
export const UNATTACHED_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * A partial file (an upload being written) untouched this long was left by a process that died mid-upload: an upload
 * in progress writes every chunk as it arrives, so its file is never this long without a write.
 */
export const ABANDONED_PARTIAL_MS = 60 * 60 * 1000;

export function asAttachmentFile(row: Pick<UploadRow, 'id' | 'originalName' | 'size' | 'mime'>): AttachmentFile {
  return { id: row.id, name: row.originalName, size: row.size, mime: row.mime };
}

export async function insertUpload(db: Database, upload: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(upload).returning();
  return row!;
}

export async function findUpload(db: Database, resource: string, id: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.resource, resource)))
    .limit(1);
  return row;
}

export async function deleteUploadRow(db: Database, id: number): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/** Whether a record already holds a file with these bytes (code 96 before the upload is kept). */
export async function recordHoldsFile(db: Database, resource: string, recordId: number, sha256: string): Promise<boolean> {
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.resource, resource), eq(uploads.recordId, recordId), eq(uploads.sha256, sha256)))
    .limit(1);
  return !!row;
}

/** The files of these records, per record id and field, in upload order. */
export async function filesOfRecords(
  db: Database,
  resource: string,
  recordIds: readonly number[],
): Promise<Map<number, Map<string, AttachmentFile[]>>> {
  const byRecord = new Map<number, Map<string, AttachmentFile[]>>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select({
      id: uploads.id,
      recordId: uploads.recordId,
      field: uploads.field,
      originalName: uploads.originalName,
      size: uploads.size,
      mime: uploads.mime,
    })
    .from(uploads)
    .where(and(eq(uploads.resource, resource), inArray(uploads.recordId, [...recordIds])))
    .orderBy(asc(uploads.id));
  for (const row of rows) {
    let fields = byRecord.get(row.recordId!);
    if (!fields) byRecord.set(row.recordId!, (fields = new Map()));
    let files = fields.get(row.field);
    if (!files) fields.set(row.field, (files = []));
    files.push(asAttachmentFile(row));
  }
  return byRecord;
}

/**
 * Code 54 unless every id names an upload of this resource's field that the caller uploaded and no record holds
 * yet, or that this record already holds: a save may only name files that were really uploaded, and by whom.
 */
export async function assertAttachable(
  db: Database,
  {
    resource,
    field,
    ids,
    ownerId,
    recordId,
  }: { resource: string; field: string; ids: readonly number[]; ownerId: number; recordId?: number },
): Promise<void> {
  if (ids.length === 0) return;
  if (new Set(ids).size !== ids.length) throw new ApiError(Code.REPEATED_UPLOAD, undefined, { data: { field } });
  const rows = await db
    .select({ id: uploads.id, ownerId: uploads.ownerId, recordId: uploads.recordId })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), eq(uploads.resource, resource), eq(uploads.field, field)));
  const usable = rows.filter((row) =>
    row.recordId === null ? row.ownerId === ownerId : recordId !== undefined && row.recordId === recordId,
  );
  if (usable.length !== ids.length) throw new ApiError(Code.ATTACHMENTS_NOT_UPLOADED, undefined, { data: { field } });
}

/**
 * In the record's save transaction: the field holds exactly `ids` afterwards. Files it held and no longer names are
 * let go (unattached, the clean-up removes them); two files with the same bytes on one record answer 96, and an
 * upload another save took meanwhile 54 (the transaction then rolls back).
 */
export async function attachFiles(
  tx: Database,
  { resource, field, ids, recordId }: { resource: string; field: string; ids: readonly number[]; recordId: number },
): Promise<void> {
  const held = and(eq(uploads.resource, resource), eq(uploads.field, field), eq(uploads.recordId, recordId));
  const kept =
    ids.length > 0
      ? sql`${uploads.id} <> ALL(${sql`ARRAY[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::bigint[]`})`
      : undefined;
  await tx.update(uploads).set({ recordId: null }).where(and(held, kept));
  if (ids.length > 0) {
    const taken = await tx
      .update(uploads)
      .set({ recordId })
      .where(
        and(
          inArray(uploads.id, [...ids]),
          eq(uploads.resource, resource),
          eq(uploads.field, field),
          sql`(${uploads.recordId} IS NULL OR ${uploads.recordId} = ${recordId})`,
        ),
      )
      .returning({ id: uploads.id });
    if (taken.length !== ids.length) throw new ApiError(Code.ATTACHMENTS_NOT_UPLOADED, undefined, { data: { field } });
  }
  const [twice] = await tx
    .select({ sha256: uploads.sha256 })
    .from(uploads)
    .where(and(eq(uploads.resource, resource), eq(uploads.recordId, recordId)))
    .groupBy(uploads.sha256)
    .having(sql`count(*) > 1`)
    .limit(1);
  if (twice) throw new ApiError(Code.REPEATED_UPLOAD, undefined, { data: { field } });
}

/** In a record's delete transaction: its files are let go (the clean-up removes them with their bytes). */
export async function releaseRecordFiles(tx: Database, resource: string, recordId: number): Promise<void> {
  await tx
    .update(uploads)
    .set({ recordId: null })
    .where(and(eq(uploads.resource, resource), eq(uploads.recordId, recordId)));
}

/** Removes what uploads cut short by a crash left in storage (Storage.removeAbandoned); answers how many. */
export async function removeAbandonedPartials({ storage, now }: { storage: Storage; now: Date }): Promise<number> {
  return storage.removeAbandoned(new Date(now.getTime() - ABANDONED_PARTIAL_MS));
}

/**
 * Removes the files no record holds that were uploaded (or let go by their record) more than UNATTACHED_KEPT_MS ago,
 * rows first, then their bytes; answers how many. The hourly job of ./jobs.ts runs it; safe to run on several
 * nodes at once (a file already gone is no error).
 */
export async function removeStaleUploads({ db, storage, now }: { db: Database; storage: Storage; now: Date }): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_KEPT_MS);
  let removed = 0;
  for (;;) {
    // Rows first: a file is gone for the portal before its bytes are, never the other way round.
    const gone = await db
      .delete(uploads)
      .where(
        and(
          inArray(
            uploads.id,
            db
              .select({ id: uploads.id })
              .from(uploads)
              .where(and(isNull(uploads.recordId), lt(uploads.createdAt, cutoff)))
              .orderBy(asc(uploads.id))
              .limit(500),
          ),
          // Checked again on the row itself: a save that attached it meanwhile keeps it.
          isNull(uploads.recordId),
        ),
      )
      .returning({ storageKey: uploads.storageKey });
    if (gone.length === 0) return removed;
    for (const { storageKey } of gone) await storage.remove(storageKey);
    removed += gone.length;
  }
}
