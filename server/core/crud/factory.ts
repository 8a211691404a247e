import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { isUnset, type ListPaging } from '../../../resources/crud-schemas';
import { endpointsOf } from '../../../resources/endpoints';
import { entityOf, filterKindOf, formFields, idFieldOf, type FieldDeclaration, type ResourceDeclaration } from '../../../resources/types';
import { Code, type ResponseCode } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import type { Actor } from '../auth/actor';
import { isUniqueViolation, queryRows, type Database } from '../db';
import { registerEndpoint } from '../http/endpoint';
import { ApiError } from '../http/envelope';
import { requirePermission } from '../http/permissions';
import { rowScopeOf } from '../../../permissions/scopes';
import { rowScope } from '../scope';
import { attachmentHooks } from '../uploads/crud-hooks';
import { registerAttachmentCalls } from '../uploads/routes';
import { writeAudit } from './audit';
import { composeHooks, type CrudHooks, type Row, type SaveContext } from './hooks';

export type { CrudHooks, Row, SaveContext } from './hooks';
/** A list body as validated: paging and order, and the declared filters by field name. */
export type ListBody = Row & ListPaging;

export interface CrudOptions {
  declaration: ResourceDeclaration;
  table: PgTable;
  /** The area's hooks, each set doing one job, composed in this order (./hooks.ts composeHooks). */
  hooks?: CrudHooks | readonly CrudHooks[];
}

/**
 * Registers list / one / save / delete of a declared resource over a Drizzle table, from the endpoint objects the
 * declaration yields (resources/endpoints.ts), on the /api instance. Every call: token (root hook), its body validated
 * by the schema built from the declaration's zod rules (resources/crud-schemas.ts: 3 / 2 / the field's own code,
 * `data.field` naming it, nothing written), the CASL ability of the declaration's entity (45), duplicates refused
 * with the field's code, one audit row per write. The handlers get the caller as an Actor, never the request.
 */
export async function registerCrud(
  app: FastifyInstance,
  deps: AppDeps,
  { declaration, table, hooks = [] }: CrudOptions,
): Promise<CrudService> {
  // Attachments fields (resources/attachments.ts) bring their hooks and their upload and download calls.
  const own = Array.isArray(hooks) ? hooks : [hooks as CrudHooks];
  const attachments = attachmentHooks(deps.db, declaration);
  const service = new CrudService(deps, declaration, table, composeHooks(attachments ? [...own, attachments] : own));
  const calls = endpointsOf(declaration);
  if (calls.list) await registerEndpoint(app, calls.list, (actor, body) => service.list(actor, body as Row));
  if (calls.one) await registerEndpoint(app, calls.one, (actor, body) => service.one(actor, body as Row));
  if (calls.save) await registerEndpoint(app, calls.save, (actor, body) => service.save(actor, body as Row));
  if (calls.delete) await registerEndpoint(app, calls.delete, (actor, body) => service.remove(actor, body as Row));
  await registerAttachmentCalls(app, deps, service);
  return service;
}

export class CrudService {
  readonly columns: Record<string, PgColumn>;
  readonly idField: string;
  /** Table properties never sent to the client (e.g. `passwordHash`). */
  readonly hidden: Set<string>;
  /** The columns a list or detail answer reads: hidden ones are not even selected (a sealed mail text). */
  private readonly shownColumns: Record<string, PgColumn>;

  constructor(
    readonly deps: AppDeps,
    readonly declaration: ResourceDeclaration,
    readonly table: PgTable,
    readonly hooks: CrudHooks,
  ) {
    this.columns = getTableColumns(table) as Record<string, PgColumn>;
    this.hidden = new Set(hooks.hiddenColumns ?? []);
    this.shownColumns = Object.fromEntries(Object.entries(this.columns).filter(([key]) => !this.hidden.has(key)));
    this.idField = idFieldOf(declaration);
    for (const [name, field] of Object.entries(declaration.fields)) {
      if (field.column) this.fieldOfColumn.set(field.column, name);
    }
    if (!this.columns[this.idField]) throw new Error(`${declaration.name}: the table has no column '${this.idField}'`);
    // Every record id is a number (DESIGN §10): the bodies (resources/crud-schemas.ts) take it as one.
    if (this.columns[this.idField]!.dataType !== 'number')
      throw new Error(`${declaration.name}: the id column '${this.idField}' is not a number`);
  }

  /** Table property → field name, where a field declares `column`. */
  private readonly fieldOfColumn = new Map<string, string>();

  /** The table column behind a field (or a column property given directly); undefined when there is none. */
  columnOf(field: string): PgColumn | undefined {
    return this.columns[this.declaration.fields[field]?.column ?? field];
  }

  private get db(): Database {
    return this.deps.db;
  }

  private column(name: string): PgColumn {
    const column = this.columnOf(name);
    if (!column) throw new Error(`${this.declaration.name}: no column '${name}'`);
    return column;
  }

  /** The edit form's fields of a stored row, by field name (a field without a column of its own, or a secret, left out). */
  private storedFormValues(existing: Row): Row {
    const stored: Row = {};
    for (const name of formFields(this.declaration, 'edit')) {
      const field = this.declaration.fields[name];
      const property = field?.column ?? name;
      // A secret (a password) is never read back into a save: left out, it stays as stored.
      if (field?.secret || this.hidden.has(property)) continue;
      if (this.columns[property] && existing[property] !== undefined) stored[name] = existing[property];
    }
    return stored;
  }

  /** The record id of a body its route validated. */
  private idOf(body: Row): string | number {
    return body[this.idField] as string | number;
  }

  /** The row as the client sees it: secret fields left out, timestamps as ISO strings. */
  present(row: Row): Row {
    const out: Row = {};
    for (const [key, value] of Object.entries(row)) {
      const field = this.fieldOfColumn.get(key) ?? key;
      if (this.declaration.fields[field]?.secret || this.hidden.has(key)) continue;
      out[field] = value instanceof Date ? value.toISOString() : value;
    }
    return this.hooks.present ? this.hooks.present(out) : out;
  }

  /** A presented (and expanded) row as `actor` receives it (the `visibleTo` hook). */
  answerFor(actor: Actor, row: Row): Row {
    return this.hooks.visibleTo ? this.hooks.visibleTo(row, actor) : row;
  }

  /**
   * The declaration's row scope for the caller (resources/types.ts `scope`), part of every list, one, save and
   * delete; undefined when the resource has none or the caller sees every row.
   */
  scopeCondition(actor: Actor): SQL | undefined {
    const { scope } = this.declaration;
    return scope ? rowScope(scope.subject, actor, this.deps.clock(), this.column(scope.field)) : undefined;
  }

  /** The stored row with this id if the caller's scope holds it. */
  async findInScope(actor: Actor, id: string | number): Promise<Row | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table)
      .where(and(eq(this.column(this.idField), id), this.scopeCondition(actor)))
      .limit(1);
    return row as Row | undefined;
  }

  /** Refuses values that would move a row out of the caller's scope (a complaint filed on another's system): 45. */
  private async assertInScope(actor: Actor, values: Row, existing?: Row): Promise<void> {
    const { scope } = this.declaration;
    if (!scope) return;
    const link = values[scope.field] ?? existing?.[this.declaration.fields[scope.field]?.column ?? scope.field];
    const inside = rowScope(scope.subject, actor, this.deps.clock(), sql`${link ?? null}`);
    if (!inside) return;
    const [row] = await queryRows<{ inside: boolean | null }>(this.db, sql`SELECT (${inside}) AS inside`);
    if (!row?.inside) throw new ApiError(Code.NO_PERMISSION);
  }

  /** A row that is missing, or outside a scoped resource's scope: the same answer, so nothing is revealed. */
  private missing(): ApiError {
    return this.declaration.scope ? new ApiError(Code.NO_PERMISSION) : this.notFound();
  }

  async find(id: string | number): Promise<Row | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table)
      .where(eq(this.column(this.idField), id))
      .limit(1);
    return row as Row | undefined;
  }

  private notFound(): ApiError {
    return new ApiError((this.declaration.notFoundCode ?? Code.NO_DATA) as ResponseCode);
  }

  /** The WHERE of a list: declared filters, the row scope, and the hooks' conditions. */
  listConditions(actor: Actor, body: Row): SQL | undefined {
    const conditions: SQL[] = [];
    for (const [name, field] of Object.entries(this.declaration.fields)) {
      const kind = filterKindOf(field);
      if (!kind) continue;
      const value = body[name];
      if (isUnset(value)) continue;
      const column = this.columnOf(name);
      if (!column) continue;
      conditions.push(filterCondition(name, field, kind, column, value));
    }
    // The row scope is part of every list condition, so whatever reads a list (an export, a download's check) is scoped.
    const scope = this.scopeCondition(actor);
    if (scope) conditions.push(scope);
    const extra = this.hooks.listWhere?.(actor, body);
    if (extra) conditions.push(extra);
    return conditions.length ? and(...conditions) : undefined;
  }

  /** A page of rows; `body` is as `listBody` (or a schema made of `listSchema`) validated it. */
  async list(actor: Actor, body: Row) {
    const { pageIndex, pageSize, sort } = body as ListBody;
    const where = this.listConditions(actor, body);
    const order = this.orderBy(sort);
    const [total] = await this.db.select({ n: count() }).from(this.table).where(where);
    const rows = await this.db
      .select(this.shownColumns)
      .from(this.table)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize);
    const data = (rows as Row[]).map((row) => this.present(row));
    await this.hooks.expand?.(data, 'list', actor);
    return { data: data.map((row) => this.answerFor(actor, row)), dataCount: Number(total?.n ?? 0) };
  }

  orderBy(sort: ListBody['sort']): SQL[] {
    const order: SQL[] = [];
    for (const { field, order: direction } of sort ?? []) {
      const declared = this.declaration.fields[field];
      if (field !== this.idField && !declared?.sortable) {
        throw new ApiError(Code.PARAM_ERROR, `Parameter error: sort (${field} is not sortable)`, { data: { field: 'sort' } });
      }
      const column = this.column(field);
      order.push(direction === 'desc' ? desc(column) : asc(column));
    }
    if (order.length === 0 && this.declaration.defaultSort) {
      const { field, order: direction } = this.declaration.defaultSort;
      order.push(direction === 'desc' ? desc(this.column(field)) : asc(this.column(field)));
    }
    // A stable order, so paging never shows a row twice.
    order.push(asc(this.column(this.idField)));
    return order;
  }

  async one(actor: Actor, body: Row) {
    const byId = eq(this.column(this.idField), this.idOf(body));
    const [row] = await this.db
      .select(this.shownColumns)
      .from(this.table)
      .where(and(byId, this.scopeCondition(actor)))
      .limit(1);
    if (!row) throw this.missing();
    const presented = this.present(row);
    await this.hooks.expand?.([presented], 'one', actor);
    return this.answerFor(actor, presented);
  }

  /** Creates (no id) or updates a row; `body` is as `saveBody` validated it. */
  async save(actor: Actor, body: Row) {
    const id = body[this.idField] as string | number | undefined;
    const mode: 'create' | 'edit' = id === undefined ? 'create' : 'edit';
    requirePermission(actor, entityOf(this.declaration), mode === 'create' ? 'create' : 'update');
    let values: Row = Object.fromEntries(
      formFields(this.declaration, mode)
        .filter((name) => body[name] !== undefined)
        .map((name) => [name, body[name]]),
    );
    const now = this.deps.clock();
    const existing = id === undefined ? undefined : await this.findInScope(actor, id);
    if (id !== undefined && !existing) throw this.missing();
    // The hooks judge the record as it will be: a field the edit left out is the stored one.
    if (existing) values = { ...this.storedFormValues(existing), ...values };
    // A new row of an 'owner' or 'personal' scope (permissions/scopes.ts) is its creator's: the server fills the link,
    // never the form.
    const { scope } = this.declaration;
    const kind = scope && rowScopeOf(scope.subject);
    if (mode === 'create' && (kind === 'owner' || kind === 'personal')) values[scope!.field] = actor.id;
    await this.assertInScope(actor, values, existing);
    await this.assertUnique(values, existing);
    const committed: (() => void)[] = [];
    const ctx: SaveContext = { actor, db: this.db, now, mode, existing, afterCommit: (work) => committed.push(work) };
    values = (await this.hooks.beforeSave?.(values, ctx)) ?? values;

    const columnValues: Row = {};
    for (const [key, value] of Object.entries(values)) {
      const property = this.declaration.fields[key]?.column ?? key;
      if (this.columns[property]) columnValues[property] = value;
    }
    for (const property of ['updated_at', 'updatedAt']) if (this.columns[property]) columnValues[property] = now;
    if (mode === 'create') {
      for (const property of ['created_at', 'createdAt']) if (this.columns[property]) columnValues[property] = now;
      if (this.columns.created_by && columnValues.created_by === undefined) columnValues.created_by = actor.username;
    }

    try {
      const saved = await this.db.transaction(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        let row: Row;
        if (mode === 'create') {
          [row] = (await tx.insert(this.table).values(columnValues).returning()) as Row[];
        } else {
          [row] = (await tx
            .update(this.table)
            .set(columnValues)
            .where(eq(this.column(this.idField), id!))
            .returning()) as Row[];
        }
        await this.hooks.afterSave?.(row!, txCtx, values);
        await writeAudit(tx, actor, now, {
          action: `${this.declaration.name}.${mode === 'create' ? 'create' : 'update'}`,
          target: `${this.declaration.name}:${String(row![this.idField])}`,
          before: existing ? this.present(existing) : undefined,
          after: this.present(row!),
        });
        return row!;
      });
      for (const work of committed) work();
      return this.answerFor(actor, this.present(saved));
    } catch (error) {
      throw this.translateDbError(error);
    }
  }

  async remove(actor: Actor, body: Row) {
    const id = this.idOf(body);
    const existing = await this.findInScope(actor, id);
    if (!existing) throw this.missing();
    const now = this.deps.clock();
    const committed: (() => void)[] = [];
    const ctx = { actor, db: this.db, now, existing, afterCommit: (work: () => void) => committed.push(work) };
    await this.hooks.beforeDelete?.(existing, ctx);
    await this.db.transaction(async (tx) => {
      await tx.delete(this.table).where(eq(this.column(this.idField), id));
      await this.hooks.afterDelete?.(existing, { ...ctx, db: tx });
      await writeAudit(tx, actor, now, {
        action: `${this.declaration.name}.delete`,
        target: `${this.declaration.name}:${String(id)}`,
        before: this.present(existing),
      });
    });
    for (const work of committed) work();
    return null;
  }

  /** Declared `unique` fields: a value another row already holds answers the field's code. */
  async assertUnique(values: Row, existing?: Row): Promise<void> {
    for (const [name, field] of Object.entries(this.declaration.fields)) {
      if (!field.unique || values[name] === undefined || values[name] === null || values[name] === '') continue;
      const column = this.column(name);
      const value = values[name];
      const same = typeof value === 'string' ? sql`lower(${column}) = lower(${value})` : eq(column, value);
      const where = existing ? and(same, ne(this.column(this.idField), existing[this.idField])) : same;
      const [clash] = await this.db
        .select({ id: this.column(this.idField) })
        .from(this.table)
        .where(where)
        .limit(1);
      if (clash) throw new ApiError(field.unique as ResponseCode, undefined, { data: { field: name } });
    }
  }

  private translateDbError(error: unknown): unknown {
    // A duplicate that slipped past the check (two saves at once).
    if (isUniqueViolation(error)) {
      const unique = Object.entries(this.declaration.fields).find(([, f]) => f.unique);
      return new ApiError((unique?.[1].unique ?? Code.PARAM_ERROR) as ResponseCode, undefined, { data: { field: unique?.[0] } });
    }
    return error;
  }
}

/** A user's text as a LIKE pattern's literal part: its % and _ match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a text found anywhere in a value: a search for '50%' means the text '50%'. */
export function likeContaining(text: string): string {
  return `%${escapeLike(text)}%`;
}

function filterCondition(name: string, field: FieldDeclaration, kind: string, column: PgColumn, value: unknown): SQL {
  const bad = () => new ApiError(Code.PARAM_ERROR, `Parameter error: ${name}`, { data: { field: name } });
  if (kind === 'text') {
    if (typeof value !== 'string' && typeof value !== 'number') throw bad();
    return ilike(column, `%${escapeLike(String(value).trim())}%`);
  }
  if (kind === 'dateRange') {
    if (!Array.isArray(value) || value.length !== 2 || !value.every((v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)))
      throw bad();
    const [from, to] = value as [string, string];
    return and(sql`${column} >= ${from.slice(0, 10)}::date`, sql`${column} < (${to.slice(0, 10)}::date + 1)`)!;
  }
  // select: one value or several; booleans arrive as true/false or 'true'/'false'.
  const values = (Array.isArray(value) ? value : [value]).map((v) => {
    if (column.dataType === 'boolean') {
      if (v === true || v === 'true') return true;
      if (v === false || v === 'false') return false;
      throw bad();
    }
    if (column.dataType === 'number') {
      const n = Number(v);
      if (!Number.isFinite(n)) throw bad();
      return n;
    }
    if (typeof v !== 'string' && typeof v !== 'number') throw bad();
    if (field.options && !field.options.includes(String(v))) throw bad();
    return String(v);
  });
  if (column.dataType === 'array') {
    return sql`${column} && ${sql`ARRAY[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`}`;
  }
  return values.length === 1 ? eq(column, values[0]) : inArray(column, values as never[]);
}
