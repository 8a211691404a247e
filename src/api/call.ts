import type { z } from 'zod';
import type { Envelope } from '../../contract/codes';
import type { AnswerOf, BodyIn, Endpoint } from '../../contract/endpoint';
import type { BackgroundAnswer } from '../../contract/reports';
import { api, type ApiRequestOptions } from './client';
import { download, upload, type DownloadResult } from './files';

/**
 * The one way an area's calls (src/features/<area>/api.ts) reach /api when their screen wants the data, not the
 * envelope: a code other than 200 becomes a CallError (its message is already shown by the /api client unless
 * the call is quiet), so react-query sees a failed query or mutation.
 */
export class CallError extends Error {
  constructor(
    readonly code: number,
    readonly info: string,
    /** What the answer carried besides (e.g. the period a run sent already, with code 15). */
    readonly data: unknown = null,
  ) {
    super(info);
  }
}

function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code !== 200) throw new CallError(envelope.code, envelope.info, envelope.data ?? null);
  return envelope.data;
}

/** POST a JSON body; answers the data of a 200, throws CallError otherwise. */
const postData = async <T>(path: string, body?: Record<string, unknown>, options?: ApiRequestOptions) =>
  unwrap(await api.post<T>(path, body, options));

/** GET with query parameters; answers the data of a 200, throws CallError otherwise. */
const getData = async <T>(path: string, params?: Record<string, unknown>, options?: ApiRequestOptions) =>
  unwrap(await api.get<T>(path, params, options));

/** A JSON call of contract/: its answer is the envelope's data. */
type JsonEndpoint = Endpoint<z.ZodType, z.ZodType, 'json'>;
/** A download of contract/: its answer is a file, saved by the browser (uploads still go through src/api/files.ts). */
export type DownloadEndpoint = Endpoint<z.ZodType, z.ZodType, 'download'>;

/** An upload of contract/: a multipart form answered by the envelope. */
type UploadEndpoint = Endpoint<z.ZodType, z.ZodType, 'upload'>;

/**
 * An upload of contract/ (a multipart form: its text fields and the file parts), typed by its object: answers the
 * envelope, the data typed by the answer schema, with the upload's progress in percent. Not quiet: a refusal's message
 * is shown by the /api client.
 */
export function callUpload<E extends UploadEndpoint>(
  endpoint: E,
  form: Record<string, string | Blob>,
  onProgress?: (percent: number) => void,
): Promise<Envelope<AnswerOf<E>>> {
  return upload<AnswerOf<E>>(endpoint.path, form, onProgress);
}

/** How a download is saved: the name when the answer names none, and its progress (percent, undefined while unknown). */
export interface DownloadOptions {
  fallbackName?: string;
  onProgress?: (percent: number | undefined) => void;
}

/**
 * A call of contract/ (contract/endpoint.ts), typed by its object: the body is what its schema accepts, the answer
 * what its answer schema describes. Same handling as postData / getData (a CallError for any code but 200; `quiet`
 * leaves the message of an ordinary code to the caller). A download saves the file it answers (src/api/files.ts
 * download: a refusal's message is shown and answered, never thrown).
 */
export function call<E extends JsonEndpoint>(endpoint: E, body: BodyIn<E>, options?: ApiRequestOptions): Promise<AnswerOf<E>>;
export function call<E extends DownloadEndpoint>(endpoint: E, body: BodyIn<E>, options?: DownloadOptions): Promise<DownloadResult>;
export function call(
  endpoint: JsonEndpoint | DownloadEndpoint,
  body: unknown,
  options?: ApiRequestOptions & DownloadOptions,
): Promise<unknown> {
  const data = body as Record<string, unknown> | undefined;
  if (endpoint.kind === 'download') return download(endpoint.path, data, options?.fallbackName, options?.onProgress);
  return endpoint.method === 'GET' ? getData(endpoint.path, data, options) : postData(endpoint.path, data, options);
}

/**
 * A JSON call of contract/ whose caller reads the envelope itself, whatever its code (a page that shows the code beside
 * its field, the login's refusals): typed by its object as `call` is, never throwing a CallError.
 */
export function callEnvelope<E extends JsonEndpoint>(
  endpoint: E,
  body: BodyIn<E>,
  options?: ApiRequestOptions,
): Promise<Envelope<AnswerOf<E>>> {
  const data = body as Record<string, unknown> | undefined;
  return endpoint.method === 'GET' ? api.get(endpoint.path, data, options) : api.post(endpoint.path, data, options);
}

/**
 * Asks for a download's file in the background (its body with `background: true`): the answer is then the envelope
 * naming the generated report, as every export made in the background answers it (server/reports/background.ts).
 */
export function callInBackground<E extends DownloadEndpoint>(endpoint: E, body: BodyIn<E>): Promise<BackgroundAnswer> {
  return postData(endpoint.path, { ...(body as Record<string, unknown>), background: true });
}

/** The react-query key of a call with this body: its area (the path's first segment) first, so `areaKey` covers it. */
const queryKey = <E extends JsonEndpoint>(endpoint: E, body: BodyIn<E>) => [endpoint.tag, endpoint.path, body] as const;

/** The key of every call of an endpoint's area (to invalidate them together after a change). */
export const areaKey = (endpoint: JsonEndpoint) => [endpoint.tag] as const;

/** The key of every query of one call, whatever its body (to invalidate that call's queries alone). */
export const callKey = (endpoint: JsonEndpoint) => [endpoint.tag, endpoint.path] as const;

/**
 * A react-query query of a call: its key and its function from the same endpoint and body, so they cannot disagree
 * (`options`: as for `call`, e.g. quiet).
 */
export const endpointQuery = <E extends JsonEndpoint>(endpoint: E, body: BodyIn<E>, options?: ApiRequestOptions) => ({
  queryKey: queryKey(endpoint, body),
  queryFn: () => call(endpoint, body, options),
});
