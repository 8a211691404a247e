import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per uploaded file of an `attachments` field (resources/types.ts, DESIGN §3, §10). A file is uploaded
 * first (streamed to storage, sniffed, hashed) and belongs to its uploader only; saving the record names its
 * upload ids and sets `record_id`. Files left unattached for a day are removed (server/core/uploads). One generic
 * table for every declared resource (`resource` is the declaration's name), so a new attachment field needs no
 * migration of its own.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Who uploaded it; only they may attach it to a record. Null once that user is deleted. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The declaration's name and its attachments field. */
    resource: text('resource').notNull(),
    field: text('field').notNull(),
    /** The file's name in storage (generated, never the user's). */
    storageKey: text('storage_key').notNull().unique(),
    /** The name the user gave, sanitized: shown and sent back as the download's filename. */
    originalName: text('original_name').notNull(),
    /** The type sniffed from the content (never the client's claim). */
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The record it is attached to; null until that record is saved naming it. */
    recordId: bigint('record_id', { mode: 'number' }),
  },
  (t) => [index('uploads_record_idx').on(t.resource, t.recordId), index('uploads_created_idx').on(t.createdAt)],
);
