import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/api/session';
import { apiUi } from '../../../src/api/ui';
import { xhr } from '../../../src/api/xhr';
import { ResourceForm } from '../../../src/resources/ResourceForm';
import { ResourceShow } from '../../../src/resources/ResourceShow';
import { addTexts, renderWithData, signIn } from '../render-portal';
import { server } from '../setup';
import { FIXTURE_TEXTS, fixtureWidgets } from './fixture-resource';

/**
 * The attachments field of the fixture declaration on the generated form and show page: antd
 * Upload with progress, the limits and spec §5's texts, files refused before sending, submit blocked while a file
 * is still uploading, download links on the show page.
 */
beforeAll(() => addTexts(FIXTURE_TEXTS));

const MB = 1024 * 1024;
const UPLOAD = '/Widget/UploadWidgetFile';

/**
 * The upload call, answered by `answer` (jsdom's XMLHttpRequest cannot hand a multipart body to MSW): the client's
 * XMLHttpRequest transport is stood in for on that one path, as tests/web/api-client.test.ts does; every other
 * call goes to MSW.
 */
function answerUploads(answer: (form: FormData, progress: (percent: number) => void) => Promise<unknown>) {
  const send = xhr.send.bind(xhr);
  vi.spyOn(xhr, 'send').mockImplementation(async (request, options) => {
    if (request.url !== `/api${UPLOAD}`) return send(request, options);
    const progress = (loaded: number) => options?.onUploadProgress?.(loaded, 100);
    return { status: 200, header: () => null, body: await answer(request.body as FormData, progress) };
  });
}
afterEach(() => vi.restoreAllMocks());
// Sizes keep figure and unit together with a no-break space.
const text = () => (document.body.textContent ?? '').replace(/\u00a0/g, ' ');

function renderForm() {
  signIn(['admin'], 'admin');
  let done = 0;
  renderWithData(<ResourceForm declaration={fixtureWidgets} mode="create" onDone={() => done++} />);
  return { done: () => done };
}

const formItem = (label: string) => screen.getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const fileInput = (label: string) => formItem(label).querySelector('input[type=file]') as HTMLInputElement;

async function fillWidget(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Widget code'), 'W-7');
  await user.click(screen.getByLabelText('Colour'));
  await user.click(await screen.findByTitle('Red'));
}

describe('attachments on the generated form', { timeout: 120_000 }, () => {
  it('shows the limits and texts; submit is blocked while a file uploads, then sends the uploaded file', async () => {
    let release: () => void = () => {};
    const uploaded = new Promise<void>((resolve) => (release = resolve));
    const uploads: FormData[] = [];
    const saves: any[] = [];
    answerUploads(async (form, progress) => {
      uploads.push(form);
      progress(40);
      await uploaded;
      progress(100);
      return {
        code: 200,
        info: 'Success',
        data: { id: 41, name: 'card.pdf', size: 2048, mime: 'application/pdf', sha256: 'a'.repeat(64) },
      };
    });
    server.use(
      http.post('/api/Widget/SaveWidget', async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json({ code: 200, info: 'Success', data: { id: 1 } });
      }),
    );
    const form = renderForm();
    const user = userEvent.setup({ applyAccept: false });
    expect(within(formItem('Papers')).getByText(/At most 3 files, up to 80 MB each/)).toBeInTheDocument();
    expect(within(formItem('Papers')).getByText(/Accepted: PDF, TXT/)).toBeInTheDocument();
    expect(within(formItem('Papers')).getByText(/Executable files are not allowed/)).toBeInTheDocument();
    expect(within(formItem('Photo')).getByText(/At most 1 file, up to 80 MB · Images only/)).toBeInTheDocument();
    expect(fileInput('Photo').accept).toContain('image/png');

    await fillWidget(user);
    await user.upload(fileInput('Papers'), new File(['%PDF-1.4 card'], 'card.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.get('field')).toBe('papers');
    expect((uploads[0]!.get('file') as File).name).toBe('card.pdf');
    expect(within(formItem('Papers')).getByText('card.pdf')).toBeInTheDocument();
    await waitFor(() => expect(formItem('Papers').querySelector('.ant-progress')).not.toBeNull());

    // Still uploading: the save is refused on the field, nothing is sent.
    await user.click(screen.getByTestId('resource-save'));
    expect(await within(formItem('Papers')).findByText('All attachments must be uploaded')).toBeInTheDocument();
    expect(saves).toHaveLength(0);

    release();
    await waitFor(() => expect(formItem('Papers').querySelector('.ant-upload-list-item-done')).not.toBeNull());
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ code: 'W-7', colour: 'red', papers: [{ id: 41 }] });
    await waitFor(() => expect(form.done()).toBe(1));
  });

  it('refuses before sending: a program by its name, a file over 80 MB, more files than the field takes; removes a file before saving', async () => {
    const uploads: string[] = [];
    const saves: any[] = [];
    let nextId = 50;
    answerUploads(async (form) => {
      const file = form.get('file') as File;
      uploads.push(file.name);
      return {
        code: 200,
        info: 'Success',
        data: { id: nextId++, name: file.name, size: file.size, mime: 'image/png', sha256: String(nextId).repeat(64).slice(0, 64) },
      };
    });
    server.use(
      http.post('/api/Widget/SaveWidget', async ({ request }) => {
        saves.push(await request.json());
        return HttpResponse.json({ code: 200, info: 'Success', data: { id: 1 } });
      }),
    );
    renderForm();
    const user = userEvent.setup({ applyAccept: false });

    // Each refusal is said at once (a message lasts 3 s: each is checked before the next file is picked).
    await user.upload(fileInput('Photo'), new File(['MZ'], 'photo.exe', { type: 'application/octet-stream' }));
    await waitFor(() => expect(text()).toContain('photo.exe: executable files are not allowed'));
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 90 * MB });
    await user.upload(fileInput('Photo'), huge);
    await waitFor(() => expect(text()).toContain('huge.png is larger than 80 MB'));
    expect(uploads).toEqual([]);

    // Four papers picked at once: three go, the fourth is refused.
    const papers = ['a', 'b', 'c', 'd'].map((n) => new File([`%PDF ${n}`], `${n}.pdf`, { type: 'application/pdf' }));
    await user.upload(fileInput('Papers'), papers);
    await waitFor(() => expect(text()).toContain('d.pdf: at most 3 files'));
    await waitFor(() => expect(uploads).toEqual(['a.pdf', 'b.pdf', 'c.pdf']));
    await waitFor(() => expect(within(formItem('Papers')).getByText('c.pdf')).toBeInTheDocument());
    expect(within(formItem('Papers')).getByTestId('attachments-papers-choose')).toBeDisabled();

    await user.upload(fileInput('Photo'), new File(['png'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(within(formItem('Photo')).getByText('a.png')).toBeInTheDocument());
    expect(within(formItem('Photo')).getByTestId('attachments-photo-choose')).toBeDisabled();

    // Removed before saving: the save names no photo.
    await user.click(within(formItem('Photo')).getByTitle('Remove file'));
    await user.click(within(formItem('Papers')).getAllByTitle('Remove file')[1]!);
    await fillWidget(user);
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0].photo).toEqual([]);
    expect(saves[0].papers.map((file: { name: string }) => file.name)).toEqual(['a.pdf', 'c.pdf']);
  });
});

describe('attachments on the show page', { timeout: 45_000 }, () => {
  it('lists the files with their size, each a download through the declaration’s download call', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/Widget/DownloadWidgetFile', async ({ request }) => {
        asked.push(await request.json());
        return new HttpResponse(new Blob(['%PDF-1.4']), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="_bersicht.pdf"; filename*=UTF-8''%C3%9Cbersicht.pdf`,
          },
        });
      }),
    );
    session.setTokens('token', 'refresh');
    render(
      <AntdApp>
        <ResourceShow
          declaration={fixtureWidgets}
          record={{
            id: 1,
            code: 'W-1',
            colour: 'red',
            papers: [{ id: 9, name: 'Übersicht.pdf', size: 1.5 * MB, mime: 'application/pdf' }],
            photo: [],
          }}
        />
      </AntdApp>,
    );
    expect(screen.getByText('1.5 MB')).toBeInTheDocument();
    expect(screen.getByText('No files')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download Übersicht.pdf' }));
    await waitFor(() => expect(apiUi.saveFile).toHaveBeenCalledWith(expect.any(Blob), 'Übersicht.pdf'));
    expect(asked).toEqual([{ id: 9 }]);
  });
});
