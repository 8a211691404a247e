import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';

/**
 * A resource whose rows belong to systems (DESIGN §6): notes on a system, scoped by its S/N. Customers and
 * installers may use the screen, and reach only the notes of systems in their scope.
 */
export const fixtureNotesTable = pgTable('fixture_notes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sys_sn: text('sys_sn').notNull(),
  note: text('note').notNull(),
});

export const CREATE_FIXTURE_NOTES = sql`CREATE TABLE fixture_notes (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, sys_sn text NOT NULL, note text NOT NULL)`;

export const fixtureNotes = defineResource({
  name: 'fixtureNotes',
  route: '/BasicSettings/fixtureNotes',
  group: 'BasicSettings',
  roles: ['admin', 'customer', 'installer'],
  namespace: 'admin',
  table: 'fixtureNotesTable',
  scope: { subject: 'system', field: 'sys_sn' },
  endpoints: { list: '/Note/GetNotePageList', one: '/Note/GetNote', save: '/Note/SaveNote', delete: '/Note/DeleteNote' },
  fields: () => ({
    sys_sn: { schema: rules.requiredText(40), list: true, filter: 'text', form: true },
    note: { schema: rules.requiredText(200), list: true, form: true },
  }),
});
