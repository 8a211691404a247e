import type { FastifyReply } from 'fastify';
import { Code } from '../../../contract/codes';
import { ApiError } from '../http/envelope';
import { StorageNotFoundError, type Storage } from '../storage';
import { attachmentDisposition } from './filename';
import type { UploadRow } from './service';

/**
 * Answers an uploaded file's bytes as an attachment under the name its uploader gave (the caller has checked who may
 * read it): never sniffed or cached by the browser; 86 when storage has lost the file.
 */
export async function sendUploadedFile(reply: FastifyReply, storage: Storage, file: UploadRow) {
  const bytes = await storage.get(file.storageKey).catch((error: unknown) => {
    throw error instanceof StorageNotFoundError ? new ApiError(Code.ATTACHMENT_MISSING) : error;
  });
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
