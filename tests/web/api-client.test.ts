import { http as mswHttp, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, API_BASE, isMessageCode, REQUEST_TIMEOUT_MS, trimStrings, UPLOAD_TIMEOUT_MS } from '../../src/api/client';
import { download, fileNameFromDisposition, upload } from '../../src/api/files';
import { loadingOverlay, OVERLAY_CLOSE_DELAY_MS } from '../../src/api/loading';
import { session, STORAGE_KEYS } from '../../src/api/session';
import { xhr } from '../../src/api/xhr';
import { loadUser } from '../../src/auth/user';
import { i18n } from '../../src/i18n';
import { CODE_MESSAGES, HTTP_STATUS_MESSAGES } from '../../contract/codes';
import { envelope, flush, ui } from './helpers';
import { server } from './setup';

const MESSAGE_CODES = Object.keys(CODE_MESSAGES)
  .map(Number)
  .filter((code) => code !== 102 && code !== 105);

function answer(body: unknown, status = 200) {
  server.use(mswHttp.post('/api/Test/Call', () => HttpResponse.json(body as Record<string, unknown>, { status })));
}

function loggedIn() {
  session.setTokens('access-1', 'refresh-1');
  session.setUserName('alice');
  session.setUserInfo({
    username: 'alice',
    email: 'a@example.com',
    roles: ['customer'],
    country: 'DE',
    languageCode: 'de',
    menuDenied: [],
  });
}

describe('response codes (spec §8)', () => {
  it('classifies exactly -1, 2-101, 103, 104, 110, 400, 401 and 500 as message codes', () => {
    expect(MESSAGE_CODES.every(isMessageCode)).toBe(true);
    for (const code of [200, 102, 105, 1, 106, 109, 111, 402, 499, 501]) expect(isMessageCode(code)).toBe(false);
  });

  it.each(MESSAGE_CODES)('code %i shows its translated message and returns the response', async (code) => {
    answer(envelope(code));
    const result = await api.post('/Test/Call', { a: 1 });
    expect(result).toEqual(envelope(code));
    const text = i18n.t(`errors:code.${code}`);
    expect(text).not.toContain('code.');
    expect(ui().message).toHaveBeenCalledTimes(1);
    expect(ui().message).toHaveBeenCalledWith(text);
    expect(ui().reload).not.toHaveBeenCalled();
  });

  it('shows the message in the current language', async () => {
    await i18n.changeLanguage('de');
    answer(envelope(5));
    await api.post('/Test/Call');
    expect(ui().message).toHaveBeenCalledWith('Benutzername oder Passwort falsch');
  });

  it('code 200 shows nothing', async () => {
    answer(envelope(200, { ok: true }));
    expect((await api.post('/Test/Call')).data).toEqual({ ok: true });
    expect(ui().message).not.toHaveBeenCalled();
  });

  it("code 105 shows the server's own info", async () => {
    answer(envelope(105, null, 'S/N AB123 may not be upgraded until 2027'));
    const result = await api.post('/Test/Call');
    expect(result.code).toBe(105);
    expect(ui().message).toHaveBeenCalledWith('S/N AB123 may not be upgraded until 2027');
  });

  it('code 102 shows its message, clears the session and reloads', async () => {
    loggedIn();
    localStorage.setItem(STORAGE_KEYS.language, 'en');
    answer(envelope(102));
    await api.post('/Test/Call');
    expect(ui().message).toHaveBeenCalledWith(i18n.t('errors:code.102'));
    expect(session.getToken()).toBeNull();
    expect(session.getRefreshTokenKey()).toBeNull();
    expect(session.getUserInfo()).toBeNull();
    expect(session.getUserName()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(ui().reload).toHaveBeenCalledTimes(1);
  });

  it("status 7 shows the 'You have been logged out' dialog instead of the code message; confirming clears and reloads", async () => {
    loggedIn();
    answer(envelope(7, null, 'Token timeout', { status: 7 }));
    await api.post('/Test/Call');
    expect(ui().message).not.toHaveBeenCalled();
    expect(ui().confirm).toHaveBeenCalledTimes(1);
    const options = ui().confirm.mock.calls[0]![0];
    expect(options.title).toBe('You have been logged out');
    expect(options.okText).toBe('Log in again');
    expect(options.cancelText).toBe('Cancel');
    expect(session.getToken()).toBe('access-1');
    options.onOk();
    expect(session.getToken()).toBeNull();
    expect(ui().reload).toHaveBeenCalledTimes(1);
  });

  it('a quiet call leaves ordinary codes to the caller but still handles 102', async () => {
    answer(envelope(5));
    await api.post('/Test/Call', {}, { quiet: true });
    expect(ui().message).not.toHaveBeenCalled();
    loggedIn();
    answer(envelope(102));
    await api.post('/Test/Call', {}, { quiet: true });
    expect(session.getToken()).toBeNull();
    expect(ui().reload).toHaveBeenCalled();
  });
});

describe('HTTP status errors (spec §8)', () => {
  it.each(Object.entries(HTTP_STATUS_MESSAGES).map(([status, text]) => [Number(status), text] as const))(
    'HTTP %i shows %s for 2 s',
    async (status, english) => {
      answer(envelope(-1), status);
      await expect(api.post('/Test/Call')).rejects.toBeTruthy();
      expect(ui().notify).toHaveBeenCalledWith(i18n.t(`errors:http.${status}`), 2);
      expect(i18n.t(`errors:http.${status}`)).toBe(english);
      expect(ui().message).not.toHaveBeenCalled();
    },
  );

  it("any other status shows 'connection error (status)'", async () => {
    answer({}, 418);
    await expect(api.post('/Test/Call')).rejects.toBeTruthy();
    expect(ui().notify).toHaveBeenCalledWith('Connection error (418)', 2);
  });

  it('HTTP 401 refreshes exactly once with the stored session, stores the new tokens and reloads', async () => {
    loggedIn();
    const bodies: unknown[] = [];
    server.use(
      mswHttp.post('/api/Test/Call', () => HttpResponse.json(envelope(401), { status: 401 })),
      mswHttp.post('/api/Account/RefreshToken', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(envelope(200, { AccessToken: 'access-2', RefreshTokenKey: 'refresh-2' }));
      }),
    );
    await Promise.allSettled([api.post('/Test/Call'), api.post('/Test/Call')]);
    expect(bodies).toEqual([{ userName: 'alice', accessToken: 'access-1', refreshTokenKey: 'refresh-1' }]);
    expect(session.getToken()).toBe('access-2');
    expect(session.getRefreshTokenKey()).toBe('refresh-2');
    expect(ui().reload).toHaveBeenCalledTimes(1);
    expect(ui().notify).not.toHaveBeenCalled();
  });

  it('a page opened with an expired access token keeps the renewed session (the user info answers 401)', async () => {
    loggedIn();
    server.use(
      mswHttp.post('/api/Account/GetUserInfo', () => HttpResponse.json(envelope(401), { status: 401 })),
      mswHttp.post('/api/Account/RefreshToken', () =>
        HttpResponse.json(envelope(200, { AccessToken: 'access-2', RefreshTokenKey: 'refresh-2' })),
      ),
    );
    await expect(loadUser()).resolves.toEqual({ ok: false, sessionHandled: true });
    expect(session.getToken()).toBe('access-2');
    expect(session.getRefreshTokenKey()).toBe('refresh-2');
    expect(ui().reload).toHaveBeenCalledTimes(1);
    expect(ui().message).not.toHaveBeenCalled();
  });

  it('a 401 answering a call sent before a logout renews and reloads nothing (the login page stays as it is)', async () => {
    loggedIn();
    let answer: () => void = () => {};
    const refresh = vi.fn(() => HttpResponse.json(envelope(200, { AccessToken: 'access-2', RefreshTokenKey: 'refresh-2' })));
    server.use(
      mswHttp.post('/api/Test/Call', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(envelope(401), { status: 401 });
      }),
      mswHttp.post('/api/Account/RefreshToken', refresh),
    );
    const late = api.post('/Test/Call');
    await flush();
    session.clear();
    answer();
    await expect(late).rejects.toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
    expect(ui().reload).not.toHaveBeenCalled();
    expect(session.getToken()).toBeNull();
  });

  it('a failed refresh (102) clears the session and reloads', async () => {
    loggedIn();
    server.use(
      mswHttp.post('/api/Test/Call', () => HttpResponse.json(envelope(401), { status: 401 })),
      mswHttp.post('/api/Account/RefreshToken', () => HttpResponse.json(envelope(102))),
    );
    await expect(api.post('/Test/Call')).rejects.toBeTruthy();
    expect(session.getToken()).toBeNull();
    expect(session.getRefreshTokenKey()).toBeNull();
    expect(ui().message).toHaveBeenCalledWith(i18n.t('errors:code.102'));
    expect(ui().reload).toHaveBeenCalledTimes(1);
  });
});

describe('requests (spec §7)', () => {
  // The 50 s timeout itself is held in tests/web/api-transport.test.tsx (a call unanswered for 50 s shows 408).
  it('has the /api base and the 50 s timeout', () => {
    expect(API_BASE).toBe('/api');
    expect(REQUEST_TIMEOUT_MS).toBe(50_000);
  });

  it('sends the bearer token on every call except /Message/QueryMsgNotice', async () => {
    loggedIn();
    const seen: Record<string, string | null> = {};
    server.use(
      mswHttp.post('/api/Test/Call', ({ request }) => {
        seen.call = request.headers.get('authorization');
        return HttpResponse.json(envelope(200));
      }),
      mswHttp.post('/api/Message/QueryMsgNotice', ({ request }) => {
        seen.notice = request.headers.get('authorization');
        return HttpResponse.json(envelope(200, { data: [], dataCount: 0 }));
      }),
    );
    await api.post('/Test/Call');
    await api.post('/Message/QueryMsgNotice', { pageIndex: 1, pageSize: 50000 });
    expect(seen.call).toBe('Bearer access-1');
    expect(seen.notice).toBeNull();
  });

  it('trims every string value of the body, at any depth', async () => {
    let body: unknown;
    server.use(
      mswHttp.post('/api/Test/Call', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(200));
      }),
    );
    await api.post('/Test/Call', { name: '  Anna ', n: 3, nested: { sn: ' SN-1 ', list: [' a ', { deep: '\tb\n' }] }, empty: null });
    expect(body).toEqual({ name: 'Anna', n: 3, nested: { sn: 'SN-1', list: ['a', { deep: 'b' }] }, empty: null });
    expect(trimStrings(' x ')).toBe('x');
  });

  it('strips showLoading, shows the overlay and closes it 500 ms after the call ends', async () => {
    let body: unknown;
    server.use(
      mswHttp.post('/api/Test/Call', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(envelope(200));
      }),
    );
    const pending = api.post('/Test/Call', { showLoading: true, sn: 'A' });
    await flush();
    expect(loadingOverlay.isVisible()).toBe(true);
    await pending;
    expect(body).toEqual({ sn: 'A' });
    expect(loadingOverlay.isVisible()).toBe(true);
    await flush(OVERLAY_CLOSE_DELAY_MS + 100);
    expect(loadingOverlay.isVisible()).toBe(false);
  });

  it('takes showLoading from the query of a GET too, and never sends it', async () => {
    let query = '';
    server.use(
      mswHttp.get('/api/Test/Read', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json(envelope(200));
      }),
    );
    const pending = api.get('/Test/Read', { showLoading: true, system_id: 7 });
    await flush();
    expect(loadingOverlay.isVisible()).toBe(true);
    await pending;
    expect(query).toBe('?system_id=7');
    await flush(OVERLAY_CLOSE_DELAY_MS + 100);
    expect(loadingOverlay.isVisible()).toBe(false);
  });

  it('calls without showLoading leave the overlay alone', async () => {
    answer(envelope(200));
    await api.post('/Test/Call', { sn: 'A' });
    expect(loadingOverlay.isVisible()).toBe(false);
  });
});

describe('loading overlay timing (fake timers)', () => {
  it('stays open while any call runs and closes 500 ms after the last one', () => {
    vi.useFakeTimers();
    loadingOverlay.begin();
    loadingOverlay.begin();
    loadingOverlay.end();
    vi.advanceTimersByTime(1000);
    expect(loadingOverlay.isVisible()).toBe(true);
    loadingOverlay.end();
    vi.advanceTimersByTime(499);
    expect(loadingOverlay.isVisible()).toBe(true);
    loadingOverlay.begin();
    vi.advanceTimersByTime(10);
    loadingOverlay.end();
    vi.advanceTimersByTime(499);
    expect(loadingOverlay.isVisible()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loadingOverlay.isVisible()).toBe(false);
  });
});

describe('downloads (spec §7 Exports)', () => {
  it('reads the filename from content-disposition, RFC 5987 filename* first', () => {
    expect(fileNameFromDisposition('attachment; filename="report.xlsx"')).toBe('report.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition('attachment; filename="fallback.xlsx"; filename*=UTF-8\'\'%E6%8A%A5%E8%A1%A8%202026.xlsx')).toBe(
      '报表 2026.xlsx',
    );
    expect(fileNameFromDisposition(null)).toBeUndefined();
  });

  it('saves the file under its content-disposition name', async () => {
    server.use(
      mswHttp.post(
        '/api/Power/ExportSticsByDay',
        () =>
          new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': "attachment; filename*=UTF-8''Tagesstatistik%20M%C3%A4rz.xlsx",
            },
          }),
      ),
    );
    const result = await download('/Power/ExportSticsByDay', { sn: 'A' });
    expect(result).toEqual({ saved: true, fileName: 'Tagesstatistik März.xlsx' });
    expect(ui().saveFile).toHaveBeenCalledTimes(1);
    expect(ui().saveFile.mock.calls[0]![1]).toBe('Tagesstatistik März.xlsx');
    expect(ui().message).not.toHaveBeenCalled();
  });

  it('shows the message of a JSON answer instead of saving', async () => {
    server.use(mswHttp.post('/api/Income/ExportPayoffStatistic', () => HttpResponse.json({ message: 'Export limited to 12 months' })));
    const result = await download('/Income/ExportPayoffStatistic');
    expect(result).toEqual({ saved: false, message: 'Export limited to 12 months' });
    expect(ui().message).toHaveBeenCalledWith('Export limited to 12 months');
    expect(ui().saveFile).not.toHaveBeenCalled();
  });

  it('shows the translated code of an error envelope', async () => {
    server.use(mswHttp.post('/api/Income/ExportPayoffStatistic', () => HttpResponse.json(envelope(8, null, 'No data'))));
    await download('/Income/ExportPayoffStatistic');
    expect(ui().message).toHaveBeenCalledWith(i18n.t('errors:code.8'));
  });

  it("otherwise shows 'no data to export'", async () => {
    server.use(
      mswHttp.post(
        '/api/Statistic/ExportSystemStatistic',
        () => new HttpResponse('', { headers: { 'content-type': 'application/octet-stream' } }),
      ),
    );
    const result = await download('/Statistic/ExportSystemStatistic');
    expect(result).toEqual({ saved: false, message: 'No data to export' });
    expect(ui().message).toHaveBeenCalledWith('No data to export');
  });
});

describe('uploads (spec §7)', () => {
  // jsdom's XMLHttpRequest cannot hand a multipart body to MSW: the XHR transport is stood in for here, and
  // tests/web/api-transport.test.tsx holds the transport itself against a fake XMLHttpRequest.
  it('posts the form with the 18,000,000 ms timeout and reports progress in percent', async () => {
    expect(UPLOAD_TIMEOUT_MS).toBe(18_000_000);
    const spy = vi.spyOn(xhr, 'send').mockImplementation(async (_request, options) => {
      options?.onUploadProgress?.(25, 100);
      options?.onUploadProgress?.(100, 100);
      return { status: 200, header: () => null, body: envelope(200, { id: 7 }) };
    });
    const progress: number[] = [];
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    const result = await upload('/ESSMainTain/SaveSysInstall', form, (percent) => progress.push(percent));
    expect(result.data).toEqual({ id: 7 });
    expect(progress).toEqual([25, 100]);
    const [request] = spy.mock.calls[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/ESSMainTain/SaveSysInstall');
    expect(request.body).toBe(form);
    expect(request.timeout).toBe(18_000_000);
    spy.mockRestore();
  });

  it('builds the form from plain fields, trimming the strings', async () => {
    const spy = vi.spyOn(xhr, 'send').mockResolvedValue({ status: 200, header: () => null, body: envelope(200) });
    const file = new Blob(['x']);
    await upload('/Test/Upload', { remark: ' note ', file });
    const body = spy.mock.calls[0]![0].body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('remark')).toBe('note');
    expect(body.get('file')).toBeInstanceOf(Blob);
    spy.mockRestore();
  });
});
