import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AnswerIn, BodyOf, Endpoint } from '../../../contract/endpoint';
import type { Permission } from './permissions';
import type { Actor, Caller, DeviceCaller } from '../auth/actor';
import { RequestActor, RequestCaller, RequestDevice } from './request-actor';
import { attachmentDisposition } from '../uploads/filename';
import { envelopeOf, ok } from './envelope';

/** A JSON call of contract/: answered by the envelope. */
type JsonEndpoint = Endpoint<z.ZodType, z.ZodType, 'json'>;
/** A download of contract/: answered by a file. */
type DownloadEndpoint = Endpoint<z.ZodType, z.ZodType, 'download'>;
/** An upload of contract/: a multipart form, answered by the envelope. */
type UploadEndpoint = Endpoint<z.ZodType, z.ZodType, 'upload'>;

/** What a download's handler answers: the file's bytes and the name it is saved under. */
export interface FileAnswer {
  readonly name: string;
  readonly bytes: Buffer | Readable;
  /** Its content-type when it is not the endpoint's `media`. */
  readonly type?: string;
  /** Its length, when known before it is sent (a stored file). */
  readonly size?: number;
  /** Shown in place by the browser (an image, a PDF) rather than saved. */
  readonly inline?: boolean;
}

/**
 * What a download's handler answers when the file is not sent now (an export queued in the background): the
 * envelope, with this data and info, instead of the file.
 */
export class EnvelopeInstead {
  constructor(
    readonly data: unknown,
    readonly info: string,
  ) {}
}

/** A public call's handler knows only the client's address, a device's its key too; any other knows who calls. */
type ActorFor<E extends Endpoint> = E['permission'] extends 'public' ? Caller : E['permission'] extends 'device' ? DeviceCaller : Actor;

/**
 * The handler of a call: who calls and the validated body (defaults applied); it answers the envelope's `data`, or
 * for a download the file.
 */
type EndpointHandler<E extends JsonEndpoint | DownloadEndpoint> = (
  actor: ActorFor<E>,
  body: BodyOf<E>,
) => Promise<E extends DownloadEndpoint ? FileAnswer | EnvelopeInstead : AnswerIn<E>>;

/**
 * Registers a call of contract/ on the /api instance: the body (or a GET's query) validated by its schema through
 * the app's validator (server/core/http/validation.ts: codes 2 and 3 as for every call), the permission as
 * `config.permission` (server/core/http/permissions.ts: 45 before the handler, and the call listed in app.apiCalls),
 * the envelope around the handler's answer, and the API document's entry with the answer's schema (a public call's
 * without the bearer token). A download's handler answers a file instead, sent as an attachment under its name with
 * the endpoint's media type, or the envelope it names when the file is made later (EnvelopeInstead; its refusals are thrown and leave as the envelope, as every call's). The handler gets the
 * caller and the body, never the request. Called on an instance with another prefix it fails the start: the path the
 * web calls is the contract's. Awaited: it loads the call's schemas first.
 */
export async function registerEndpoint<E extends JsonEndpoint | DownloadEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): Promise<void> {
  if (app.prefix !== '/api') {
    throw new Error(`${endpoint.path}: register contract calls on the /api instance, not under the prefix '${app.prefix}'`);
  }
  const isDownload = (endpoint.kind as string) === 'download';
  if (isDownload && endpoint.method !== 'POST') {
    throw new Error(`${endpoint.path}: a download is a POST (the web fetches files by POST, src/api/files.ts)`);
  }
  if (!isDownload && endpoint.kind !== 'json')
    throw new Error(`${endpoint.path}: a call of kind '${endpoint.kind}' is not registered here yet`);
  const { body, answer: data } = await endpoint.schemas();
  const isPublic = endpoint.permission === 'public';
  const isDevice = endpoint.permission === 'device';
  const isGet = endpoint.method === 'GET';
  const media = endpoint.media ?? 'application/octet-stream';
  const call = handler as (actor: Caller, body: unknown) => Promise<unknown>;
  const fileCall = call as (actor: Caller, body: unknown) => Promise<FileAnswer | EnvelopeInstead>;
  const send = (reply: FastifyReply, file: FileAnswer | EnvelopeInstead) =>
    file instanceof EnvelopeInstead
      ? // The route's answer schema describes the file: the envelope is written as it is.
        reply.type('application/json').serializer(JSON.stringify).send({ code: 200, info: file.info, data: file.data })
      : (file.size === undefined ? reply : reply.header('content-length', String(file.size)))
          .header('content-type', file.type ?? media)
          .header('content-disposition', attachmentDisposition(file.name, file.inline ? 'inline' : 'attachment'))
          .send(file.bytes);
  // Chosen once here, so a request pays for the caller object and nothing else.
  const Caller = isPublic ? RequestCaller : isDevice ? RequestDevice : RequestActor;
  const answer = isDownload
    ? async (request: FastifyRequest, reply: FastifyReply) => send(reply, await fileCall(new Caller(request), request.body))
    : isGet
      ? async (request: FastifyRequest) => ok(await call(new Caller(request), request.query))
      : async (request: FastifyRequest) => ok(await call(new Caller(request), request.body));
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    // A device is not a user: it passes the token check and its service checks its key.
    config: isPublic || isDevice ? { public: true, endpoint } : { permission: endpoint.permission as Permission, endpoint },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      // The document asks every call for the bearer token (docs.ts) unless it says it needs none.
      ...(isPublic || isDevice ? { security: [] } : {}),
      ...(isGet ? { querystring: body } : { body }),
      ...(isDownload ? { produces: [media], response: { 200: data } } : { response: { 200: envelopeOf(data) } }),
    },
    handler: answer,
  });
}

/**
 * Registers an upload of contract/ on the /api instance (or a scope of it that parses multipart forms): the
 * permission and the envelope as for every call, the API document's entry with the answer's schema. The form is
 * read as a stream while it arrives, so the handler gets the request along with the caller, to read its parts.
 */
export async function registerUpload<E extends UploadEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (actor: Actor, request: FastifyRequest) => Promise<AnswerIn<E>>,
): Promise<void> {
  if (app.prefix !== '/api') {
    throw new Error(`${endpoint.path}: register contract calls on the /api instance, not under the prefix '${app.prefix}'`);
  }
  if (typeof endpoint.permission === 'string' || endpoint.method !== 'POST')
    throw new Error(`${endpoint.path}: an upload is a POST of a known user`);
  const { answer: data } = await endpoint.schemas();
  app.route({
    method: 'POST',
    url: endpoint.path,
    config: { permission: endpoint.permission, endpoint },
    schema: { tags: [endpoint.tag], summary: endpoint.summary, consumes: ['multipart/form-data'], response: { 200: envelopeOf(data) } },
    handler: async (request: FastifyRequest) => ok(await handler(new RequestActor(request), request)),
  });
}
