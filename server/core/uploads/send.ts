import { Code } from '../../../contract/codes';
import type { FileAnswer } from '../http/endpoint';
import { ApiError } from '../http/envelope';
import { StorageNotFoundError, type Storage } from '../storage';
import type { UploadRow } from './service';

/**
 * The types a browser may show in place: raster images and PDF, which run no script in the portal's origin. Never
 * SVG or HTML (scripts), nor anything a browser would have to guess. `mime` is what the content was sniffed as at
 * upload (./inspect.ts), never the uploader's claim, so a page named .pdf is still sent as an attachment.
 */
const SHOWN_INLINE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'image/avif', 'application/pdf']);

/**
 * An uploaded file's bytes, as a download answers them, under the name its uploader gave (the caller has checked who may read it): images
 * and PDFs inline (the portal shows thumbnails and opens PDFs in the browser), everything else as an attachment;
 * always with the sniffed type, never sniffed again or cached by the browser; 86 when storage has lost the file.
 */
export async function uploadedFile(storage: Storage, file: UploadRow): Promise<FileAnswer> {
  const bytes = await storage.get(file.storageKey).catch((error: unknown) => {
    throw error instanceof StorageNotFoundError ? new ApiError(Code.ATTACHMENT_MISSING) : error;
  });
  return { name: file.originalName, bytes, type: file.mime, size: file.size, inline: SHOWN_INLINE.has(file.mime) };
}
