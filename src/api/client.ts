import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { CODE_MESSAGES, HTTP_STATUS_MESSAGES, type Envelope } from '../../contract/codes';
import { loadingOverlay } from './loading';
import { session } from './session';
import { apiUi } from './ui';

/** Spec §7 / §9 transport constants. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 50_000;
export const UPLOAD_TIMEOUT_MS = 18_000_000;
export const HTTP_ERROR_SECONDS = 2;
/** Sent without the bearer token (spec §7). */
export const TOKENLESS_PATHS = ['/Message/QueryMsgNotice'];

export interface ApiRequestOptions {
  /**
   * Do not show the message of an ordinary error code (the caller shows it, e.g. inline on a form or via
   * Refine's notification). Codes 102, 105 and status 7 are still handled.
   */
  quiet?: boolean;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set from `showLoading` in the body: this call keeps the loading overlay open. */
    showLoading?: boolean;
    quiet?: boolean;
  }
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

let refreshing: Promise<void> | undefined;

/** Spec §8: HTTP 401 triggers exactly one token refresh; success stores the tokens and reloads. */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    try {
      const response = await axios.post<Envelope<{ AccessToken: string; RefreshTokenKey: string }>>(
        `${API_BASE}/Account/RefreshToken`,
        {
          userName: session.getUserName() ?? '',
          accessToken: session.getToken() ?? '',
          refreshTokenKey: session.getRefreshTokenKey() ?? '',
        },
        { timeout: REQUEST_TIMEOUT_MS },
      );
      const envelope = response.data;
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

export function createHttp() {
  const http = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS });

  http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const token = session.getToken();
    if (token && !TOKENLESS_PATHS.some((path) => url === path || url.startsWith(`${path}?`))) {
      config.headers.set('Authorization', `Bearer ${token}`);
    }
    // Spec §7: `showLoading` in a call's data (the body, or the query of a GET) asks for the overlay; it is
    // the client's flag, never sent.
    if (isPlainObject(config.data)) {
      const { showLoading, ...rest } = config.data;
      if (showLoading === true) config.showLoading = true;
      config.data = trimStrings(rest);
    }
    if (isPlainObject(config.params) && 'showLoading' in config.params) {
      const { showLoading, ...rest } = config.params;
      if (showLoading === true) config.showLoading = true;
      config.params = rest;
    }
    if (config.showLoading) loadingOverlay.begin();
    return config;
  });

  http.interceptors.response.use(
    (response: AxiosResponse) => {
      if (response.config.showLoading) loadingOverlay.end();
      if (response.config.responseType !== 'blob') handleEnvelope(response.data as Envelope, { quiet: response.config.quiet });
      return response;
    },
    async (error: AxiosError) => {
      if (error.config?.showLoading) loadingOverlay.end();
      const status = error.response?.status;
      if (status === 401) {
        await refreshSession();
      } else if (!axios.isCancel(error)) {
        const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
        apiUi.notify(timedOut && status === undefined ? httpStatusMessage(408) : httpStatusMessage(status), HTTP_ERROR_SECONDS);
      }
      return Promise.reject(error);
    },
  );
  return http;
}

export const http = createHttp();

type Body = Record<string, unknown> | undefined;

/** JSON calls; each answers the envelope (also for error codes, which are already shown). */
export const api = {
  async post<T = unknown>(url: string, data?: Body, options: ApiRequestOptions & AxiosRequestConfig = {}): Promise<Envelope<T>> {
    return (await http.post<Envelope<T>>(url, data ?? {}, options)).data;
  },
  async get<T = unknown>(
    url: string,
    params?: Record<string, unknown>,
    options: ApiRequestOptions & AxiosRequestConfig = {},
  ): Promise<Envelope<T>> {
    return (await http.get<Envelope<T>>(url, { ...options, params })).data;
  },
  async put<T = unknown>(url: string, data?: Body, options: ApiRequestOptions & AxiosRequestConfig = {}): Promise<Envelope<T>> {
    return (await http.put<Envelope<T>>(url, data ?? {}, options)).data;
  },
  async delete<T = unknown>(url: string, data?: Body, options: ApiRequestOptions & AxiosRequestConfig = {}): Promise<Envelope<T>> {
    return (await http.delete<Envelope<T>>(url, { ...options, data })).data;
  },
};
