import { z } from 'zod';

/**
 * One /api call as web and server agree on it: its path, method, body and answer (zod schemas) and what the caller
 * needs. The server registers the call from this object (server/core/http/endpoint.ts) and the web calls it through
 * `call(endpoint, body)` (src/api/call.ts), so the path is written once and both sides are typed by the same schemas.
 */

/** What a call needs: a subject of permissions/subjects.ts (or a declared resource's entity) and its action(s). */
export interface EndpointPermission {
  /** A string here (contract/ imports nothing of ours); the server refuses an unknown subject at start. */
  readonly subject: string;
  /** Any of them suffices (a save: ['create', 'update']). */
  readonly action: string | readonly string[];
}

/**
 * - `json`: a JSON body, answered by the envelope `{ code, data, info }` whose `data` is `answer`;
 * - `download`: answered by a file (its `answer` schema describes nothing sent as JSON);
 * - `upload`: a multipart form, `body` being its fields besides the files.
 */
export type EndpointKind = 'json' | 'download' | 'upload';

export interface Endpoint<
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
  Kind extends EndpointKind = EndpointKind,
> {
  /** Below /api, e.g. '/MailTiming/GetMailJob'. */
  readonly path: `/${string}`;
  readonly method: 'POST' | 'GET';
  readonly kind: Kind;
  /** The JSON body (POST) or the query (GET). */
  readonly body: Body;
  /** The `data` of a 200 envelope. */
  readonly answer: Answer;
  /** 'public': answered without an access token (login, reference data). */
  readonly permission: EndpointPermission | 'public';
  /** One line for the API document. */
  readonly summary: string;
  /** The API document's group; the path's first segment unless given. */
  readonly tag: string;
}

/** The body a caller may send (defaults not yet applied). */
export type BodyIn<E extends Endpoint> = z.input<E['body']>;
/** The body the handler receives (validated, defaults applied). */
export type BodyOf<E extends Endpoint> = z.output<E['body']>;
/** The `data` of the call's 200 answer. */
export type AnswerOf<E extends Endpoint> = z.output<E['answer']>;

export function defineEndpoint<Body extends z.ZodType, Answer extends z.ZodType, Kind extends EndpointKind = 'json'>(spec: {
  path: `/${string}`;
  method?: 'POST' | 'GET';
  kind?: Kind;
  body: Body;
  answer: Answer;
  permission: EndpointPermission | 'public';
  summary: string;
  tag?: string;
}): Endpoint<Body, Answer, Kind> {
  return {
    ...spec,
    method: spec.method ?? 'POST',
    kind: spec.kind ?? ('json' as Kind),
    tag: spec.tag ?? spec.path.split('/')[1]!,
  };
}

/** The answer of a paged list: the page's rows and the count of every row. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ dataCount: z.number().int(), data: z.array(row) });
