import type { z } from 'zod';

/**
 * One /api call as web and server agree on it: its path, method, what the caller needs, and its body and answer
 * schemas. The server registers the call from this object (server/core/http/endpoint.ts) and the web calls it through
 * `call(endpoint, body)` (src/api/call.ts): the path is written once and both sides are typed by the same schemas.
 *
 * The objects live in zod-free modules (contract/<area>-calls.ts) and reach their schemas (contract/<area>.ts) through
 * `schemas`, which only the server runs: the web needs a call's path at run time and its schemas' types only, and a
 * module of schemas builds all of them when it is evaluated (tests/web/boot/contract-imports.test.ts).
 */

/** What a call needs: a subject of permissions/subjects.ts (or a declared resource's entity) and its action(s). */
interface EndpointPermission {
  /** A string here (contract/ imports nothing of ours); the server refuses an unknown subject at start. */
  readonly subject: string;
  /** Any of them suffices (a save: ['create', 'update']). */
  readonly action: string | readonly string[];
}

/**
 * - `json`: a JSON body, answered by the envelope `{ code, data, info }` whose `data` is `answer`;
 * - `download`: a JSON body answered by a file of type `media` (its `answer` schema, e.g. `z.file()`, documents it; a
 *   refusal is the envelope as for every call);
 * - `upload`: a multipart form, `body` being its fields besides the files.
 */
type EndpointKind = 'json' | 'download' | 'upload';

interface EndpointSchemas<Body extends z.ZodType = z.ZodType, Answer extends z.ZodType = z.ZodType> {
  /** The JSON body (POST) or the query (GET). */
  readonly body: Body;
  /** The `data` of a 200 envelope. */
  readonly answer: Answer;
}

/** Who may call: a user holding a permission, anyone ('public'), or a system by its device key ('device'). */
type CallerKind = EndpointPermission | 'public' | 'device';

export interface Endpoint<
  Body extends z.ZodType = z.ZodType,
  Answer extends z.ZodType = z.ZodType,
  Kind extends EndpointKind = EndpointKind,
  Permission extends CallerKind = CallerKind,
> {
  /** Below /api, e.g. '/MailTiming/GetMailJob'. */
  readonly path: `/${string}`;
  readonly method: 'POST' | 'GET';
  readonly kind: Kind;
  /**
   * 'public': answered without an access token (login, reference data); 'device': a system's call, known by its
   * device key (header X-Device-Key) instead of a user's token.
   */
  readonly permission: Permission;
  /** The largest body the call takes, in bytes, where the app's default is too small (a device's batch). */
  readonly bodyLimit?: number;
  /** One line for the API document. */
  readonly summary: string;
  /** A download's media type: its file's content-type and its answer's entry in the API document. */
  readonly media?: string;
  /** The API document's group and the react-query key's first part: the path's first segment unless given. */
  readonly tag: string;
  /** The schemas, loaded by the server as it registers the call (see above). */
  readonly schemas: () => Promise<EndpointSchemas<Body, Answer>>;
}

/** The body a caller may send (defaults not yet applied). */
export type BodyIn<E extends Endpoint> = z.input<Awaited<ReturnType<E['schemas']>>['body']>;
/** The body the handler receives (validated, defaults applied). */
export type BodyOf<E extends Endpoint> = z.output<Awaited<ReturnType<E['schemas']>>['body']>;
/** The `data` of the call's 200 answer, as the web reads it. */
export type AnswerOf<E extends Endpoint> = z.output<Awaited<ReturnType<E['schemas']>>['answer']>;
/** The `data` a handler may answer (before the answer schema's defaults and transforms). */
export type AnswerIn<E extends Endpoint> = z.input<Awaited<ReturnType<E['schemas']>>['answer']>;

/**
 * The schemas of an area's calls, picked from its schema module loaded on first use:
 * `const schemasOf = schemasFrom(() => import('./mailings'))`, then `schemas: schemasOf((s) => ({ body: s.x, answer: s.y }))`.
 */
export function schemasFrom<Module>(load: () => Promise<Module>) {
  return <Body extends z.ZodType, Answer extends z.ZodType>(pick: (module: Module) => EndpointSchemas<Body, Answer>) =>
    async () =>
      pick(await load());
}

/**
 * Schemas built on their first use and kept (a call's schemas made from a declaration): the server registers the
 * call once, and what it registered is the same object a later reader gets.
 */
export function schemasOnce<S>(make: () => Promise<S> | S): () => Promise<S> {
  let made: Promise<S> | undefined;
  return () => (made ??= Promise.resolve(make()));
}

export function defineEndpoint<
  Body extends z.ZodType,
  Answer extends z.ZodType,
  Kind extends EndpointKind = 'json',
  Permission extends CallerKind = EndpointPermission,
>(spec: {
  path: `/${string}`;
  method?: 'POST' | 'GET';
  kind?: Kind;
  permission: Permission;
  bodyLimit?: number;
  summary: string;
  media?: string;
  tag?: string;
  schemas: () => Promise<EndpointSchemas<Body, Answer>>;
}): Endpoint<Body, Answer, Kind, Permission> {
  return {
    ...spec,
    method: spec.method ?? 'POST',
    kind: spec.kind ?? ('json' as Kind),
    tag: spec.tag ?? spec.path.split('/')[1]!,
  };
}
