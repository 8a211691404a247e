import type { Envelope } from '../../contract/codes';
import { api, type ApiRequestOptions } from './client';

/**
 * The one way an area's calls (src/features/<area>/api.ts) reach /api when their screen wants the data, not the
 * envelope: a code other than 200 becomes a CallError (its message is already shown by the /api client unless
 * the call is quiet), so react-query sees a failed query or mutation.
 */
export class CallError extends Error {
  constructor(
    readonly code: number,
    readonly info: string,
  ) {
    super(info);
  }
}

export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code !== 200) throw new CallError(envelope.code, envelope.info);
  return envelope.data;
}

/** POST a JSON body; answers the data of a 200, throws CallError otherwise. */
export const postData = async <T>(path: string, body?: Record<string, unknown>, options?: ApiRequestOptions) =>
  unwrap(await api.post<T>(path, body, options));

/** GET with query parameters; answers the data of a 200, throws CallError otherwise. */
export const getData = async <T>(path: string, params?: Record<string, unknown>, options?: ApiRequestOptions) =>
  unwrap(await api.get<T>(path, params, options));
