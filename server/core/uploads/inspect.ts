import { Transform, type TransformCallback } from 'node:stream';
import { Code, CODE_MESSAGES } from '../../../contract/codes';
import { ApiError } from '../http/envelope';
import { executableSignature, ZIP_SIGNATURE, ZipProgramScan } from './executable';
import { HEAD_BYTES, sniffType } from './sniff';

/** Code 95 with the reason, for the log and the curious client; the web app shows the translated text of 95. */
export function formatRefused(reason: string): ApiError {
  return new ApiError(Code.ATTACHMENT_FORMAT, `${CODE_MESSAGES[Code.ATTACHMENT_FORMAT]}: ${reason}`, { data: { field: 'file' } });
}

/**
 * Judges a file by its content and size while it streams to storage (the file is never whole in memory): it holds
 * back the first HEAD_BYTES, refuses a program (95) or a type the field does not accept (95) before a byte passes on,
 * then lets the rest through; a zip is scanned to its end for the entries of a JAR or APK; a file over `maxBytes` is
 * refused with `tooLarge` at its first byte too many. A refusal errors the stream, so storage keeps nothing. `type` is
 * the sniffed MIME type once the head has passed. One stage for all of it: each stage of a stream costs throughput.
 */
export class UploadInspector extends Transform {
  type: string | undefined;
  private head: Buffer[] = [];
  private headLength = 0;
  private judged = false;
  private zip: ZipProgramScan | undefined;
  private size = 0;

  constructor(
    private readonly accepted: readonly string[],
    private readonly maxBytes: number,
    private readonly tooLarge: () => Error,
  ) {
    // Large chunks through to storage: fewer, larger writes.
    super({ highWaterMark: 1024 * 1024 });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(this.tooLarge());
    if (this.judged) return this.pass(chunk, done);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < HEAD_BYTES) return done();
    this.judgeHead().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    const finish = () => {
      if (this.zip?.found) return done(formatRefused(`a ${this.zip.found}`));
      done();
    };
    if (this.judged) return finish();
    this.judgeHead().then(finish, done);
  }

  private pass(chunk: Buffer, done: TransformCallback): void {
    this.zip?.push(chunk);
    if (this.zip?.found) return done(formatRefused(`a ${this.zip.found}`));
    done(null, chunk);
  }

  private async judgeHead(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.judged = true;
    if (head.length === 0) throw new ApiError(Code.ATTACHMENT_EMPTY, undefined, { data: { field: 'file' } });
    const signature = executableSignature(head);
    if (signature) throw formatRefused(`a ${signature}`);
    const type = await sniffType(head.subarray(0, HEAD_BYTES));
    if (type && PROGRAM_TYPES.has(type)) throw formatRefused(`a program (${type})`);
    if (head.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) this.zip = new ZipProgramScan();
    this.zip?.push(head);
    if (this.zip?.found) throw formatRefused(`a ${this.zip.found}`);
    if (!type || !this.accepted.includes(type)) throw formatRefused(`${type ?? 'an unknown type'} is not accepted here`);
    this.type = type;
    this.push(head);
  }
}

/** Types file-type names that run: refused as programs even where a field would accept any type. */
const PROGRAM_TYPES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-msi',
  'application/x-cfb',
  'application/vnd.ms-cab-compressed',
  'application/java-archive',
  'application/java-vm',
  'application/vnd.android.package-archive',
  'application/vnd.android.dex',
  'application/x-deb',
  'application/x-rpm',
  'application/wasm',
  'application/x-apple-diskimage',
]);
