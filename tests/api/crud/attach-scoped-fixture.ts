import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from '../../../resources/attachments';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';

/**
 * Notes on systems with a photo each (DESIGN §6 row scope): customers and installers use the screen for the notes of
 * systems in their scope, so a note's files follow the same scope.
 */
export const fixtureSystemNotesTable = pgTable('fixture_system_notes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sys_sn: text('sys_sn').notNull(),
  title: text('title').notNull(),
});

export const CREATE_FIXTURE_SYSTEM_NOTES = sql`CREATE TABLE fixture_system_notes (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, sys_sn text NOT NULL, title text NOT NULL)`;

export const fixtureSystemNotes = defineResource({
  name: 'fixtureSystemNotes',
  route: '/BasicSettings/fixtureSystemNotes',
  group: 'BasicSettings',
  roles: ['admin', 'customer', 'installer'],
  namespace: 'admin',
  table: 'fixtureSystemNotesTable',
  scope: { subject: 'system', field: 'sys_sn' },
  endpoints: {
    list: '/SystemNote/GetSystemNotePageList',
    one: '/SystemNote/GetSystemNote',
    save: '/SystemNote/SaveSystemNote',
    upload: '/SystemNote/UploadSystemNoteFile',
    download: '/SystemNote/DownloadSystemNoteFile',
  },
  titleField: 'title',
  fields: () => ({
    sys_sn: { schema: rules.requiredText(40), list: true, form: true },
    title: { schema: rules.requiredText(40), list: true, form: true },
    photo: attachmentsField({ max: 1, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'images' }),
  }),
});
