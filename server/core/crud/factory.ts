import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FILTER_TEXT_MAX, isRealDate, LIST_MAX, rules } from '../../../resources/rules';
import { entityOf, filterKindOf, formFields, idFieldOf, type FieldDeclaration, type ResourceDeclaration } from '../../../resources/types';
import { Code, type ResponseCode } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import { isUniqueViolation, queryRows, type Database } from '../db';
import { ApiError, ok } from '../http/envelope';
import { requirePermission } from '../http/permissions';
import { rowScopeOf } from '../../../permissions/scopes';
import { rowScope } from '../scope';
import { withAttachmentHooks } from '../uploads/crud-hooks';
import { registerAttachmentCalls } from '../uploads/routes';
import { fieldSchema } from '../http/validation';
import { writeAudit } from './audit';

export type Row = Record<string, unknown>;
/** A list body as validated: paging and order, and the declared filters by field name. */
export type ListBody = Row & z.infer<typeof listBodySchema>;

export interface SaveContext {
  request: FastifyRequest;
  db: Database;
  now: Date;
  mode: 'create' | 'edit';
  /** The stored row when editing. */
  existing?: Row;
}

/** Entity-specific rules on top of the declaration; every hook is optional. */
export interface CrudHooks {
  /** Spec checks before a write (throw ApiError with the spec's code); may answer changed values. */
  beforeSave?(values: Row, ctx: SaveContext): Promise<Row | void> | Row | void;
  /** After the row is written, in the same transaction (e.g. related rows). */
  afterSave?(row: Row, ctx: SaveContext, values: Row): Promise<void> | void;
  beforeDelete?(existing: Row, ctx: Omit<SaveContext, 'mode'>): Promise<void> | void;
  /** After the row is deleted, in the same transaction (e.g. its files let go). */
  afterDelete?(existing: Row, ctx: Omit<SaveContext, 'mode'>): Promise<void> | void;
  /**
   * Completes the rows a list or `one` answers, already presented (e.g. each record's files), in one query per page;
   * `view` says which, so a detail may carry more than a list row (a complaint's system snapshot); `request` is the
   * caller's, for figures that must count only what the caller may see.
   */
  expand?(rows: Row[], view: 'list' | 'one', request: FastifyRequest): Promise<void>;
  /** The row as the client sees it (secret fields are already removed). */
  present?(row: Row): Row;
  /**
   * The row as this caller receives it, after `present` and `expand`: every answer carrying a row (list, one, save, a
   * workflow transition) passes through it, e.g. to leave out what only staff may read.
   */
  visibleTo?(row: Row, request: FastifyRequest): Row;
  /** The rows of the workflow history (server/core/crud/workflow.ts) as this caller receives them. */
  presentHistory?(entries: Row[], request: FastifyRequest): Promise<Row[]> | Row[];
  /** Table properties never sent to the client (password hashes). */
  hiddenColumns?: string[];
  /** Extra list conditions from the request (scope, custom filters). */
  listWhere?(request: FastifyRequest, body: Row): SQL | undefined;
}

export interface CrudOptions {
  declaration: ResourceDeclaration;
  table: PgTable;
  hooks?: CrudHooks;
}

const sortSchema = z
  .array(z.object({ field: z.string().max(64), order: z.enum(['asc', 'desc']) }))
  .max(10)
  .optional();

/** Paging and order of every generated list (the export of the user log asks for up to 50,000 rows at once). */
export const listBodySchema = z.object({
  pageIndex: rules.integer(1, 1_000_000).default(1),
  pageSize: rules.integer(1, 50_000).default(10),
  sort: sortSchema,
});

/** A day, or a moment whose first ten characters are one, as a date-range filter bound ('2026-02-01', '2026-02-01T00:00:00Z'). */
const filterDay = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}/)
  .refine(isRealDate, 'not a date');

/**
 * The shape a declared filter takes in a list body, bounded so that no search reaches the database with a
 * megabyte of text: text at most FILTER_TEXT_MAX characters, at most LIST_MAX values.
 */
function filterSchema(field: FieldDeclaration, kind: string, column: PgColumn | undefined): z.ZodType {
  if (kind === 'text') return z.union([z.string().max(FILTER_TEXT_MAX), z.number()]).optional();
  if (kind === 'dateRange') {
    return z
      .array(filterDay)
      .max(2)
      .refine((v) => v.length === 0 || v.length === 2, 'from and to')
      .optional();
  }
  // A filter by a related record (a complaint, a customer's file) is one record, picked in a single select, named by id
  // as strictly as every id (DESIGN §10): '0x10', '1e3', 16.5 or [16] answer 2 instead of reaching the database.
  if (field.relation && column?.dataType === 'number') return rules.id().optional();
  const one: z.ZodType =
    column?.dataType === 'boolean'
      ? z.union([z.boolean(), z.enum(['true', 'false'])])
      : field.options
        ? z.enum(field.options as [string, ...string[]])
        : z.union([z.string().max(FILTER_TEXT_MAX), z.number()]);
  return z.union([one, z.array(one).max(LIST_MAX)]).optional();
}

/**
 * Registers list / one / save / delete of a declared resource over a Drizzle table, at the paths the
 * declaration gives (the caller registers it under /api). Every call: token (root hook), its body validated by
 * the route's schema built from the declaration's zod rules (the validator every route uses: 3 / 2 / the
 * field's own code, `data.field` naming it, nothing written), the CASL ability of the declaration's subject
 * (45), duplicates refused with the field's code, one audit row per write.
 */
export function registerCrud(app: FastifyInstance, deps: AppDeps, { declaration, table, hooks = {} }: CrudOptions): CrudService {
  // Attachments fields (resources/attachments.ts) bring their hooks and their upload and download calls.
  const service = new CrudService(deps, declaration, table, withAttachmentHooks(deps.db, declaration, hooks));
  // The entity its rows are (permissions/subjects.ts): what every call names in its route config.
  const subject = entityOf(declaration);
  const tags = [declaration.name];
  const { endpoints } = declaration;

  if (endpoints.list) {
    app.post(endpoints.list, {
      config: { permission: { subject, action: 'read' } },
      schema: { tags, summary: `List ${declaration.name} (paged: pageIndex, pageSize, sort, filters)`, body: service.listBody },
      handler: async (request) => ok(await service.list(request, request.body as Row)),
    });
  }
  if (endpoints.one) {
    app.post(endpoints.one, {
      config: { permission: { subject, action: 'read' } },
      schema: { tags, summary: `One ${declaration.name} by id`, body: service.idBody },
      handler: async (request) => ok(await service.one(request, request.body as Row)),
    });
  }
  if (endpoints.save) {
    app.post(endpoints.save, {
      // Which of the two the handler checks once it knows whether the body names a row.
      config: { permission: { subject, action: ['create', 'update'] } },
      schema: { tags, summary: `Create (no id) or update (with id) ${declaration.name}`, body: service.saveBody },
      handler: async (request) => ok(await service.save(request, request.body as Row)),
    });
  }
  if (endpoints.delete) {
    app.post(endpoints.delete, {
      config: { permission: { subject, action: 'delete' } },
      schema: { tags, summary: `Delete ${declaration.name} by id`, body: service.idBody },
      handler: async (request) => ok(await service.remove(request, request.body as Row)),
    });
  }
  registerAttachmentCalls(app, deps, service, subject);
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
    const idValue = this.columns[this.idField]!.dataType === 'number' ? rules.id() : z.string().trim().min(1).max(200);
    this.idSchema = z.object({ [this.idField]: idValue });
    const filters: Record<string, z.ZodType> = {};
    for (const [name, field] of Object.entries(declaration.fields)) {
      const kind = filterKindOf(field);
      if (kind) filters[name] = filterSchema(field, kind, this.columnOf(name));
    }
    this.listSchema = listBodySchema.extend(filters);
    // A call without a body is one with an empty object: the first page, or 3 naming the id.
    this.idBody = z.preprocess((body) => body ?? {}, this.idSchema);
    // A cleared filter arrives as '', null or []: it filters nothing, as if it were left out.
    this.listBody = z.preprocess((body) => (isPlainObject(body) ? withoutUnset(body) : (body ?? {})), this.listSchema);
    this.saveBody = this.saveBodySchema(idValue);
  }

  /** The id of `one` and `delete` (a positive integer for a numeric key); workflow calls extend it. */
  readonly idSchema: z.ZodObject;
  /** The fields of `list`: paging, order and the declared filters, every text and list bounded. */
  readonly listSchema: z.ZodObject;
  /** The route schemas of the generated calls (server/core/http/validation.ts validates them). */
  readonly idBody: z.ZodType;
  readonly listBody: z.ZodType;
  readonly saveBody: z.ZodType;

  /**
   * The body of `save`: without an id ('' and null are none) a new record with the create form's fields, with one
   * an edit with the edit form's (create-only fields, such as a user's name, are then left out, never written).
   * An edit changes only the fields it names: a field left out keeps its stored value, and null clears a field to
   * the value a new record starts with (a missing field is not an empty one: a save that names two fields must not
   * empty the other eleven). A new record gets those starting values for the fields it leaves out.
   * The body is first judged by its mode's fields in declaration order, so the refusal names the field the form
   * marks first; the object after it is the documented shape (every form field, create-only ones optional) and
   * gives the values, each field's own codes with them.
   */
  private saveBodySchema(idValue: z.ZodType): z.ZodType {
    const { declaration, idField } = this;
    const editFields = formFields(declaration, 'edit');
    const createFields = formFields(declaration, 'create');
    const createOnly = createFields.filter((name) => !editFields.includes(name));
    const fieldsOf = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, fieldSchema(declaration.fields[name]!)]));
    const byMode = {
      create: z.object(fieldsOf(createFields)),
      edit: z.object({ [idField]: idValue, ...fieldsOf(editFields) }),
    };
    const documented = z.object({
      [idField]: idValue.optional(),
      ...Object.fromEntries(editFields.map((name) => [name, withoutStartingValue(declaration.fields[name]!)])),
      ...Object.fromEntries(createOnly.map((name) => [name, withoutStartingValue(declaration.fields[name]!).optional()])),
    });
    const startingValues = new Map(
      createFields.flatMap((name) => {
        const schema = declaration.fields[name]!.schema;
        return schema instanceof z.ZodDefault ? [[name, () => schema.def.defaultValue] as const] : [];
      }),
    );
    return z.preprocess((raw, ctx) => {
      const body = raw ?? {};
      // Anything but an object is refused by the documented shape (2 naming the body).
      if (!isPlainObject(body)) return body;
      const given = isUnset(body[idField]) ? omit(body, [idField]) : { ...body };
      const mode = given[idField] === undefined ? 'create' : 'edit';
      for (const [name, startingValue] of startingValues) {
        const cleared = given[name] === null;
        if (cleared || (mode === 'create' && given[name] === undefined)) given[name] = startingValue();
      }
      const judged = byMode[mode].safeParse(given);
      if (!judged.success) for (const { message, path } of judged.error.issues) ctx.addIssue({ code: 'custom', message, path, input: raw });
      return mode === 'edit' ? omit(given, createOnly) : given;
    }, documented);
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

  /** A presented (and expanded) row as `request`'s caller receives it (the `visibleTo` hook). */
  answerFor(request: FastifyRequest, row: Row): Row {
    return this.hooks.visibleTo ? this.hooks.visibleTo(row, request) : row;
  }

  /**
   * The declaration's row scope for the caller (resources/types.ts `scope`), part of every list, one, save and
   * delete; undefined when the resource has none or the caller sees every row.
   */
  scopeCondition(request: FastifyRequest): SQL | undefined {
    const { scope } = this.declaration;
    return scope ? rowScope(scope.subject, request.user, this.deps.clock(), this.column(scope.field)) : undefined;
  }

  /** The stored row with this id if the caller's scope holds it. */
  async findInScope(request: FastifyRequest, id: string | number): Promise<Row | undefined> {
    const [row] = await this.db
      .select()
      .from(this.table)
      .where(and(eq(this.column(this.idField), id), this.scopeCondition(request)))
      .limit(1);
    return row as Row | undefined;
  }

  /** Refuses values that would move a row out of the caller's scope (a complaint filed on another's system): 45. */
  private async assertInScope(request: FastifyRequest, values: Row, existing?: Row): Promise<void> {
    const { scope } = this.declaration;
    if (!scope) return;
    const link = values[scope.field] ?? existing?.[this.declaration.fields[scope.field]?.column ?? scope.field];
    const inside = rowScope(scope.subject, request.user, this.deps.clock(), sql`${link ?? null}`);
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

  /** The WHERE of a list request: declared filters, plus the hook's. */
  listConditions(request: FastifyRequest, body: Row): SQL | undefined {
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
    const scope = this.scopeCondition(request);
    if (scope) conditions.push(scope);
    const extra = this.hooks.listWhere?.(request, body);
    if (extra) conditions.push(extra);
    return conditions.length ? and(...conditions) : undefined;
  }

  /** A page of rows; `body` is as `listBody` (or a schema made of `listSchema`) validated it. */
  async list(request: FastifyRequest, body: Row) {
    const { pageIndex, pageSize, sort } = body as ListBody;
    const where = this.listConditions(request, body);
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
    await this.hooks.expand?.(data, 'list', request);
    return { data: data.map((row) => this.answerFor(request, row)), dataCount: Number(total?.n ?? 0) };
  }

  orderBy(sort: z.infer<typeof sortSchema>): SQL[] {
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

  async one(request: FastifyRequest, body: Row) {
    const byId = eq(this.column(this.idField), this.idOf(body));
    const [row] = await this.db
      .select(this.shownColumns)
      .from(this.table)
      .where(and(byId, this.scopeCondition(request)))
      .limit(1);
    if (!row) throw this.missing();
    const presented = this.present(row);
    await this.hooks.expand?.([presented], 'one', request);
    return this.answerFor(request, presented);
  }

  /** Creates (no id) or updates a row; `body` is as `saveBody` validated it. */
  async save(request: FastifyRequest, body: Row) {
    const id = body[this.idField] as string | number | undefined;
    const mode: 'create' | 'edit' = id === undefined ? 'create' : 'edit';
    requirePermission(request, entityOf(this.declaration), mode === 'create' ? 'create' : 'update');
    let values: Row = Object.fromEntries(
      formFields(this.declaration, mode)
        .filter((name) => body[name] !== undefined)
        .map((name) => [name, body[name]]),
    );
    const now = this.deps.clock();
    const existing = id === undefined ? undefined : await this.findInScope(request, id);
    if (id !== undefined && !existing) throw this.missing();
    // The hooks judge the record as it will be: a field the edit left out is the stored one.
    if (existing) values = { ...this.storedFormValues(existing), ...values };
    // A new row of an 'owner' or 'personal' scope (permissions/scopes.ts) is its creator's: the server fills the link,
    // never the form.
    const { scope } = this.declaration;
    const kind = scope && rowScopeOf(scope.subject);
    if (mode === 'create' && (kind === 'owner' || kind === 'personal')) values[scope!.field] = request.user.id;
    await this.assertInScope(request, values, existing);
    await this.assertUnique(values, existing);
    const ctx: SaveContext = { request, db: this.db, now, mode, existing };
    values = (await this.hooks.beforeSave?.(values, ctx)) ?? values;

    const columnValues: Row = {};
    for (const [key, value] of Object.entries(values)) {
      const property = this.declaration.fields[key]?.column ?? key;
      if (this.columns[property]) columnValues[property] = value;
    }
    for (const property of ['updated_at', 'updatedAt']) if (this.columns[property]) columnValues[property] = now;
    if (mode === 'create') {
      for (const property of ['created_at', 'createdAt']) if (this.columns[property]) columnValues[property] = now;
      if (this.columns.created_by && columnValues.created_by === undefined) columnValues.created_by = request.user.username;
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
        await writeAudit(tx, request, now, {
          action: `${this.declaration.name}.${mode === 'create' ? 'create' : 'update'}`,
          target: `${this.declaration.name}:${String(row![this.idField])}`,
          before: existing ? this.present(existing) : undefined,
          after: this.present(row!),
        });
        return row!;
      });
      return this.answerFor(request, this.present(saved));
    } catch (error) {
      throw this.translateDbError(error);
    }
  }

  async remove(request: FastifyRequest, body: Row) {
    const id = this.idOf(body);
    const existing = await this.findInScope(request, id);
    if (!existing) throw this.missing();
    const now = this.deps.clock();
    await this.hooks.beforeDelete?.(existing, { request, db: this.db, now, existing });
    await this.db.transaction(async (tx) => {
      await tx.delete(this.table).where(eq(this.column(this.idField), id));
      await this.hooks.afterDelete?.(existing, { request, db: tx, now, existing });
      await writeAudit(tx, request, now, {
        action: `${this.declaration.name}.delete`,
        target: `${this.declaration.name}:${String(id)}`,
        before: this.present(existing),
      });
    });
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

/** A field's schema without the starting value zod would put in for a field left out: an edit keeps what is stored. */
function withoutStartingValue(field: FieldDeclaration): z.ZodType {
  if (!(field.schema instanceof z.ZodDefault)) return fieldSchema(field);
  return fieldSchema({ ...field, schema: (field.schema.unwrap() as z.ZodType).optional() });
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function withoutUnset(body: Row): Row {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => !isUnset(value)));
}

function omit(body: Row, names: readonly string[]): Row {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !names.includes(name)));
}

function isPlainObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A user's text as a LIKE pattern's literal part: its % and _ match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
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
