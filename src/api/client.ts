import { CODE_MESSAGES, HTTP_STATUS_MESSAGES, type Envelope } from '../../contract/codes';
import { accountCalls } from '../../contract/account-calls';
import type { AnswerOf } from '../../contract/endpoint';
import { messageCalls } from '../../contract/messages-calls';
import { loadingOverlay } from './loading';
import { session } from './session';
import { fetchTransport, RequestError, type RawRequest, type RawResponse, type Transport } from './transport';
import { apiUi } from './ui';

/** Spec §7 / §9 transport constants. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 50_000;
export const UPLOAD_TIMEOUT_MS = 18_000_000;
export const HTTP_ERROR_SECONDS = 2;
/** Sent without the bearer token (spec §7): the login page's public notices. */
export const TOKENLESS_PATHS: readonly string[] = [messageCalls.notices.path];

export interface ApiRequestOptions {
  /**
   * Do not show the message of an ordinary error code (the caller shows it, e.g. inline on a form or via
   * Refine's notification). Codes 102, 105 and status 7 are still handled.
   */
  quiet?: boolean;
  /** Gives the call up (react-query's and Refine's query functions get one); a cancelled call shows nothing. */
  signal?: AbortSignal;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** Spec §5: every outgoing string value is trimmed, at any depth. */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((item) => trimStrings(item)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = trimStrings(item);
    return out as T;
  }
  return value;
}

/** Codes answered with the translated catalogue message (spec §8). */
export function isMessageCode(code: number): boolean {
  return (
    code === -1 ||
    (code >= 2 && code <= 101) ||
    code === 103 ||
    code === 104 ||
    code === 110 ||
    code === 400 ||
    code === 401 ||
    code === 500
  );
}

export function codeMessage(code: number): string {
  if (code in CODE_MESSAGES) return apiUi.translate(`errors:code.${code}`);
  return apiUi.translate('errors:code.-1');
}

export function httpStatusMessage(status: number | undefined): string {
  if (status !== undefined && status in HTTP_STATUS_MESSAGES) return apiUi.translate(`errors:http.${status}`);
  return apiUi.translate('errors:connectionError', { status: status ?? '-' });
}

let loggedOutDialogOpen = false;

/** Spec §8: the 'You have been logged out' confirm dialog; confirming clears the session and reloads. */
export function showLoggedOutDialog() {
  if (loggedOutDialogOpen) return;
  loggedOutDialogOpen = true;
  apiUi.confirm({
    title: apiUi.translate('errors:loggedOut.title'),
    content: apiUi.translate('errors:loggedOut.content'),
    okText: apiUi.translate('errors:loggedOut.loginAgain'),
    cancelText: apiUi.translate('common:actions.cancel'),
    onOk: () => {
      loggedOutDialogOpen = false;
      session.clear();
      apiUi.reload();
    },
  });
  // A cancelled dialog may open again on the next such answer.
  setTimeout(() => {
    loggedOutDialogOpen = false;
  }, 0);
}

/** Spec §8 'Handling of response codes'. Returns the envelope unchanged. */
export function handleEnvelope<T>(envelope: Envelope<T>, options: ApiRequestOptions = {}): Envelope<T> {
  if (!envelope || typeof envelope !== 'object' || !('code' in envelope)) return envelope;
  if (envelope.status === 7) {
    showLoggedOutDialog();
    return envelope;
  }
  const code = Number(envelope.code);
  if (code === 200) return envelope;
  if (code === 102) {
    apiUi.message(codeMessage(102));
    session.clear();
    apiUi.reload();
  } else if (code === 105) {
    apiUi.message(envelope.info || codeMessage(105));
  } else if (!options.quiet) {
    apiUi.message(isMessageCode(code) ? codeMessage(code) : envelope.info || codeMessage(-1));
  }
  return envelope;
}

/**
 * GET parameters as the query string the server has always been sent (axios' way): null and undefined left
 * out, an array as repeated `key[]`, a date in ISO form, an object as JSON.
 */
export function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  const text = (value: unknown) =>
    value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) search.append(`${key}[]`, text(item));
    } else search.append(key, text(value));
  }
  return search.toString();
}

/** An /api path with its base (one slash between) and its query. */
function apiUrl(path: string, params?: Record<string, unknown>): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  const query = params ? queryString(params) : '';
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * A JSON POST past the client's handling (no token refresh, no messages, no overlay), for the session calls that
 * must not start one: answers the body of a 2xx answer and throws otherwise.
 */
export async function postDirect<T>(path: string, body?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetchTransport({
    method: 'POST',
    url: apiUrl(path),
    headers: body ? { ...headers, 'Content-Type': 'application/json' } : headers,
    body: body && JSON.stringify(body),
    timeout: REQUEST_TIMEOUT_MS,
  });
  if (!isSuccess(response.status)) throw new RequestError('status', response.status, response.body);
  return response.body as T;
}

let refreshing: Promise<void> | undefined;

/** Spec §8: HTTP 401 triggers exactly one token refresh; success stores the tokens and reloads. */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const envelope = await postDirect<Envelope<AnswerOf<typeof accountCalls.refresh>>>(accountCalls.refresh.path, {
        userName: session.getUserName() ?? '',
        accessToken: session.getToken() ?? '',
        refreshTokenKey: session.getRefreshTokenKey() ?? '',
      });
      if (envelope?.code === 200 && envelope.data?.AccessToken) {
        session.setTokens(envelope.data.AccessToken, envelope.data.RefreshTokenKey);
        apiUi.reload();
        return;
      }
      if (envelope?.status === 7) {
        showLoggedOutDialog();
        return;
      }
      handleEnvelope({ ...envelope, code: 102 } as Envelope);
    } catch {
      apiUi.message(codeMessage(102));
      session.clear();
      apiUi.reload();
    }
  })().finally(() => {
    // Every 401 that arrived meanwhile shared this one refresh; the page reloads now.
    refreshing = undefined;
  });
  return refreshing;
}

/** A JSON body (trimmed, `showLoading` taken out) or a form, sent as it is with the browser's multipart type. */
export type RequestData = Record<string, unknown> | FormData | undefined;

export interface RequestOptions extends ApiRequestOptions {
  /** Milliseconds; REQUEST_TIMEOUT_MS unless given (uploads: UPLOAD_TIMEOUT_MS). */
  timeout?: number;
  /** fetch unless given (xhr.ts where progress is reported). */
  transport?: Transport;
  /** The answer is a file (a download), not an envelope. */
  answersFile?: boolean;
}

/**
 * Every /api call (spec §7, §8): the bearer token, the loading overlay, trimmed bodies, the envelope's codes
 * handled, HTTP 401 refreshing the session once, other HTTP errors and timeouts shown for HTTP_ERROR_SECONDS.
 * Answers a 2xx answer; rejects with a RequestError otherwise (a cancelled call shows nothing).
 */
export async function request(
  method: RawRequest['method'],
  path: string,
  data: RequestData,
  params: Record<string, unknown> | undefined,
  options: RequestOptions = {},
): Promise<RawResponse> {
  // Spec §7: `showLoading` in a call's data (the body, or the query of a GET) asks for the overlay; it is the
  // client's flag, never sent.
  let showLoading = false;
  const headers: Record<string, string> = {};
  let body: string | FormData | undefined;
  if (isPlainObject(data)) {
    const { showLoading: flag, ...rest } = data;
    showLoading = flag === true;
    body = JSON.stringify(trimStrings(rest));
    headers['Content-Type'] = 'application/json';
  } else body = data;
  if (isPlainObject(params) && 'showLoading' in params) {
    const { showLoading: flag, ...rest } = params;
    showLoading ||= flag === true;
    params = rest;
  }
  const token = session.getToken();
  if (token && !TOKENLESS_PATHS.some((tokenless) => path === tokenless || path.startsWith(`${tokenless}?`))) {
    headers.Authorization = `Bearer ${token}`;
  }

  let response: RawResponse;
  if (showLoading) loadingOverlay.begin();
  try {
    response = await (options.transport ?? fetchTransport)({
      method,
      url: apiUrl(path, params),
      headers,
      body,
      timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
      signal: options.signal,
    });
  } catch (error) {
    const failure = error instanceof RequestError ? error : new RequestError('network');
    if (failure.failure !== 'cancelled') {
      apiUi.notify(httpStatusMessage(failure.failure === 'timeout' ? 408 : undefined), HTTP_ERROR_SECONDS);
    }
    throw failure;
  } finally {
    if (showLoading) loadingOverlay.end();
  }

  if (!isSuccess(response.status)) {
    // Only the session that sent the call is refreshed: a late answer to a call sent before a logout (or without a
    // token) must not renew or reload anything, e.g. the login page the user is filling in.
    if (response.status !== 401) apiUi.notify(httpStatusMessage(response.status), HTTP_ERROR_SECONDS);
    else if (token && token === session.getToken()) await refreshSession();
    throw new RequestError('status', response.status, response.body);
  }
  if (!options.answersFile) handleEnvelope(response.body as Envelope, { quiet: options.quiet });
  return response;
}

/** JSON calls; each answers the envelope (also for error codes, which are already shown). */
export const api = {
  async post<T = unknown>(url: string, data?: RequestData, options: ApiRequestOptions = {}): Promise<Envelope<T>> {
    return (await request('POST', url, data ?? {}, undefined, options)).body as Envelope<T>;
  },
  async get<T = unknown>(url: string, params?: Record<string, unknown>, options: ApiRequestOptions = {}): Promise<Envelope<T>> {
    return (await request('GET', url, undefined, params, options)).body as Envelope<T>;
  },
  async put<T = unknown>(url: string, data?: RequestData, options: ApiRequestOptions = {}): Promise<Envelope<T>> {
    return (await request('PUT', url, data ?? {}, undefined, options)).body as Envelope<T>;
  },
  async delete<T = unknown>(url: string, data?: RequestData, options: ApiRequestOptions = {}): Promise<Envelope<T>> {
    return (await request('DELETE', url, data, undefined, options)).body as Envelope<T>;
  },
};
