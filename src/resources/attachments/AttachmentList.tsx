import { DownloadOutlined, FileImageOutlined, FilePdfOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Image, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentFile } from '../../../resources/attachments';
import { download, fetchFile } from '../../api/files';
import { apiUi } from '../../api/ui';
import { useFormat } from '../../i18n/format';
import './attachments.css';

/** Where a file's bytes are asked for: the download call and its body (a record's file, a message's file). */
export type FileSource = (file: AttachmentFile) => { url: string; body: Record<string, unknown> };

/**
 * The images the server sends inline (server/core/uploads/send.ts), which every browser draws; TIFF and HEIC are
 * downloaded like any other file.
 */
const PREVIEWED = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif']);
/**
 * Images up to this size get their thumbnail as the list shows (a phone's photo); larger ones only when asked for, so
 * that a list of records does not fetch every full-size scan for a 48-pixel picture.
 */
export const THUMBNAIL_MAX_BYTES = 4 * 1024 * 1024;
/** A PDF's object URL is kept this long for its tab to read it (the tab holds the document afterwards). */
const TAB_URL_KEPT_MS = 60_000;

/**
 * Files of a record or a message, each with its size in the unit it needs: an image as a thumbnail that opens a
 * preview, a PDF opening in a tab of its own, anything else downloaded; images and PDFs can be downloaded beside.
 */
export function AttachmentList({
  files,
  source,
  testId = 'attachment',
}: {
  files: readonly AttachmentFile[];
  source: FileSource;
  /** Names each file's line for tests (its buttons are attachment-open, -save, -download, -preview, -thumbnail). */
  testId?: string;
}) {
  return (
    <div className="attachments-links">
      {files.map((file) => (
        <AttachmentItem key={file.id} file={file} source={source} testId={testId} />
      ))}
    </div>
  );
}

function AttachmentItem({ file, source, testId }: { file: AttachmentFile; source: FileSource; testId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const { url, body } = source(file);
  const save = async () => {
    setBusy(true);
    try {
      await download(url, body, file.name);
    } finally {
      setBusy(false);
    }
  };
  const kind = PREVIEWED.has(file.mime) ? 'image' : file.mime === 'application/pdf' ? 'pdf' : 'other';
  const downloadButton = (
    <Button
      type="link"
      icon={<DownloadOutlined />}
      loading={busy}
      aria-label={t('common:attachments.download', { name: file.name })}
      data-testid="attachment-save"
      onClick={() => void save()}
    />
  );
  return (
    <span className="attachments-item" data-testid={testId}>
      {kind === 'image' && <ImagePreview file={file} source={source} />}
      {kind === 'pdf' ? (
        <Button
          type="link"
          icon={<FilePdfOutlined />}
          aria-label={t('common:attachments.open', { name: file.name })}
          data-testid="attachment-open"
          onClick={() => void openInTab(file, source)}
        >
          {file.name}
        </Button>
      ) : kind === 'image' ? (
        <Typography.Text className="attachments-name">{file.name}</Typography.Text>
      ) : (
        <Button
          type="link"
          icon={<PaperClipOutlined />}
          loading={busy}
          aria-label={t('common:attachments.download', { name: file.name })}
          data-testid="attachment-download"
          onClick={() => void save()}
        >
          {file.name}
        </Button>
      )}{' '}
      <Typography.Text type="secondary" className="attachments-size">
        {format.fileSize(file.size)}
      </Typography.Text>
      {kind !== 'other' && downloadButton}
    </span>
  );
}

/**
 * An image's thumbnail (fetched as the list shows, up to THUMBNAIL_MAX_BYTES; a larger one on a click), which opens
 * antd's preview (zoom, rotate). The bytes are cached per file for a while, so a list shown again draws at once.
 */
function ImagePreview({ file, source }: { file: AttachmentFile; source: FileSource }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const { url, body } = source(file);
  const { data: blob, isFetching } = useQuery({
    queryKey: ['attachment-file', url, body],
    queryFn: async () => (await fetchFile(url, body)) ?? null,
    enabled: asked || file.size <= THUMBNAIL_MAX_BYTES,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });
  const src = useObjectUrl(blob ?? undefined);
  if (!src)
    return (
      <Button
        className="attachments-thumb"
        icon={<FileImageOutlined />}
        loading={isFetching}
        aria-label={t('common:attachments.preview', { name: file.name })}
        data-testid="attachment-preview"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      />
    );
  return (
    <Image
      className="attachments-thumb"
      src={src}
      alt={t('common:attachments.preview', { name: file.name })}
      width={48}
      height={48}
      data-testid="attachment-thumbnail"
      preview={{ visible: open, onVisibleChange: setOpen }}
    />
  );
}

/** An object URL of a blob while the component shows it, revoked when the blob changes or the component goes. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * Opens a PDF in a tab of its own, where the browser's viewer shows it. The tab is opened at the click (a tab opened
 * after waiting for the bytes is blocked as a pop-up) and given the document once it is here; where no tab may be
 * opened, the file is saved instead.
 */
async function openInTab(file: AttachmentFile, source: FileSource) {
  const tab = window.open('', '_blank');
  const { url, body } = source(file);
  const blob = await fetchFile(url, body);
  if (!blob) {
    tab?.close();
    return;
  }
  if (!tab) {
    apiUi.saveFile(blob, file.name);
    return;
  }
  const objectUrl = URL.createObjectURL(blob);
  tab.opener = null;
  tab.location.href = objectUrl;
  setTimeout(() => URL.revokeObjectURL(objectUrl), TAB_URL_KEPT_MS);
}
