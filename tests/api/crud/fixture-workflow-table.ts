import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The table of the fixture workflow (fixture-workflow-resource.ts): new tickets start in 'new' by the column's default. */
export const fixtureTicketsTable = pgTable('fixture_tickets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  status: text('status').notNull().default('new'),
  score: integer('score'),
  reopen_count: integer('reopen_count').notNull().default(0),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Its migration. */
export const CREATE_FIXTURE_TICKETS = sql`CREATE TABLE fixture_tickets (id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY, title text NOT NULL, status text NOT NULL DEFAULT 'new', score integer, reopen_count integer NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now())`;
