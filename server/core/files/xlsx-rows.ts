import { posix } from 'node:path';
import { FileFormatError, FileLimitError } from './errors';
import { attribute, xmlEvents, type XmlEvent } from './xml-events';
import { ZipParts, type ZipLimits } from './zip-parts';

export interface XlsxLimits extends ZipLimits {
  /** Rows holding at least one value, the header included; the next one refuses the file. */
  maxRows: number;
  /** Columns: a value past the last one refuses the file (so no row holds more than this many cells). */
  maxColumns: number;
  /** Characters of one cell or shared string. */
  maxCellChars: number;
}

/** A cell's value: text, number, boolean, or a date (a number whose style is a date format, in UTC). */
export type XlsxCell = string | number | boolean | Date;

export interface XlsxRow {
  /** The sheet's row number (1-based), as the user sees it in Excel. */
  number: number;
  /** By column (0 = A); a hole where the cell is empty. */
  cells: (XlsxCell | undefined)[];
}

const RELATIONSHIP_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** Excel's built-in number formats that show dates or times. */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);
const DAY_MS = 86_400_000;
/** 1899-12-30, day 0 of Excel's 1900 date system (as Excel counts, with its 29 Feb 1900). */
const EPOCH_1900_MS = Date.UTC(1899, 11, 30);
const EPOCH_1904_MS = Date.UTC(1904, 0, 1);

/**
 * The rows of an xlsx file's first sheet, read as a stream: one part at a time is inflated (never more
 * than `maxPartBytes` of it), XML is parsed in bounded pieces, and the file is refused (FileLimitError) as
 * soon as it breaks a limit, so neither a huge cell nor a million rows are ever held in memory. Only the
 * shared strings (bounded by the part size and by maxRows × maxColumns strings) and one row are kept.
 * Anything that is not a readable xlsx throws FileFormatError.
 */
export async function* readXlsxRows(file: Buffer, limits: XlsxLimits): AsyncGenerator<XlsxRow> {
  const zip = await ZipParts.open(file, limits);
  try {
    const workbookPath = (await readRelationships(zip, '')).find((r) => r.type === 'officeDocument')?.target ?? 'xl/workbook.xml';
    if (!zip.has(workbookPath)) throw new FileFormatError('no workbook: not an xlsx file');
    const workbook = await readWorkbook(zip, workbookPath);
    const related = await readRelationships(zip, workbookPath);
    const sheetPath = related.find((r) => r.id === workbook.firstSheetId)?.target;
    if (!sheetPath) throw new FileFormatError('the workbook has no sheet');
    const stylesPath = related.find((r) => r.type === 'styles')?.target;
    const stringsPath = related.find((r) => r.type === 'sharedStrings')?.target;
    const context: SheetContext = {
      dateStyles: stylesPath && zip.has(stylesPath) ? await readDateStyles(zip, stylesPath) : [],
      sharedStrings: stringsPath && zip.has(stringsPath) ? await readSharedStrings(zip, stringsPath, limits) : [],
      epochMs: workbook.date1904 ? EPOCH_1904_MS : EPOCH_1900_MS,
      limits,
    };
    yield* readSheet(zip, sheetPath, context);
  } finally {
    zip.close();
  }
}

interface Relationship {
  id: string;
  /** The last segment of the relationship type: 'officeDocument', 'worksheet', 'styles', 'sharedStrings'. */
  type: string;
  /** The target part's name from the zip's root. */
  target: string;
}

/** The relationships of a part ('' for the package itself): _rels/.rels, xl/_rels/workbook.xml.rels. */
async function readRelationships(zip: ZipParts, source: string): Promise<Relationship[]> {
  const folder = posix.dirname(source);
  const relsPath = posix.join(folder, '_rels', `${posix.basename(source)}.rels`);
  if (!zip.has(relsPath)) return [];
  const relationships: Relationship[] = [];
  for await (const event of xmlEvents(zip.text(relsPath))) {
    if (event.kind !== 'open' || event.name !== 'Relationship' || event.attributes.TargetMode === 'External') continue;
    const { Id: id, Type: type = '', Target: target } = event.attributes;
    if (!id || !target) continue;
    relationships.push({
      id,
      type: type.startsWith(RELATIONSHIP_TYPE) ? type.slice(type.lastIndexOf('/') + 1) : type,
      target: target.startsWith('/') ? target.slice(1) : posix.join(folder, target),
    });
  }
  return relationships;
}

async function readWorkbook(zip: ZipParts, path: string): Promise<{ firstSheetId?: string; date1904: boolean }> {
  let firstSheetId: string | undefined;
  let date1904 = false;
  for await (const event of xmlEvents(zip.text(path))) {
    if (event.kind !== 'open') continue;
    if (event.name === 'workbookPr') date1904 = isTrue(event.attributes.date1904);
    else if (event.name === 'sheet') firstSheetId ??= attribute(event.attributes, 'id');
  }
  return { firstSheetId, date1904 };
}

/** For each cell style (the `s` of a cell), whether its number format shows a date. */
async function readDateStyles(zip: ZipParts, path: string): Promise<boolean[]> {
  const customDateFormats = new Set<number>();
  const dateStyles: boolean[] = [];
  let inCellXfs = false;
  for await (const event of xmlEvents(zip.text(path))) {
    if (event.kind === 'close' && event.name === 'cellXfs') inCellXfs = false;
    if (event.kind !== 'open') continue;
    if (event.name === 'numFmt' && isDateFormatCode(event.attributes.formatCode ?? '')) {
      customDateFormats.add(Number(event.attributes.numFmtId));
    } else if (event.name === 'cellXfs') {
      inCellXfs = true;
    } else if (inCellXfs && event.name === 'xf') {
      const id = Number(event.attributes.numFmtId ?? 0);
      dateStyles.push(DATE_FORMAT_IDS.has(id) || customDateFormats.has(id));
    }
  }
  return dateStyles;
}

/** A format code shows a date when, outside quoted text, escapes and [colour] or [$-locale] brackets, it has a date or time letter. */
function isDateFormatCode(code: string): boolean {
  const bare = code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** The shared string table: the text of each <si>, its runs joined, phonetic guides (<rPh>) left out. */
async function readSharedStrings(zip: ZipParts, path: string, limits: XlsxLimits): Promise<string[]> {
  const maxStrings = limits.maxRows * limits.maxColumns;
  const strings: string[] = [];
  const text = new CellText(limits.maxCellChars);
  let inString = false;
  let inText = false;
  let phonetic = 0;
  for await (const event of xmlEvents(zip.text(path))) {
    if (event.kind === 'open') {
      if (event.name === 'si') {
        if (strings.length >= maxStrings) throw new FileLimitError('strings', maxStrings, `more than ${maxStrings} shared strings`);
        inString = true;
        text.reset();
      } else if (event.name === 'rPh') phonetic++;
      else if (event.name === 't' && inString && phonetic === 0) inText = true;
    } else if (event.kind === 'close') {
      if (event.name === 'si') {
        strings.push(text.value());
        inString = false;
      } else if (event.name === 'rPh') phonetic--;
      else if (event.name === 't') inText = false;
    } else if (inText) text.add(event.text);
  }
  return strings;
}

interface SheetContext {
  dateStyles: boolean[];
  sharedStrings: string[];
  epochMs: number;
  limits: XlsxLimits;
}

/** The rows of a worksheet part, each handed on as soon as it is closed. */
async function* readSheet(zip: ZipParts, path: string, context: SheetContext): AsyncGenerator<XlsxRow> {
  const { limits } = context;
  const parser = new SheetParser(context);
  let rows = 0;
  for await (const event of xmlEvents(zip.text(path))) {
    const row = parser.take(event);
    if (!row) continue;
    if (++rows > limits.maxRows) throw new FileLimitError('rows', limits.maxRows, `more than ${limits.maxRows} rows`);
    yield row;
  }
}

/** The state of one <row> being read: its cells, and the cell whose value is being collected. */
class SheetParser {
  private rowNumber = 0;
  private cells: (XlsxCell | undefined)[] = [];
  private hasValue = false;
  private column = -1;
  private cellType = 'n';
  private cellStyle = 0;
  /** Inside <v>, or a <t> of an inline string (<is>) but not of its phonetic guide. */
  private collecting = false;
  private inInlineString = false;
  private phonetic = 0;
  private readonly text: CellText;

  constructor(private readonly context: SheetContext) {
    this.text = new CellText(context.limits.maxCellChars);
  }

  /** Feeds one event; answers the row it completes, if it completes one that holds a value. */
  take(event: XmlEvent): XlsxRow | undefined {
    if (event.kind === 'text') {
      if (this.collecting) this.text.add(event.text);
      return undefined;
    }
    if (event.kind === 'open') {
      this.open(event.name, event.attributes);
      return undefined;
    }
    return this.close(event.name);
  }

  private open(name: string, attributes: Record<string, string>): void {
    switch (name) {
      case 'row':
        this.rowNumber = attributes.r ? positiveInteger(attributes.r, 'row number') : this.rowNumber + 1;
        this.cells = [];
        this.hasValue = false;
        this.column = -1;
        break;
      case 'c':
        this.column = attributes.r ? columnOf(attributes.r) : this.column + 1;
        this.cellType = attributes.t ?? 'n';
        this.cellStyle = Number(attributes.s ?? 0);
        this.text.reset();
        break;
      case 'v':
        this.collecting = true;
        break;
      case 'is':
        this.inInlineString = true;
        break;
      case 'rPh':
        this.phonetic++;
        break;
      case 't':
        this.collecting = this.inInlineString && this.phonetic === 0;
        break;
    }
  }

  private close(name: string): XlsxRow | undefined {
    switch (name) {
      case 'v':
      case 't':
        this.collecting = false;
        break;
      case 'is':
        this.inInlineString = false;
        break;
      case 'rPh':
        this.phonetic--;
        break;
      case 'c':
        this.closeCell();
        break;
      case 'row':
        return this.hasValue ? { number: this.rowNumber, cells: this.cells } : undefined;
    }
    return undefined;
  }

  private closeCell(): void {
    const raw = this.text.value();
    const value = this.cellValue(raw);
    if (value === undefined || value === '') return;
    const { maxColumns } = this.context.limits;
    if (this.column >= maxColumns)
      throw new FileLimitError('columns', maxColumns, `a value past column ${maxColumns} (row ${this.rowNumber})`);
    this.cells[this.column] = value;
    this.hasValue = true;
  }

  private cellValue(raw: string): XlsxCell | undefined {
    switch (this.cellType) {
      case 's': {
        const shared = this.context.sharedStrings[Number(raw)];
        if (shared === undefined) throw new FileFormatError(`row ${this.rowNumber}: no shared string ${raw.slice(0, 20)}`);
        return shared;
      }
      case 'str':
      case 'inlineStr':
      case 'e':
        return raw;
      case 'b':
        return raw === '' ? undefined : raw === '1' || raw === 'true';
      case 'd':
        return raw === '' ? undefined : isoDate(raw, this.rowNumber);
      default: {
        if (raw.trim() === '') return undefined;
        const number = Number(raw);
        if (!Number.isFinite(number)) throw new FileFormatError(`row ${this.rowNumber}: not a number`);
        return this.context.dateStyles[this.cellStyle] ? new Date(Math.round(this.context.epochMs + number * DAY_MS)) : number;
      }
    }
  }
}

/** A cell's text as it arrives in pieces, refused as soon as it grows past the limit. */
class CellText {
  private pieces: string[] = [];
  private length = 0;

  constructor(private readonly maxChars: number) {}

  reset(): void {
    this.pieces = [];
    this.length = 0;
  }

  add(piece: string): void {
    this.length += piece.length;
    if (this.length > this.maxChars) throw new FileLimitError('cell', this.maxChars, `a cell longer than ${this.maxChars} characters`);
    this.pieces.push(piece);
  }

  value(): string {
    return this.pieces.join('');
  }
}

/** 'B7' → 1 (0-based column); the letters of Excel's last column XFD at most. */
function columnOf(reference: string): number {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference)?.[1];
  if (!letters) throw new FileFormatError(`bad cell reference ${reference.slice(0, 20)}`);
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

function positiveInteger(text: string, what: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) throw new FileFormatError(`bad ${what} ${text.slice(0, 20)}`);
  return value;
}

function isoDate(text: string, row: number): Date {
  const date = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) || !text.includes('T') ? text : `${text}Z`);
  if (Number.isNaN(date.getTime())) throw new FileFormatError(`row ${row}: bad date ${text.slice(0, 20)}`);
  return date;
}

function isTrue(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}
