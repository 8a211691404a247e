import { z } from 'zod';
import { withCodes } from '../contract/fieldCodes';
import { FILTER_TEXT_MAX, isRealDate, LIST_MAX, rules } from './rules';
import { filterKindOf, formFields, idFieldOf, type FieldDeclaration, type ResourceDeclaration } from './types';
import type { WorkflowTransition } from './workflow';

/** A list body as validated: paging and order (and the declared filters by field name). */
export type ListPaging = z.output<ReturnType<typeof listPaging>>;

/**
 * The body schemas of a declaration's generated calls, built from the declaration alone: the server validates with
 * them and documents them, the endpoint objects (resources/endpoints.ts) carry them, so the web's calls are typed by
 * the same rules. Every id of a declared resource is a number (DESIGN §10; the server refuses a table whose key is not).
 */

/** Paging and order of every generated list (the export of the user log asks for up to 50,000 rows at once). */
const listPaging = () =>
  z.object({
    pageIndex: rules.integer(1, 1_000_000).default(1),
    pageSize: rules.integer(1, 50_000).default(10),
    sort: z
      .array(z.object({ field: z.string().max(64), order: z.enum(['asc', 'desc']) }))
      .max(10)
      .optional(),
  });

/** The longest note a workflow transition takes (the history shows it in full). */
export const WORKFLOW_NOTE_MAX = 1000;

/** A declared field's schema carrying its own codes where it names any (read back by the server's validator). */
export function fieldSchema(field: FieldDeclaration): z.ZodType {
  return field.codes ? withCodes(field.schema, field.codes) : field.schema;
}

/** The body of declared fields `names`, each with its declaration's own codes (`codes`). */
export function declaredFieldsBody(fields: Record<string, FieldDeclaration>, names: readonly string[]): z.ZodObject {
  return z.object(Object.fromEntries(names.map((name) => [name, fieldSchema(fields[name]!)])));
}

/** A day, or a moment whose first ten characters are one, as a date-range filter bound ('2026-02-01', '2026-02-01T00:00:00Z'). */
const filterDay = () =>
  z
    .string()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .refine(isRealDate, 'not a date');

/** What a field holds once its optional, nullable and default wrappers are taken off: a number, a yes/no, or other. */
function valueKindOf(schema: z.ZodType): 'number' | 'boolean' | 'other' {
  const def = schema.def as { type: string; innerType?: z.ZodType; in?: z.ZodType; options?: z.ZodType[] };
  if (def.type === 'number') return 'number';
  if (def.type === 'boolean') return 'boolean';
  if (def.innerType) return valueKindOf(def.innerType);
  if (def.type === 'pipe' && def.in) return valueKindOf(def.in);
  if (def.type === 'union' && def.options) {
    const kinds = def.options.map(valueKindOf);
    return kinds.includes('number') ? 'number' : kinds.includes('boolean') ? 'boolean' : 'other';
  }
  return 'other';
}

/**
 * The shape a declared filter takes in a list body, bounded so that no search reaches the database with a
 * megabyte of text: text at most FILTER_TEXT_MAX characters, at most LIST_MAX values.
 */
function filterSchema(field: FieldDeclaration, kind: string): z.ZodType {
  if (kind === 'text') return z.union([z.string().max(FILTER_TEXT_MAX), z.number()]).optional();
  if (kind === 'dateRange') {
    return z
      .array(filterDay())
      .max(2)
      .refine((v) => v.length === 0 || v.length === 2, 'from and to')
      .optional();
  }
  const valueKind = valueKindOf(field.schema);
  // A filter by a related record (a complaint, a customer's file) is one record, picked in a single select, named by id
  // as strictly as every id (DESIGN §10): '0x10', '1e3', 16.5 or [16] answer 2 instead of reaching the database.
  if (field.relation && valueKind === 'number') return rules.id().optional();
  const one: z.ZodType =
    valueKind === 'boolean'
      ? z.union([z.boolean(), z.enum(['true', 'false'])])
      : field.options
        ? z.enum(field.options as [string, ...string[]])
        : z.union([z.string().max(FILTER_TEXT_MAX), z.number()]);
  return z.union([one, z.array(one).max(LIST_MAX)]).optional();
}

/** The id of `one`, `delete` and the history. */
export function idSchemaOf(declaration: ResourceDeclaration) {
  return z.object({ [idFieldOf(declaration)]: rules.id() });
}

/** The fields of `list`: paging, order and the declared filters, every text and list bounded. */
export function listSchemaOf(declaration: ResourceDeclaration) {
  const filters: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    const kind = filterKindOf(field);
    if (kind) filters[name] = filterSchema(field, kind);
  }
  return listPaging().extend(filters);
}

/** A call without a body is one with an empty object: the first page, or 3 naming the id. */
export function idBodyOf(declaration: ResourceDeclaration): z.ZodType {
  return z.preprocess((body) => body ?? {}, idSchemaOf(declaration));
}

/** A cleared filter arrives as '', null or []: it filters nothing, as if it were left out. */
export function listBodyOf(declaration: ResourceDeclaration): z.ZodType {
  const schema = listSchemaOf(declaration);
  return z.preprocess((body) => (isPlainObject(body) ? withoutUnset(body) : (body ?? {})), schema);
}

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
export function saveBodyOf(declaration: ResourceDeclaration): z.ZodType {
  const idField = idFieldOf(declaration);
  const idValue = rules.id();
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

/** The body of a workflow transition: the record's id, the transition's fields, and an optional note ('' or null: none). */
export function transitionBodyOf(declaration: ResourceDeclaration, transition: WorkflowTransition) {
  const fields = Object.fromEntries(Object.entries(transition.fields ?? {}).map(([name, field]) => [name, fieldSchema(field)]));
  const note = z
    .string()
    .trim()
    .max(WORKFLOW_NOTE_MAX, 'admin:validation.tooLong')
    .nullish()
    .transform((value) => value || undefined);
  return idSchemaOf(declaration).extend(fields).extend({ note });
}

/** A field's schema without the starting value zod would put in for a field left out: an edit keeps what is stored. */
function withoutStartingValue(field: FieldDeclaration): z.ZodType {
  if (!(field.schema instanceof z.ZodDefault)) return fieldSchema(field);
  return fieldSchema({ ...field, schema: (field.schema.unwrap() as z.ZodType).optional() });
}

/** A value that filters or names nothing: absent, null, '' or []. */
export function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function withoutUnset(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => !isUnset(value)));
}

function omit(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !names.includes(name)));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
