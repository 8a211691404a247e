import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './database';

/**
 * A raw statement that hot calls (the dashboard's) run over and over, with the same text each time and its values
 * as named placeholders (`sql.placeholder('ids')`):
 * - its SQL is built once, not on every call (building a Drizzle `sql` template costs node more than the driver
 *   spends sending it and reading its rows);
 * - on PostgreSQL it is a named prepared statement, so each pooled connection parses and plans it once.
 *
 * Rows come back as `db.execute` gives them: objects, with timestamps, dates and intervals as PostgreSQL's text.
 */
export class PreparedStatement<Row extends Record<string, unknown>> {
  readonly text: string;
  private readonly params: unknown[];

  constructor(
    /** Unique in the process: PostgreSQL keeps one statement per name per connection. */
    readonly name: string,
    query: SQL,
  ) {
    const { sql, params } = new PgDialect().sqlToQuery(query);
    this.text = sql;
    this.params = params;
  }

  async rows(db: Database, values: Record<string, unknown>): Promise<Row[]> {
    const params = fillPlaceholders(this.params, values);
    const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
    if (client instanceof PGlite) return (await client.query<Row>(this.text, params, { parsers: PGLITE_TEXT_PARSERS })).rows;
    return (await client.query<Row>({ name: this.name, text: this.text, values: params, types: PG_TEXT_TYPES })).rows;
  }
}

/** The types Drizzle's drivers hand over as text (drizzle-orm/*\/session.js): the same here, so callers read the same values. */
const PG_TEXT_OIDS = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const asText = (value: string) => value;
const PG_TEXT_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    PG_TEXT_OIDS.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
const PGLITE_TEXT_PARSERS = {
  [pgliteTypes.TIMESTAMP]: asText,
  [pgliteTypes.TIMESTAMPTZ]: asText,
  [pgliteTypes.INTERVAL]: asText,
  [pgliteTypes.DATE]: asText,
};
