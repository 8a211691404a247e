/** What an uploaded file can break: the upload, a zip's parts, a spreadsheet's rows, columns, cells or shared strings. */
export type FileLimit = 'file' | 'parts' | 'part' | 'rows' | 'columns' | 'cell' | 'strings';

/** The file is readable but larger than a limit allows: refuse it (code 2) without reading further. */
export class FileLimitError extends Error {
  constructor(
    readonly limit: FileLimit,
    readonly max: number,
    message: string,
  ) {
    super(message);
    this.name = 'FileLimitError';
  }
}

/** The file is not what it claims to be (not a zip, a broken or lying zip, not a spreadsheet): code 95. */
export class FileFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FileFormatError';
  }
}
