import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { Code } from '../../../contract/codes';
import { ApiError } from '../http/envelope';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface UploadLimits {
  /** Bytes kept of the file; the multipart plugin of the route must cut files off at the same size. */
  maxBytes: number;
  /** The bytes the file must start with (its type, sniffed by content). */
  magic: Buffer;
}

/**
 * The one file of a multipart request, read as it streams in: a file that does not start with `magic` is
 * refused (95) and one larger than `maxBytes` (the multipart plugin cuts it off there) is refused (2),
 * neither of them kept in memory; no file or an empty one answers 34; a second file answers 2. Every part
 * is read to its end first, also after a refusal, so the connection is left ready for its next request.
 * The route registers @fastify/multipart with `limits.fileSize = maxBytes` and `throwFileSizeLimit: false`.
 */
export async function readOneFile(request: FastifyRequest, limits: UploadLimits): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new ApiError(Code.ATTACHMENT_EMPTY);
  let file: UploadedFile | undefined;
  let refusal: ApiError | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (file) {
      refusal ??= new ApiError(Code.PARAM_ERROR, 'Parameter error: file (one file per upload)', { data: { field: 'file' } });
      await finished(part.file.resume());
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let sniffed = false;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      if (refusal) continue;
      chunks.push(chunk);
      size += chunk.length;
      if (!sniffed && size >= limits.magic.length) {
        sniffed = true;
        if (!Buffer.concat(chunks).subarray(0, limits.magic.length).equals(limits.magic)) refusal = new ApiError(Code.ATTACHMENT_FORMAT);
      }
    }
    if (part.file.truncated) {
      refusal ??= new ApiError(Code.PARAM_ERROR, `Parameter error: file (larger than ${limits.maxBytes} bytes)`, {
        data: { field: 'file' },
      });
    }
    const data = refusal ? Buffer.alloc(0) : Buffer.concat(chunks);
    if (!refusal && data.length > 0 && !sniffed) refusal = new ApiError(Code.ATTACHMENT_FORMAT);
    file = { filename: part.filename, data };
  }
  if (refusal) throw refusal;
  if (!file || file.data.length === 0) throw new ApiError(Code.ATTACHMENT_EMPTY);
  return file;
}
