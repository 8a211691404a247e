import type { z } from 'zod';
import type { Role } from '../permissions/roles';
import type { WorkflowDeclaration } from './workflow';

/**
 * The one declaration of an entity (DESIGN §3). The server's CRUD factory (server/core/crud/) and the web
 * engine (src/resources/) both read it: a resource file imports nothing from either side, so both can use it.
 *
 * Conventions:
 * - Field names are the entity's snake_case names (`license_key`); they are the keys of the request bodies,
 *   of the rows the list answers and of the Drizzle table object.
 * - Zod messages are i18n keys (`admin:validation.required`); the server answers its codes, the form shows
 *   the translated message.
 * - Labels are `<namespace>:<name>.fields.<field>`, option labels `<namespace>:<name>.options.<field>.<value>`.
 */

export type Widget =
  | 'text'
  | 'textarea'
  | 'email'
  | 'password'
  | 'number'
  | 'select'
  | 'multiselect'
  | 'date'
  | 'datetime'
  | 'switch'
  /** A searchable select of ISO 3166-1 alpha-2 codes, named in the reader's language (contract/countries.ts). */
  | 'country'
  /** A score of 1 to 5 as stars (antd Rate), e.g. a customer's rating of the service. */
  | 'rating'
  /**
   * A state of the country in the field `place.country` (GetStatecode: the ISO 3166-2 code part is stored), and a
   * city of that state (GetCitycode: the name is stored; typed freely where the data set lists no city there).
   */
  | 'state'
  | 'city'
  | 'attachments';

export type FilterKind = 'text' | 'select' | 'dateRange';

/** A select whose options are the rows of another resource (or any list call answering the list shape). */
export interface Relation {
  /** The list call that answers the options, e.g. '/User/GetUserPageList'. */
  listPath: string;
  /** The field of the related row stored in this field. */
  valueField: string;
  /**
   * The field shown in the select and the list: one field, or one per language (`{ en: 'title_en', de:
   * 'title_de', … }`, `en` required) whose blank value falls back to the English one.
   */
  labelField: string | RelationLabelFields;
  /** Only the rows whose `rowField` is one of the values the form's `formField` holds (e.g. organizations of the chosen roles' kinds). */
  matching?: { rowField: string; formField: string };
  /** Only the rows whose `rowField` is one of these values, whatever the form holds (the resellers among the organizations). */
  where?: { rowField: string; anyOf: readonly string[] };
  /**
   * Rows the portal ships (seeded) are named in the reader's language by the i18n key `<labelKey>.<value>`; rows
   * users added have no key and show their label field.
   */
  labelKey?: string;
}

export type LabelLanguage = 'en' | 'zh' | 'de' | 'ja';
export type RelationLabelFields = { en: string } & Partial<Record<Exclude<LabelLanguage, 'en'>, string>>;

/** The label of a related row in a language ('de', 'zh-CN', …): its field for that language, else English, else the value. */
export function relationLabel(relation: Relation, row: Record<string, unknown>, language: string): string {
  const fields = typeof relation.labelField === 'string' ? { en: relation.labelField } : relation.labelField;
  const own = fields[language.slice(0, 2) as LabelLanguage];
  for (const field of [own, fields.en]) {
    const value = field ? row[field] : undefined;
    if (value !== undefined && value !== null && String(value).trim() !== '') return String(value);
  }
  return String(row[relation.valueField] ?? '');
}

/** What an attachments field takes, judged by each file's content: a kind of resources/attachments.ts or a list of MIME types. */
export type AttachmentAccept = 'images' | 'documents' | readonly string[];

/** An `attachments` field (spec §5: 80 MB each, 3 per complaint, 1 in a customer archive, some images only). */
export interface AttachmentRule {
  /** Files on one record. */
  max: number;
  /** Bytes per file. */
  maxBytes: number;
  accept: AttachmentAccept;
}

export interface FieldDeclaration {
  /** The rule of this field in the save body (spec §5). Optional fields are `.optional()` / `.nullable()`. */
  schema: z.ZodType;
  widget?: Widget;
  /** Fixed choices of a select / multiselect (labels through i18n, see above). */
  options?: readonly string[];
  /** Tag colours (antd preset names) of option values in the list and on the show page, e.g. `{ banned: 'red' }`. */
  colors?: Readonly<Record<string, string>>;
  relation?: Relation;
  /**
   * In the form and on the show page only while another field holds one of these values (the installer company
   * of users with the installer role); hidden, the field is not sent.
   */
  shownWhen?: { field: string; anyOf: readonly string[] };
  /**
   * In the form, another input while another field holds one of these values (a 'country' e-mail rule picks its
   * recipient with the country picker, a role or an address is typed); the declared widget otherwise. The value
   * is stored in this same field; the form clears it when a change of the other field changes the input.
   */
  widgetWhen?: { field: string; widgets: Readonly<Record<string, Widget>> };
  /**
   * For the 'state' and 'city' widgets: the fields holding the country (and, for a city, the state) it lies in. The
   * form empties this field when one of them changes.
   */
  place?: { country: string; state?: string };
  /** A column of the list table. */
  list?: boolean;
  /** A filter above the list (synced to the URL); `true` picks one from the widget. */
  filter?: boolean | FilterKind;
  sortable?: boolean;
  /** In the create/edit form; 'create' = only when creating (e.g. an initial password), 'readonly' = shown, never sent. */
  form?: boolean | 'create' | 'readonly';
  /** On the show page (defaults to `list`). */
  show?: boolean;
  /** Never leaves the server (password hashes). */
  secret?: boolean;
  /**
   * Staff's own record, not the customer's (a complaint's root cause, archive remark): the server leaves it out of
   * every answer to the customer side (server/complaints/visibility.ts); without it a field is public.
   */
  internal?: boolean;
  /** Values must be unique (case-insensitive for text): a duplicate answers this code (e.g. 90 License exists). */
  unique?: number;
  /** Spec-specific codes replacing the generic 3 (missing) and 2 (invalid) for this field. */
  codes?: { required?: number; invalid?: number };
  /** The form's initial value when creating. */
  defaultValue?: unknown;
  /**
   * Its place on the list's phone card (src/ui/ResponsiveTable.tsx): 'title' (default: the declaration's
   * titleField), 'status' (a tag beside the title; default for a field with `colors`), 'field' (a label / value
   * line, the default for the first five other columns) or 'hidden' (only in the desktop table and on the show page).
   */
  card?: 'title' | 'status' | 'field' | 'hidden';
  /** A list column the desktop table starts without (the user may show it with the column chooser). */
  columnHidden?: boolean;
  /**
   * Table column width in px. Columns without one share the width the table has; set it only where a value
   * must not wrap (dates, keys), so that the table fits 1366 px with the sidebar open.
   */
  width?: number;
  /** The Drizzle table's property for this field when it is not the field name (e.g. `displayName`). */
  column?: string;
  /**
   * Files of the record (widget 'attachments'; build it with `attachmentsField` of resources/attachments.ts): no
   * column of the table, the uploads table holds them. The save body names upload ids, the record answers
   * `[{ id, name, size, mime }]`; the declaration's `upload` and `download` endpoints carry the files.
   */
  attachments?: AttachmentRule;
}

/** `export`: the list's rows, by its filters and order, as a file the area makes (its own handler, the same body). */
export type CrudAction = 'list' | 'one' | 'save' | 'delete' | 'export';
/** The calls of a declaration with attachments fields: upload one file (multipart), download one. */
export type AttachmentAction = 'upload' | 'download';

export interface ResourceDeclaration<F extends Record<string, FieldDeclaration> = Record<string, FieldDeclaration>> {
  /** The route key (also the Refine resource name and the CASL subject). */
  name: string;
  /** The spec's route path: the screen's URL and its menu entry. */
  route: string;
  /** The menu group (the parent route key of permissions/routes.ts; none = top level). */
  group?: string;
  /** The menu entry's icon (a name of src/layout/icons.tsx). */
  icon?: string;
  /**
   * Who may open it, for an entity the spec's route table (permissions/routes.ts) does not list; a route of
   * that table keeps the table's roles and may not declare its own. Every role listed = every logged-in user.
   */
  roles?: readonly Role[];
  /**
   * The CASL subject checked for every call and button; defaults to `name`. A declaration whose subject is
   * another resource is part of that resource's screen (a tab): it gets its endpoints, no route or menu entry.
   */
  subject?: string;
  /**
   * The entity its rows are, as a subject of permissions/subjects.ts ('user', 'license', …): what every
   * generated call checks ('read', 'create', 'update', 'delete'). Without it the declaration is an entity of
   * its own, named `subject`, whose actions its screen's roles all hold.
   */
  entity?: string;
  /** Narrows who holds an action on the entity beyond its screen's roles (e.g. `{ delete: ['admin'] }`). */
  permissions?: Partial<Record<'read' | 'create' | 'update' | 'delete' | 'export', readonly Role[]>>;
  /**
   * Rows that belong to someone (DESIGN §3, §6): the subject whose row scope (permissions/scopes.ts) limits
   * every call, list, one, save and delete, and the field holding the row's link (a system's S/N for a
   * 'system' scope). A row outside the caller's scope answers 45, as one that does not exist.
   */
  scope?: { subject: string; field: string };
  /**
   * The Drizzle table behind the generated endpoints: its export name in server/core/db/schema (resolved by the
   * server, so this file stays free of server code). Without it the server generates no calls (the area
   * writes its own, e.g. userInfoSettings).
   */
  table?: string;
  /** The i18n namespace of its texts (locales/<lng>/<namespace>.json). */
  namespace: string;
  /** Paths under /api. Leave one out and that action does not exist (e.g. a read-only log has no save). */
  endpoints: Partial<Record<CrudAction | AttachmentAction, string>>;
  /** The record's key field (default 'id'). */
  idField?: string;
  fields: F;
  /** The list's default order. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Code answered when `one`, `save` (update) or `delete` names a record that does not exist (default 8). */
  notFoundCode?: number;
  /** The field naming a record in the audit log and the delete confirmation. */
  titleField?: string;
  /** States and transitions (resources/workflow.ts): one call per action, a history, the action buttons on the show page. */
  workflow?: WorkflowDeclaration;
}

/** A declaration as written: its fields built by a function, on first use. */
export type ResourceSource<F extends Record<string, FieldDeclaration>> = Omit<ResourceDeclaration<F>, 'fields'> & { fields: () => F };

/**
 * The declaration, its literal field names kept for typing, its fields built when first read. The web app reads
 * every declaration at start (the route table, the CASL ability) but a screen's fields only when it opens the
 * screen: building every field's zod rule at start was some 80 ms of script and garbage before the first page.
 * `fields` stays a plain, enumerable property to its readers, spread included.
 */
export function defineResource<F extends Record<string, FieldDeclaration>>({
  fields,
  ...declaration
}: ResourceSource<F>): ResourceDeclaration<F> {
  return withFieldsOnFirstRead(declaration, fields) as ResourceDeclaration<F>;
}

/**
 * `target` with a `fields` property that `build` answers the first time it is read (declarations and workflow
 * transitions): a plain, enumerable property to its readers, spread included.
 */
export function withFieldsOnFirstRead<T extends object, F>(target: T, build: () => F): T & { readonly fields: F } {
  let built: F | undefined;
  return Object.defineProperty(target, 'fields', { get: () => (built ??= build()), enumerable: true }) as T & { readonly fields: F };
}

export function subjectOf(declaration: ResourceDeclaration): string {
  return declaration.subject ?? declaration.name;
}

/** The permission subject of the declaration's rows (see `entity`). */
export function entityOf(declaration: ResourceDeclaration): string {
  return declaration.entity ?? subjectOf(declaration);
}

/** Whether the declaration is a screen of its own (a route and a menu entry), not a part of another's. */
export function hasOwnRoute(declaration: ResourceDeclaration): boolean {
  return subjectOf(declaration) === declaration.name;
}

export function idFieldOf(declaration: ResourceDeclaration): string {
  return declaration.idField ?? 'id';
}

/** Whether a field with `shownWhen` applies to a record or form holding these values (any other field always does). */
export function isShown(field: FieldDeclaration, values: Record<string, unknown>): boolean {
  if (!field.shownWhen) return true;
  const value = values[field.shownWhen.field];
  const held = Array.isArray(value) ? value : [value];
  return field.shownWhen.anyOf.some((v) => held.includes(v));
}

/** A field as a form holding these values offers it: with the widget `widgetWhen` names for the other field's value. */
export function fieldInForm(field: FieldDeclaration, values: Record<string, unknown>): FieldDeclaration {
  const widget = field.widgetWhen?.widgets[String(values[field.widgetWhen.field])];
  return widget ? { ...field, widget } : field;
}

/** The fields a save body carries when creating / updating. */
export function formFields(declaration: ResourceDeclaration, mode: 'create' | 'edit'): string[] {
  return Object.entries(declaration.fields)
    .filter(([, f]) => f.form === true || (f.form === 'create' && mode === 'create'))
    .map(([name]) => name);
}

export function filterKindOf(field: FieldDeclaration): FilterKind | undefined {
  if (!field.filter) return undefined;
  if (field.filter !== true) return field.filter;
  if (field.widget === 'select' || field.widget === 'multiselect' || field.widget === 'switch' || field.relation) return 'select';
  if (field.widget === 'date' || field.widget === 'datetime') return 'dateRange';
  return 'text';
}
