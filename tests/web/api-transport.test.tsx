import { useList } from '@refinedev/core';
import { waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, HTTP_ERROR_SECONDS, queryString, request, REQUEST_TIMEOUT_MS } from '../../src/api/client';
import { download, upload } from '../../src/api/files';
import { session } from '../../src/api/session';
import { RequestError } from '../../src/api/transport';
import { xhr } from '../../src/api/xhr';
import { logout } from '../../src/features/account/api';
import { i18n } from '../../src/i18n';
import { envelope, flush, ui } from './helpers';
import { renderWithData } from './render-portal';
import { server } from './setup';

/**
 * The /api client on the platform's own transports (axios left the entry chunk): fetch for the
 * JSON calls, XMLHttpRequest where progress is reported. What axios did for us is held here: the timeout, a
 * cancelled call, the query string, DELETE with a body, one refresh for a JSON call and an upload failing at once.
 */

/** An XMLHttpRequest the test drives: progress, the answer, a timeout. */
class FakeXhr extends EventTarget {
  static calls: FakeXhr[] = [];
  readonly upload = new EventTarget();
  method = '';
  url = '';
  readonly headers: Record<string, string> = {};
  timeout = 0;
  responseType: XMLHttpRequestResponseType = '';
  status = 0;
  response: unknown = null;
  responseText = '';
  sent: unknown;
  aborted = false;
  private answerHeaders: Record<string, string> = {};

  constructor() {
    super();
    FakeXhr.calls.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  getResponseHeader(name: string) {
    return this.answerHeaders[name.toLowerCase()] ?? null;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }

  uploaded(loaded: number, total?: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total: total ?? 0, lengthComputable: total !== undefined }));
  }
  received(loaded: number, total?: number) {
    this.dispatchEvent(new ProgressEvent('progress', { loaded, total: total ?? 0, lengthComputable: total !== undefined }));
  }
  answer(status: number, body: string | Blob, headers: Record<string, string> = {}) {
    this.status = status;
    this.answerHeaders = headers;
    if (typeof body === 'string') this.responseText = body;
    this.response = body;
    this.dispatchEvent(new Event('load'));
  }
}

function fakeXhr() {
  FakeXhr.calls = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return () => FakeXhr.calls.at(-1)!;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('timeout and cancellation (fetch)', () => {
  it('a call unanswered for 50 s is given up with the 408 text, not a second earlier', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let asked = 0;
    server.use(
      mswHttp.post('/api/Test/Slow', () => {
        asked++;
        return new Promise<never>(() => {});
      }),
    );
    const outcome = api.post('/Test/Slow').then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(asked).toBe(1);
    expect(ui().notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).failure).toBe('timeout');
    expect(ui().notify).toHaveBeenCalledTimes(1);
    expect(ui().notify).toHaveBeenCalledWith(i18n.t('errors:http.408'), HTTP_ERROR_SECONDS);
    expect(i18n.t('errors:http.408')).not.toContain('http.');
  });

  it('a call its caller cancels rejects and shows nothing', async () => {
    let arrived: () => void = () => {};
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      mswHttp.post('/api/Test/Slow', () => {
        arrived();
        return new Promise<never>(() => {});
      }),
    );
    const controller = new AbortController();
    const pending = api.post('/Test/Slow', { sn: 'A' }, { signal: controller.signal });
    await asked;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ failure: 'cancelled' });
    expect(ui().notify).not.toHaveBeenCalled();
    expect(ui().message).not.toHaveBeenCalled();
  });

  it('a call cancelled before it starts is not sent', async () => {
    const handler = vi.fn(() => HttpResponse.json(envelope(200)));
    server.use(mswHttp.get('/api/Test/Read', handler));
    const controller = new AbortController();
    controller.abort();
    await expect(api.get('/Test/Read', {}, { signal: controller.signal })).rejects.toMatchObject({ failure: 'cancelled' });
    expect(handler).not.toHaveBeenCalled();
    expect(ui().notify).not.toHaveBeenCalled();
  });

  it("a call that gets no answer at all shows 'connection error (-)'", async () => {
    server.use(mswHttp.post('/api/Test/Call', () => HttpResponse.error()));
    await expect(api.post('/Test/Call')).rejects.toMatchObject({ failure: 'network' });
    expect(ui().notify).toHaveBeenCalledWith('Connection error (-)', HTTP_ERROR_SECONDS);
  });
});

describe('what each method sends (fetch)', () => {
  it('GET sends its parameters as the query string: nothing for null, key[] per array item, dates in ISO', async () => {
    let search = '';
    server.use(
      mswHttp.get('/api/Test/Read', ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json(envelope(200, [1]));
      }),
    );
    const at = new Date(Date.UTC(2026, 2, 1, 8));
    const answer = await api.get('/Test/Read', { sn: 'ESS A', none: null, gone: undefined, ids: [3, 4], at });
    expect(answer.data).toEqual([1]);
    expect(new URLSearchParams(search).getAll('ids[]')).toEqual(['3', '4']);
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ sn: 'ESS A', 'ids[]': '4', at: '2026-03-01T08:00:00.000Z' });
    expect(queryString({})).toBe('');
  });

  it('DELETE sends its body, trimmed; PUT sends JSON; error codes are shown as for POST', async () => {
    const seen: Record<string, unknown> = {};
    server.use(
      mswHttp.delete('/api/Test/Item', async ({ request }) => {
        seen.delete = await request.json();
        seen.type = request.headers.get('content-type');
        return HttpResponse.json(envelope(200));
      }),
      mswHttp.put('/api/Test/Item', async ({ request }) => {
        seen.put = await request.json();
        return HttpResponse.json(envelope(5));
      }),
    );
    await api.delete('/Test/Item', { id: 4, note: ' gone ' });
    expect(seen.delete).toEqual({ id: 4, note: 'gone' });
    expect(seen.type).toBe('application/json');
    expect((await api.put('/Test/Item', { id: 4 })).code).toBe(5);
    expect(seen.put).toEqual({ id: 4 });
    expect(ui().message).toHaveBeenCalledWith(i18n.t('errors:code.5'));
  });

  it('a 2xx answer that is not JSON comes back as its text, untouched', async () => {
    server.use(mswHttp.post('/api/Test/Call', () => new HttpResponse('<html>proxy</html>', { headers: { 'content-type': 'text/html' } })));
    expect(await api.post('/Test/Call')).toBe('<html>proxy</html>');
    expect(ui().message).not.toHaveBeenCalled();
  });

  it('logout sends the bearer token past the client: a 401 there starts no refresh; the session ends anyway', async () => {
    session.setTokens('access-1', 'refresh-1');
    const refresh = vi.fn(() => HttpResponse.json(envelope(200)));
    let authorization: string | null = null;
    server.use(
      mswHttp.post('/api/Account/Logout', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(envelope(401), { status: 401 });
      }),
      mswHttp.post('/api/Account/RefreshToken', refresh),
    );
    await logout();
    expect(authorization).toBe('Bearer access-1');
    expect(refresh).not.toHaveBeenCalled();
    expect(session.getToken()).toBeNull();
    expect(ui().notify).not.toHaveBeenCalled();
    expect(ui().reload).not.toHaveBeenCalled();
  });
});

describe('the XMLHttpRequest transport (uploads and downloads)', () => {
  it('an upload sends the form with the token and the 18,000,000 ms timeout and reports its progress in percent', async () => {
    const call = fakeXhr();
    session.setTokens('access-1', 'refresh-1');
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    const progress: number[] = [];
    const pending = upload<{ id: number }>('/Test/Upload', form, (percent) => progress.push(percent));
    expect(call().method).toBe('POST');
    expect(call().url).toBe('/api/Test/Upload');
    expect(call().sent).toBe(form);
    expect(call().timeout).toBe(18_000_000);
    expect(call().headers.authorization).toBe('Bearer access-1');
    // A form goes with the browser's multipart type and boundary, never a JSON type.
    expect(call().headers['content-type']).toBeUndefined();
    call().uploaded(30, 120);
    call().uploaded(10);
    call().uploaded(120, 120);
    call().answer(200, JSON.stringify(envelope(200, { id: 7 })));
    expect((await pending).data).toEqual({ id: 7 });
    expect(progress).toEqual([25, 0, 100]);
  });

  it("an upload's error code is shown like any call's; an upload that times out shows the 408 text", async () => {
    const call = fakeXhr();
    const refused = upload('/Test/Upload', { file: new Blob(['x']) });
    call().answer(200, JSON.stringify(envelope(9)));
    expect((await refused).code).toBe(9);
    expect(ui().message).toHaveBeenCalledWith(i18n.t('errors:code.9'));

    const slow = upload('/Test/Upload', { file: new Blob(['x']) });
    call().dispatchEvent(new Event('timeout'));
    await expect(slow).rejects.toMatchObject({ failure: 'timeout' });
    expect(ui().notify).toHaveBeenCalledWith(i18n.t('errors:http.408'), HTTP_ERROR_SECONDS);
  });

  it('a download asks for a blob, reports the percent received (undefined while the size is unknown) and saves the file', async () => {
    const call = fakeXhr();
    const progress: (number | undefined)[] = [];
    const pending = download('/Test/Export', { sn: ' A ' }, 'export.xlsx', (percent) => progress.push(percent));
    expect(call().responseType).toBe('blob');
    expect(call().timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(JSON.parse(call().sent as string)).toEqual({ sn: 'A' });
    call().received(100);
    call().received(50, 200);
    call().received(200, 200);
    const file = new Blob(['PK']);
    call().answer(200, file, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="day.xlsx"',
    });
    expect(await pending).toEqual({ saved: true, fileName: 'day.xlsx' });
    expect(progress).toEqual([undefined, 25, 100]);
    expect(ui().saveFile).toHaveBeenCalledWith(file, 'day.xlsx');
  });

  it('a download refused with HTTP 500 shows the status text and saves nothing', async () => {
    const call = fakeXhr();
    const pending = download('/Test/Export');
    call().answer(500, new Blob(['oops']));
    await expect(pending).rejects.toMatchObject({ failure: 'status', status: 500 });
    expect(ui().notify).toHaveBeenCalledWith(i18n.t('errors:http.500'), HTTP_ERROR_SECONDS);
    expect(ui().saveFile).not.toHaveBeenCalled();
  });

  it("the caller's signal aborts the XMLHttpRequest; nothing is shown", async () => {
    const call = fakeXhr();
    const controller = new AbortController();
    const pending = request('POST', '/Test/Upload', new FormData(), undefined, {
      signal: controller.signal,
      transport: (raw) => xhr.send(raw, { onUploadProgress: () => {} }),
    });
    controller.abort();
    expect(call().aborted).toBe(true);
    await expect(pending).rejects.toMatchObject({ failure: 'cancelled' });
    expect(ui().notify).not.toHaveBeenCalled();
  });
});

describe('HTTP 401 (spec §8)', () => {
  it('a JSON call and an upload refused at once share one refresh', async () => {
    session.setTokens('access-1', 'refresh-1');
    session.setUserName('alice');
    const refreshes: unknown[] = [];
    server.use(
      mswHttp.post('/api/Test/Call', () => HttpResponse.json(envelope(401), { status: 401 })),
      mswHttp.post('/api/Account/RefreshToken', async ({ request }) => {
        refreshes.push(await request.json());
        return HttpResponse.json(envelope(200, { AccessToken: 'access-2', RefreshTokenKey: 'refresh-2' }));
      }),
    );
    vi.spyOn(xhr, 'send').mockResolvedValue({ status: 401, header: () => null, body: envelope(401) });
    const results = await Promise.allSettled([
      api.post('/Test/Call'),
      upload('/Test/Upload', { file: new Blob(['x']) }),
      api.post('/Test/Call'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(refreshes).toEqual([{ userName: 'alice', accessToken: 'access-1', refreshTokenKey: 'refresh-1' }]);
    expect(session.getToken()).toBe('access-2');
    expect(ui().reload).toHaveBeenCalledTimes(1);
    expect(ui().notify).not.toHaveBeenCalled();
  });
});

describe('the Refine data provider', () => {
  it('gives up a list read that no screen waits for any more (react-query’s signal, passed in meta): nothing is shown', async () => {
    let arrived: () => void = () => {};
    const asked = new Promise<void>((resolve) => (arrived = resolve));
    let seen: AbortSignal | undefined;
    server.use(
      mswHttp.post('/api/Test/List', ({ request }) => {
        seen = request.signal;
        arrived();
        return new Promise<never>(() => {});
      }),
    );
    function List() {
      useList({ resource: 'tests', meta: { endpoints: { list: { path: '/Test/List' } } } });
      return null;
    }
    const view = renderWithData(<List />);
    await asked;
    expect(seen!.aborted).toBe(false);
    view.unmount();
    await waitFor(() => expect(seen!.aborted).toBe(true));
    await flush(50);
    expect(ui().notify).not.toHaveBeenCalled();
    expect(ui().message).not.toHaveBeenCalled();
  });
});
