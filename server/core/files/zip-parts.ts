import { posix } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileFormatError, FileLimitError } from './errors';

export interface ZipLimits {
  /** Entries in the central directory. */
  maxParts: number;
  /** Inflated bytes of any one part that is read. */
  maxPartBytes: number;
}

/** Every zip (xlsx, docx, …) starts with a local file header. */
export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The parts of a zip held in memory, read by name through the central directory (random access: an xlsx
 * keeps its shared strings after the sheet that uses them) and inflated as a stream, never past
 * `maxPartBytes`. A part whose declared size is over the limit is refused before a byte is inflated; one
 * that inflates past its declared size is refused by yauzl as it streams (a lying header), and we count the
 * bytes ourselves as well.
 */
export class ZipParts {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
    private readonly limits: ZipLimits,
  ) {}

  static async open(file: Buffer, limits: ZipLimits): Promise<ZipParts> {
    if (!file.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) throw new FileFormatError('not a zip file');
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(file, { lazyEntries: true, validateEntrySizes: true });
    } catch (error) {
      throw new FileFormatError(`unreadable zip: ${(error as Error).message}`);
    }
    const entries = new Map<string, Entry>();
    try {
      for await (const entry of zip.eachEntry()) {
        if (entries.size >= limits.maxParts) throw new FileLimitError('parts', limits.maxParts, `more than ${limits.maxParts} parts`);
        // OPC part names are case-insensitive.
        entries.set(entry.fileName.toLowerCase(), entry);
      }
    } catch (error) {
      zip.close();
      if (error instanceof FileLimitError) throw error;
      throw new FileFormatError(`unreadable zip: ${(error as Error).message}`);
    }
    return new ZipParts(zip, entries, limits);
  }

  has(name: string): boolean {
    return this.entries.has(normalizePartName(name));
  }

  /** The part's text (UTF-8) in the chunks it inflates to. */
  async *text(name: string): AsyncGenerator<string> {
    const entry = this.entries.get(normalizePartName(name));
    if (!entry) throw new FileFormatError(`missing part ${name}`);
    const { maxPartBytes } = this.limits;
    const tooLarge = () => new FileLimitError('part', maxPartBytes, `part ${entry.fileName} inflates to more than ${maxPartBytes} bytes`);
    if (entry.uncompressedSize > maxPartBytes) throw tooLarge();
    let stream;
    try {
      stream = await this.zip.openReadStreamPromise(entry);
    } catch (error) {
      throw new FileFormatError(`unreadable part ${entry.fileName}: ${(error as Error).message}`);
    }
    const decoder = new StringDecoder('utf8');
    let inflated = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        inflated += chunk.length;
        if (inflated > maxPartBytes) throw tooLarge();
        yield decoder.write(chunk);
      }
    } catch (error) {
      if (error instanceof FileLimitError || error instanceof FileFormatError) throw error;
      // zlib's errors and yauzl's "too many bytes in the stream" (a part larger than its header says).
      throw new FileFormatError(`unreadable part ${entry.fileName}: ${(error as Error).message}`);
    } finally {
      stream.destroy();
    }
    yield decoder.end();
  }

  close(): void {
    this.zip.close();
  }
}

/** 'xl/worksheets/../sharedStrings.xml', '/xl/styles.xml' → the name as the central directory has it (lower case). */
export function normalizePartName(name: string): string {
  return posix.normalize(name).replace(/^\/+/, '').toLowerCase();
}
