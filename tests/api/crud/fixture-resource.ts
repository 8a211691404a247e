import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from '../../../resources/attachments';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';

/**
 * What a developer adds for a new entity, as the fixture test adds it: a table (server/core/db/schema) and a
 * declaration (resources/), listed in RESOURCES. A new route key, so the declaration brings its roles.
 */
export const fixtureWidgetsTable = pgTable('fixture_widgets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull(),
  colour: text('colour').notNull(),
  weight: integer('weight').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The migration of the table. */
export const CREATE_FIXTURE_WIDGETS = sql`CREATE TABLE fixture_widgets (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, code text NOT NULL, colour text NOT NULL, weight integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`;

export const fixtureWidgets = defineResource({
  name: 'fixtureWidgets',
  route: '/BasicSettings/fixtureWidgets',
  group: 'BasicSettings',
  icon: 'tool',
  roles: ['admin', 'servicer'],
  namespace: 'admin',
  table: 'fixtureWidgetsTable',
  endpoints: {
    list: '/Widget/GetWidgetPageList',
    one: '/Widget/GetWidget',
    save: '/Widget/SaveWidget',
    delete: '/Widget/DeleteWidget',
    upload: '/Widget/UploadWidgetFile',
    download: '/Widget/DownloadWidgetFile',
  },
  defaultSort: { field: 'code', order: 'asc' },
  titleField: 'code',
  fields: () => ({
    code: { schema: rules.requiredText(20), list: true, filter: 'text', sortable: true, form: true, unique: 52 },
    colour: { schema: z.enum(['red', 'green']), widget: 'select', options: ['red', 'green'], list: true, filter: true, form: true },
    weight: { schema: z.number().int().min(1).max(100), widget: 'number', list: true, sortable: true, form: true },
    // Attachments as spec §5 has them: up to 3 papers of 80 MB (PDF or text, no images), one photo (images only).
    papers: attachmentsField({ max: 3, maxBytes: ATTACHMENT_MAX_BYTES, accept: ['application/pdf', 'text/plain'] }),
    photo: attachmentsField({ max: 1, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'images' }),
  }),
});
