import { CODE_MESSAGES, type Envelope } from '../../contract/codes';
import { codeMessage, handleEnvelope, request, UPLOAD_TIMEOUT_MS } from './client';
import { apiUi } from './ui';
import { xhr } from './xhr';

/** The filename of a content-disposition header; RFC 5987 `filename*` wins over `filename`. */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1]!.trim().replace(/^"(.*)"$/, '$1');
    const match = /^([^']*)'[^']*'(.*)$/.exec(value);
    const encoded = match ? match[2]! : value;
    try {
      return decodeURIComponent(encoded);
    } catch {
      return encoded;
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (plain) return (plain[2] ?? plain[1]!).trim();
  return undefined;
}

async function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Percent done (0-100), or undefined while the whole size is not known. */
function percentOf(loaded: number, total: number | undefined): number | undefined {
  return total ? Math.min(100, Math.round((loaded / total) * 100)) : undefined;
}

export type DownloadResult = { saved: true; fileName: string } | { saved: false; message: string };

/**
 * Spec §7 Exports: POST, the file named by content-disposition; a JSON answer with a message shows that
 * message instead; anything else shows 'no data to export'.
 */
export async function download(
  url: string,
  data: Record<string, unknown> = {},
  fallbackName = 'export.xlsx',
  onProgress?: (percent: number | undefined) => void,
): Promise<DownloadResult> {
  const response = await request('POST', url, data, undefined, {
    answersFile: true,
    transport: (raw) =>
      xhr.send(raw, {
        responseType: 'blob',
        onDownloadProgress: onProgress && ((loaded, total) => onProgress(percentOf(loaded, total))),
      }),
  });
  const blob = response.body as Blob;
  const disposition = response.header('content-disposition');
  const contentType = response.header('content-type') ?? '';
  const fileName =
    fileNameFromDisposition(disposition) ||
    (disposition && /attachment/i.test(disposition) && !contentType.includes('json') ? fallbackName : undefined);
  if (fileName) {
    apiUi.saveFile(blob, fileName);
    return { saved: true, fileName };
  }
  const message = await refusalOf(blob);
  apiUi.message(message);
  return { saved: false, message };
}

/**
 * A file's bytes to show in the page (an image's thumbnail, a PDF in a tab of its own), typed as the server sent them
 * (the type it sniffed at upload); undefined when it answered a message instead, which is shown.
 */
export async function fetchFile(url: string, data: Record<string, unknown>): Promise<Blob | undefined> {
  const response = await request('POST', url, data, undefined, {
    answersFile: true,
    transport: (raw) => xhr.send(raw, { responseType: 'blob' }),
  });
  const blob = response.body as Blob;
  const contentType = response.header('content-type') ?? '';
  if (response.header('content-disposition') && !contentType.includes('json')) {
    return blob.type ? blob : new Blob([blob], { type: contentType });
  }
  apiUi.message(await refusalOf(blob));
  return undefined;
}

/** What an answer that is no file says: the code's text, the server's message, or 'no data to export'. */
async function refusalOf(blob: Blob): Promise<string> {
  let message: string | undefined;
  try {
    const body = JSON.parse(await blobText(blob)) as Partial<Envelope> & { message?: string; msg?: string };
    if (body && typeof body === 'object') {
      if (typeof body.code === 'number' && body.code !== 200 && body.code !== 105 && body.code in CODE_MESSAGES)
        message = codeMessage(body.code);
      else message = body.message || body.msg || body.info || undefined;
    }
  } catch {
    // not JSON
  }
  return message || apiUi.translate('errors:noDataToExport');
}

/**
 * Spec §7: a form post for uploads with the long timeout (18,000,000 ms) and an upload-progress callback
 * (percent 0-100).
 */
export async function upload<T = unknown>(
  url: string,
  form: FormData | Record<string, string | Blob>,
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  let body: FormData;
  if (form instanceof FormData) body = form;
  else {
    body = new FormData();
    for (const [key, value] of Object.entries(form)) body.append(key, typeof value === 'string' ? value.trim() : value);
  }
  const response = await request('POST', url, body, undefined, {
    timeout: UPLOAD_TIMEOUT_MS,
    transport: (raw) =>
      xhr.send(raw, {
        onUploadProgress: onProgress && ((loaded, total) => onProgress(percentOf(loaded, total) ?? 0)),
      }),
  });
  return response.body as Envelope<T>;
}

export { handleEnvelope };
