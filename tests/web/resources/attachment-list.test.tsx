import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiUi } from '../../../src/api/ui';
import { i18n } from '../../../src/i18n';
import { AttachmentList, THUMBNAIL_MAX_BYTES } from '../../../src/resources/attachments/AttachmentList';
import { renderWithData, signIn } from '../render-portal';
import { server } from '../setup';

/**
 * A record's or a message's files: each size in the unit it needs (not '0.0 MB' for a photo of 13.7 kB), an image as a
 * thumbnail with antd's preview, a PDF opened in a tab of its own, anything else saved.
 */
const DOWNLOAD = '/api/Thing/DownloadThingFile';
const PHOTO = { id: 1, name: 'roof.png', size: Math.round(13.7 * 1024), mime: 'image/png' };
const PAPER = { id: 2, name: 'invoice.pdf', size: 722, mime: 'application/pdf' };
const NOTES = { id: 3, name: 'notes.txt', size: 2 * 1024 * 1024, mime: 'text/plain' };
const SCAN = { id: 4, name: 'scan.jpg', size: THUMBNAIL_MAX_BYTES + 1, mime: 'image/jpeg' };

const asked: number[] = [];
let made = 0;
beforeEach(() => {
  asked.length = 0;
  made = 0;
  signIn(['admin'], 'admin');
  server.use(
    http.post(DOWNLOAD, async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      asked.push(id);
      const file = [PHOTO, PAPER, NOTES, SCAN].find((f) => f.id === id)!;
      return new HttpResponse(new Blob([`bytes of ${file.name}`]), {
        headers: {
          'content-type': file.mime,
          'content-disposition': `${file.mime === 'text/plain' ? 'attachment' : 'inline'}; filename="${file.name}"`,
        },
      });
    }),
  );
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => `blob:test/${++made}`);
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(apiUi, 'saveFile').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function renderList(files = [PHOTO, PAPER, NOTES]) {
  return renderWithData(<AttachmentList files={files} source={(file) => ({ url: '/Thing/DownloadThingFile', body: { id: file.id } })} />);
}

const line = (name: string) => screen.getAllByTestId('attachment').find((item) => item.textContent?.includes(name))!;

describe('attachments as the list shows them', { timeout: 45_000 }, () => {
  it('shows each size in the unit it needs, in the reader’s language', async () => {
    renderList();
    expect(line('roof.png')).toHaveTextContent(/13\.7\skB/);
    expect(line('invoice.pdf')).toHaveTextContent(/722\sB/);
    expect(line('notes.txt')).toHaveTextContent(/2\sMB/);
    expect(document.body.textContent).not.toContain('0.0 MB');
    await i18n.changeLanguage('de');
    await waitFor(() => expect(line('roof.png')).toHaveTextContent(/13,7\skB/));
    expect(line('invoice.pdf')).toHaveTextContent(/722\sB/);
    expect(within(line('invoice.pdf')).getByRole('button', { name: 'invoice.pdf öffnen' })).toBeInTheDocument();
  });

  it('shows a photo as a thumbnail that opens a preview; a large scan only when asked for', async () => {
    renderList([PHOTO, SCAN]);
    const thumbnail = await within(line('roof.png')).findByRole('img', { name: 'Preview of roof.png' });
    expect(thumbnail).toHaveAttribute('src', 'blob:test/1');
    expect(asked).toEqual([PHOTO.id]);
    await userEvent.click(thumbnail);
    await waitFor(() => expect(document.querySelector('.ant-image-preview-img')).toHaveAttribute('src', 'blob:test/1'));

    // Larger than a thumbnail is worth: fetched on the click, then shown in the preview.
    expect(within(line('scan.jpg')).queryByTestId('attachment-thumbnail')).toBeNull();
    await userEvent.click(within(line('scan.jpg')).getByRole('button', { name: 'Preview of scan.jpg' }));
    await waitFor(() => expect(asked).toEqual([PHOTO.id, SCAN.id]));
    await waitFor(() =>
      expect(within(line('scan.jpg')).getByRole('img', { name: 'Preview of scan.jpg' })).toHaveAttribute('src', 'blob:test/2'),
    );
    await waitFor(() => expect(document.querySelectorAll('.ant-image-preview-img')[1]).toHaveAttribute('src', 'blob:test/2'));
  });

  it('opens a PDF in a tab of its own, saves anything else, and saves a PDF or a photo from its download button', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderList();
    await userEvent.click(within(line('invoice.pdf')).getByRole('button', { name: 'Open invoice.pdf' }));
    await waitFor(() => expect(tab.location.href).toMatch(/^blob:test\//));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const shown = vi.mocked(URL.createObjectURL).mock.calls.at(-1)![0] as Blob;
    expect(shown.type).toBe('application/pdf');
    expect(apiUi.saveFile).not.toHaveBeenCalled();

    await userEvent.click(within(line('notes.txt')).getByRole('button', { name: 'Download notes.txt' }));
    await waitFor(() => expect(apiUi.saveFile).toHaveBeenCalledWith(expect.any(Blob), 'notes.txt'));
    await userEvent.click(within(line('invoice.pdf')).getByRole('button', { name: 'Download invoice.pdf' }));
    await waitFor(() => expect(apiUi.saveFile).toHaveBeenCalledWith(expect.any(Blob), 'invoice.pdf'));
    await userEvent.click(within(line('roof.png')).getByRole('button', { name: 'Download roof.png' }));
    await waitFor(() => expect(apiUi.saveFile).toHaveBeenCalledWith(expect.any(Blob), 'roof.png'));
  });
});
