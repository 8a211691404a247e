import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';
import { fixtureTickets } from './fixture-workflow-resource';

/**
 * The fixture ticket workflow on rows that belong to systems (DESIGN §6): each ticket names its system's S/N,
 * and customers and installers may use the screen for the tickets of systems in their scope.
 */
export const fixtureSystemTicketsTable = pgTable('fixture_system_tickets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sys_sn: text('sys_sn').notNull(),
  title: text('title').notNull(),
  status: text('status').notNull().default('new'),
  score: integer('score'),
  reopen_count: integer('reopen_count').notNull().default(0),
});

export const CREATE_FIXTURE_SYSTEM_TICKETS = sql`CREATE TABLE fixture_system_tickets (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, sys_sn text NOT NULL, title text NOT NULL, status text NOT NULL DEFAULT 'new', score integer, reopen_count integer NOT NULL DEFAULT 0)`;

export const fixtureSystemTickets = defineResource({
  ...fixtureTickets,
  name: 'fixtureSystemTickets',
  route: '/BasicSettings/fixtureSystemTickets',
  roles: ['admin', 'customer', 'installer'],
  table: 'fixtureSystemTicketsTable',
  scope: { subject: 'system', field: 'sys_sn' },
  endpoints: {
    list: '/SystemTicket/GetSystemTicketPageList',
    one: '/SystemTicket/GetSystemTicket',
    save: '/SystemTicket/SaveSystemTicket',
  },
  fields: () => ({ ...fixtureTickets.fields, sys_sn: { schema: rules.requiredText(40), list: true, form: true } }),
  // The reopen hook is the other fixture's; this one's transitions need none.
  workflow: {
    ...fixtureTickets.workflow!,
    transitions: fixtureTickets.workflow!.transitions.map(({ hook: _hook, ...transition }) => transition),
  },
});
