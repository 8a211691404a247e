/**
 * One HTTP exchange as the /api client sees it, whichever browser API carries it: `fetch` for the JSON calls
 * (fetchTransport below), XMLHttpRequest where progress events are needed (xhr.ts: uploads, downloads). A
 * transport answers every HTTP status; it rejects only when no answer came (timeout, cancelled, network).
 */
export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With the /api base and the query string. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** Milliseconds until the call is given up (spec §7). */
  timeout: number;
  /** The caller's cancellation (react-query / Refine hand one to the query function). */
  signal?: AbortSignal;
}

export interface RawResponse<B = unknown> {
  status: number;
  header(name: string): string | null;
  body: B;
}

export type Transport<B = unknown> = (request: RawRequest) => Promise<RawResponse<B>>;

/** Why a call failed: an HTTP status outside 2xx, or no answer at all. */
export type RequestFailure = 'status' | 'timeout' | 'cancelled' | 'network';

export class RequestError extends Error {
  constructor(
    readonly failure: RequestFailure,
    /** The HTTP status, when an answer came. */
    readonly status?: number,
    /** The answer's body, when an answer came. */
    readonly body?: unknown,
  ) {
    super(status === undefined ? `Request ${failure}` : `Request failed with status ${status}`);
    this.name = 'RequestError';
  }
}

/** A JSON answer parsed; anything else (an HTML error page, an empty body) as its text. */
export function parseBody(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Throws 'cancelled' at once when the caller has already given the call up. */
export function assertNotCancelled(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new RequestError('cancelled');
}

/** `fetch` with the call's timeout and the caller's signal both ending it through one AbortController. */
export const fetchTransport: Transport = async (request) => {
  assertNotCancelled(request.signal);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeout);
  const cancel = () => controller.abort();
  request.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: controller.signal,
    });
    // The timeout covers the whole answer, its body too.
    const text = await response.text();
    return { status: response.status, header: (name) => response.headers.get(name), body: parseBody(text) };
  } catch {
    throw new RequestError(timedOut ? 'timeout' : request.signal?.aborted ? 'cancelled' : 'network');
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
};
