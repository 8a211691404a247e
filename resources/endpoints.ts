import { z } from 'zod';
import { defineEndpoint, schemasOnce, type Endpoint } from '../contract/endpoint';
import { rules } from './rules';
import { XLSX_MEDIA } from '../contract/monitoring-constants';
import { idBodyOf, idSchemaOf, listBodyOf, listSchemaOf, saveBodyOf, transitionBodyOf } from './crud-schemas';
import type { AttachmentFile } from './attachments';
import { entityOf, idFieldOf, type FieldDeclaration, type ResourceDeclaration } from './types';
import { permissionOf, workflowPaths } from './workflow';

/**
 * The generated calls of a declaration as endpoint objects (contract/endpoint.ts), the same shape as every
 * hand-written call: the server registers them (server/core/crud), the web calls them through `call` or Refine's
 * data provider, and both are typed by the declared fields. Built once per declaration, on first use.
 */

type FieldsOf<D> = D extends ResourceDeclaration<infer F> ? F : Record<string, FieldDeclaration>;
type ValueOf<D> = D extends { schema: infer S extends z.ZodType } ? z.output<S> : unknown;

/**
 * A field's value in a row: its files for an attachments field, its schema's output otherwise (never left out: a row
 * carries every column, null where it holds nothing).
 */
type AnsweredValueOf<D> = D extends { attachments: object } ? AttachmentFile[] : Exclude<ValueOf<D>, undefined>;
/** The fields every row carries: those the list, the show page or the form present, never a secret or an internal one. */
type AnsweredOf<F> = {
  [K in keyof F]: F[K] extends { secret: true } | { internal: true }
    ? never
    : F[K] extends { list: true } | { show: true } | { form: true | 'create' | 'readonly' }
      ? K
      : never;
}[keyof F];
/** Staff's own fields: in the rows staff read, left out of the customer side's (resources/types.ts `internal`). */
type InternalOf<F> = { [K in keyof F]: F[K] extends { secret: true } ? never : F[K] extends { internal: true } ? K : never }[keyof F];

/**
 * A row as a list or `one` answers it: its id, its declared fields by name (staff's internal ones only where the
 * caller is staff), and what the area's hooks add (files, clocks), untyped here.
 */
export type RowOf<F> = { id: number } & { [K in AnsweredOf<F>]: AnsweredValueOf<F[K]> } & {
  [K in InternalOf<F>]?: AnsweredValueOf<F[K]>;
} & Record<string, unknown>;

/** A list body: paging, order, and the declared filters by field name. */
export type ListBodyOf<F> = {
  pageIndex?: number;
  pageSize?: number;
  sort?: Array<{ field: string; order: 'asc' | 'desc' }>;
} & { [K in keyof F]?: string | number | boolean | readonly (string | number | boolean)[] | null };

/** An export's body: the list's filters and order, without paging (every row in the caller's scope). */
export type ExportBodyOf<F> = Omit<ListBodyOf<F>, 'pageIndex' | 'pageSize'> | null;

/** A save body: without an id a new record, with one an edit of the fields it names (null clears one). */
export type SaveBodyOf<F> = { id?: number | string | null } & { [K in keyof F]?: z.input<FieldSchema<F[K]>> | null };
type FieldSchema<D> = D extends { schema: infer S extends z.ZodType } ? S : z.ZodUnknown;

/** A transition's body: the record, the transition's fields, a note. */
export type TransitionBody = { id: number | string; note?: string | null } & Record<string, unknown>;

/** A workflow history entry (server/core/crud/workflow.ts), oldest first. */
export interface HistoryEntry {
  id: number;
  action: string;
  from_state: string;
  to_state: string;
  username: string;
  note: string | null;
  fields: Record<string, unknown> | null;
  created_at: string;
  [more: string]: unknown;
}

/** An uploaded file as an attachments field lists it (resources/attachments.ts). */
interface UploadedAnswer {
  id: number;
  name: string;
  size: number;
  mime: string;
  sha256: string;
}

type Page<T> = { dataCount: number; data: T[] };
/** An endpoint whose body and answer are typed as given (the schemas it carries are looser at run time, see below). */
type Typed<Body, Answer, Kind extends 'json' | 'download' | 'upload' = 'json'> = Endpoint<z.ZodType<Body, Body>, z.ZodType<Answer>, Kind>;

export interface ResourceEndpoints<F, Added extends object = object> {
  list?: Typed<ListBodyOf<F>, Page<RowOf<F> & Added>>;
  one?: Typed<{ id: number | string }, RowOf<F> & Added>;
  save?: Typed<SaveBodyOf<F>, RowOf<F> & Added>;
  delete?: Typed<{ id: number | string }, null>;
  /** An xlsx workbook of the list, made by the area's own handler. */
  export?: Typed<ExportBodyOf<F>, Blob, 'download'>;
  /** Per transition action (resources/workflow.ts), when the declaration has a workflow. */
  transitions: Readonly<Record<string, Typed<TransitionBody, RowOf<F> & Added>>>;
  history?: Typed<{ id: number | string }, Page<HistoryEntry>>;
  /** Multipart: `field`, `recordId` and one `file`. */
  upload?: Typed<{ field?: string; recordId?: number }, UploadedAnswer, 'upload'>;
  download?: Typed<{ id: number }, Blob, 'download'>;
}

const built = new WeakMap<ResourceDeclaration, ResourceEndpoints<unknown>>();

/**
 * The generated calls of `declaration`: the actions its `endpoints` name, its workflow's, its attachments'. `Added`
 * types what the area's hooks add to each row it answers (a complaint's clocks), which the declaration does not say.
 */
export function endpointsOf<D extends ResourceDeclaration, Added extends object = object>(
  declaration: D,
): ResourceEndpoints<FieldsOf<D>, Added> {
  let calls = built.get(declaration);
  if (!calls) built.set(declaration, (calls = build(declaration)));
  return calls as ResourceEndpoints<FieldsOf<D>, Added>;
}

/**
 * A row's answer schema: the id, and whatever else the row carries kept as it is. The declared fields are rules for
 * what a save takes (trimmed text, a date's form), not for what is stored, so they type the row without judging it.
 */
const rowAnswer = (declaration: ResourceDeclaration) => z.looseObject({ [idFieldOf(declaration)]: z.number() });
const pageOf = (row: z.ZodType) => z.object({ dataCount: z.number().int(), data: z.array(row) });

function build(declaration: ResourceDeclaration): ResourceEndpoints<unknown> {
  const { endpoints, name } = declaration;
  const subject = entityOf(declaration);
  const tag = name;
  const read = { subject, action: 'read' };
  const json = <Body, Answer>(
    path: string | undefined,
    action: string | readonly string[],
    summary: string,
    schemas: () => { body: z.ZodType; answer: z.ZodType },
  ) =>
    path
      ? (defineEndpoint({
          path: path as `/${string}`,
          permission: { subject, action },
          summary,
          tag,
          schemas: schemasOnce(schemas),
        }) as unknown as Typed<Body, Answer>)
      : undefined;
  const { workflow } = declaration;
  const paths = workflow ? workflowPaths(endpoints) : undefined;
  const transitions = Object.fromEntries(
    (workflow?.transitions ?? []).map((transition) => [
      transition.action,
      json<TransitionBody, RowOf<unknown>>(
        paths!.action(transition.action),
        permissionOf(transition),
        `${transition.action}: ${transition.from.join(' | ')} → ${transition.to} (${name})`,
        () => ({ body: transitionBodyOf(declaration, transition), answer: rowAnswer(declaration) }),
      )!,
    ]),
  );
  return {
    list: json(endpoints.list, 'read', `List ${name} (paged: pageIndex, pageSize, sort, filters)`, () => ({
      body: listBodyOf(declaration),
      answer: pageOf(rowAnswer(declaration)),
    })),
    one: json(endpoints.one, 'read', `One ${name} by id`, () => ({ body: idBodyOf(declaration), answer: rowAnswer(declaration) })),
    // Which of the two the handler checks once it knows whether the body names a row.
    save: json(endpoints.save, ['create', 'update'], `Create (no id) or update (with id) ${name}`, () => ({
      body: saveBodyOf(declaration),
      answer: rowAnswer(declaration),
    })),
    delete: json(endpoints.delete, 'delete', `Delete ${name} by id`, () => ({ body: idBodyOf(declaration), answer: z.null() })),
    export: endpoints.export
      ? (defineEndpoint({
          path: endpoints.export as `/${string}`,
          kind: 'download',
          media: XLSX_MEDIA,
          permission: { subject, action: 'export' },
          summary: `The filtered list of ${name} as an xlsx workbook in the caller's language (code 8 when empty)`,
          tag,
          // The list's filters and order without its paging; a call without a body exports every row in the scope.
          schemas: schemasOnce(() => ({
            body: listSchemaOf(declaration).omit({ pageIndex: true, pageSize: true }).nullish(),
            answer: z.file(),
          })),
        }) as unknown as Typed<ExportBodyOf<unknown>, Blob, 'download'>)
      : undefined,
    transitions,
    history: paths
      ? json(paths.history, 'read', `The workflow history of one ${name}, oldest first`, () => ({
          body: idSchemaOf(declaration),
          answer: pageOf(z.looseObject({ id: z.number(), action: z.string() })),
        }))
      : undefined,
    upload: endpoints.upload
      ? (defineEndpoint({
          path: endpoints.upload as `/${string}`,
          kind: 'upload',
          permission: { subject, action: ['create', 'update'] },
          summary: `Upload one file to an attachments field of ${name} (multipart: field, recordId, file)`,
          tag,
          schemas: schemasOnce(() => ({
            body: z.object({ field: z.string().optional(), recordId: z.number().optional() }),
            answer: z.looseObject({ id: z.number() }),
          })),
        }) as unknown as Typed<{ field?: string; recordId?: number }, UploadedAnswer, 'upload'>)
      : undefined,
    download: endpoints.download
      ? (defineEndpoint({
          path: endpoints.download as `/${string}`,
          kind: 'download',
          // Each file goes out typed as it was sniffed at upload.
          media: 'application/octet-stream',
          permission: read,
          summary: `Download a file of ${name} (its bytes; images and PDFs inline)`,
          tag,
          schemas: schemasOnce(() => ({ body: z.object({ id: rules.id() }), answer: z.file() })),
        }) as unknown as Typed<{ id: number }, Blob, 'download'>)
      : undefined,
  };
}
