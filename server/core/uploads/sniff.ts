import { fileTypeFromBuffer } from 'file-type';

/**
 * The MIME type of a file by its first bytes (file-type's signature table), or 'text/plain' for UTF-8 text without
 * NUL bytes (text has no signature), or undefined when it is neither. The head is the first HEAD_BYTES of the file
 * (less when the file is shorter): enough for file-type to tell an office file from a bare zip.
 */
export const HEAD_BYTES = 64 * 1024;

export async function sniffType(head: Buffer): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  return isText(head) ? 'text/plain' : undefined;
}

function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream: true`: a character cut in two at the end of the head is no error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
