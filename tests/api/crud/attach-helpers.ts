import { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * Multipart bodies and sample files for the attachments tests. A body is a stream produced as it is read, so a test
 * can send 90 MB without holding them and count how much the server read.
 */

export const BOUNDARY = 'attach-test-boundary-7f3a';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; type?: string; content: Buffer; padding?: number; rawDisposition?: string };

export interface MultipartBody {
  payload: Readable;
  headers: Record<string, string>;
  /** Bytes of the body the server has read so far. */
  read(): number;
}

/** A multipart/form-data body; a file part's `padding` adds that many zero bytes after its content (never held whole). */
export function multipart(parts: Part[], { contentLength }: { contentLength?: number } = {}): MultipartBody {
  const chunks = function* (): Generator<Buffer> {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`);
        continue;
      }
      const disposition = part.rawDisposition ?? `form-data; name="${part.name}"; filename="${part.filename}"`;
      yield Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      );
      yield part.content;
      const zeros = Buffer.alloc(256 * 1024);
      for (let left = part.padding ?? 0; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`);
  };
  const source = chunks();
  let read = 0;
  const payload = new Readable({
    read() {
      const next = source.next();
      if (next.done) return void this.push(null);
      read += next.value.length;
      this.push(next.value);
    },
  });
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (contentLength !== undefined) headers['content-length'] = String(contentLength);
  return { payload, headers, read: () => read };
}

export function pdf(text = 'a paper'): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Title (${text}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The first bytes of programs of every kind the server refuses by content. */
export const PROGRAMS: Record<string, Buffer> = {
  'PE (MZ)': Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120), Buffer.from('PE\x00\x00', 'latin1')]),
  ELF: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(56)]),
  'Mach-O': Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x07, 0x00, 0x00, 0x01]), Buffer.alloc(56)]),
  'Mach-O universal': Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0x00, 0x00, 0x00, 0x02]), Buffer.alloc(56)]),
  'script (#!)': Buffer.from('#!/bin/sh\nrm -rf /\n'),
  'MSI (CFB)': Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  CAB: Buffer.concat([Buffer.from('MSCF\x00\x00\x00\x00', 'latin1'), Buffer.alloc(56)]),
};

/** A zip holding these entries (a JAR holds META-INF/MANIFEST.MF, an APK AndroidManifest.xml and classes.dex). */
export async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
