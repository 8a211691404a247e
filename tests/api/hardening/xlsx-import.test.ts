import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { queryRows } from '../../../server/core/db';
import { FileFormatError, FileLimitError } from '../../../server/core/files/errors';
import { readXlsxRows, type XlsxLimits } from '../../../server/core/files/xlsx-rows';
import { xmlEvents } from '../../../server/core/files/xml-events';
import { auditRows, expectOk, freshAppPerTest, tableDigests } from '../admin/helpers';
import type { TestApp } from '../helpers';

/**
 * /SN/ImportSn once parsed the whole workbook before its 5,000-row limit (a 0.3 MB file with
 * one 300 MB cell took 2.1 GB, a million rows 0.9 GB) and wrote a statement per row. The bombs below are
 * small zips built here that inflate to hundreds of MB; each must be refused with its code while the
 * server (this process) grows by less than 100 MB, and nothing stored.
 */
let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const MB = 1024 * 1024;
const COLUMNS = ['sn', 'check_code', 'product_type', 'model', 'production_date', 'state'];

/** One part of a zip: a text, or the chunks of a stream built lazily (never held whole). */
type PartContent = string | (() => Iterable<string | Buffer>);

/** A zip of these parts (deflated, sizes in the central directory as yazl writes them). */
async function zipOf(parts: Record<string, PartContent>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content), name);
    else zip.addReadStream(Readable.from(content()), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The parts every xlsx has around its one sheet. */
function workbookParts(sheet: PartContent, sharedStrings?: PartContent): Record<string, PartContent> {
  const ns = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return {
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${ns}"><sheets><sheet name="SN" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheet,
    ...(sharedStrings ? { 'xl/sharedStrings.xml': sharedStrings } : {}),
  };
}

const SHEET_OPEN = '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_CLOSE = '</sheetData></worksheet>';

/** `size` bytes of 'A' in 1 MB chunks (one buffer, reused). */
function* repeatedA(size: number): Generator<Buffer> {
  const chunk = Buffer.alloc(MB, 'A');
  for (let left = size; left > 0; left -= MB) yield left >= MB ? chunk : chunk.subarray(0, left);
}

/** A sheet of `rows` S/N rows after the header, as inline strings, written in chunks of 1,000 rows. */
function* snSheet(rows: number, first = 1): Generator<string> {
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  yield SHEET_OPEN + `<row r="1">${COLUMNS.map((c, i) => cell(`${'ABCDEF'[i]}1`, c)).join('')}</row>`;
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const sn = `ESS2026S${String(first + i).padStart(7, '0')}`;
    chunk += `<row r="${r}">${cell(`A${r}`, sn)}${cell(`B${r}`, 'AB12')}${cell(`C${r}`, 'battery')}${cell(`E${r}`, '2026-02-01')}</row>`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + SHEET_CLOSE;
}

/** A header and `rows` rows of one and the same S/N: 55 MB of XML that deflates to some 100 kB. */
function* sameRows(rows: number): Generator<string> {
  yield `${SHEET_OPEN}<row><c t="inlineStr"><is><t>sn</t></is></c></row>`;
  const thousand = '<row><c t="inlineStr"><is><t>ESS2026S0000001</t></is></c></row>'.repeat(1000);
  for (let i = 0; i < rows; i += 1000) yield thousand;
  yield SHEET_CLOSE;
}

/**
 * Rewrites the uncompressed size the central directory gives for `name`: a zip whose header lies about
 * how far a part inflates.
 */
function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let at = patched.lastIndexOf(Buffer.from('PK\x05\x06')); at >= 0; at--) {
    if (patched.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = patched.readUInt16LE(at + 28);
    if (patched.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    patched.writeUInt32LE(size, at + 24);
    return patched;
  }
  throw new Error(`no central directory entry for ${name}`);
}

function multipart(files: { name?: string; filename: string; data: Buffer }[], token: string) {
  const boundary = '----essboundary';
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  };
}

/** Imports `file` and answers the envelope, with the most this process's RSS grew while it ran (sampled). */
async function importMeasured(file: Buffer, token: string, filename = 'sns.xlsx') {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  try {
    const response = await t.inject({ method: 'POST', url: '/api/SN/ImportSn', ...multipart([{ filename, data: file }], token) });
    peak = Math.max(peak, process.memoryUsage().rss);
    return { body: response.json(), grewMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

/** Imports `file`, expects `code` (and `info` to contain `text`), a bounded RSS and no table changed. */
async function expectRefused(file: Buffer, code: number, text: string) {
  const admin = await tokens.of('sncreator');
  const before = await tableDigests(t);
  const { body, grewMb } = await importMeasured(file, admin);
  expect(grewMb, `RSS grew by ${grewMb.toFixed(0)} MB`).toBeLessThan(100);
  expect(body.code, body.info).toBe(code);
  expect(body.info).toContain(text);
  expect(await tableDigests(t)).toEqual(before);
}

describe('xlsx reader (unit)', () => {
  async function* once(text: string) {
    yield text;
  }
  const limits: XlsxLimits = { maxRows: 3, maxColumns: 2, maxCellChars: 10, maxPartBytes: 4 * MB, maxParts: 10 };
  const rowsOf = async (sheet: string) => {
    const rows = [];
    for await (const row of readXlsxRows(await zipOf(workbookParts(`${SHEET_OPEN}${sheet}${SHEET_CLOSE}`)), limits)) rows.push(row);
    return rows;
  };
  const failureOf = (sheet: string) =>
    rowsOf(sheet).then(
      () => undefined,
      (error: Error) => error,
    );
  const limitBrokenBy = async (sheet: string) => {
    const failure = await failureOf(sheet);
    expect(failure).toBeInstanceOf(FileLimitError);
    return (failure as FileLimitError).limit;
  };

  it('hands a long text on in pieces of about 64 kB, and refuses a longer tag or a DTD', async () => {
    const pieces: number[] = [];
    for await (const event of xmlEvents(once(`<a>${'x'.repeat(MB)}</a>`))) if (event.kind === 'text') pieces.push(event.text.length);
    expect(pieces.reduce((a, b) => a + b)).toBe(MB);
    // sax's 64 kB, checked after each slice of 16 kB it is given.
    expect(Math.max(...pieces)).toBeLessThanOrEqual(80 * 1024);
    const drain = async (xml: string) => {
      for await (const _event of xmlEvents(once(xml)));
    };
    await expect(drain(`<a b="${'x'.repeat(MB)}"/>`)).rejects.toBeInstanceOf(FileFormatError);
    await expect(drain('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>')).rejects.toBeInstanceOf(FileFormatError);
  });

  it('reads rows by their cell references and stops at each limit', async () => {
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    expect(
      await rowsOf(`<row r="2">${cell('B2', 'b')}</row><row r="3"/><row r="5">${cell('A5', 'a')}<c r="B5"><v>7</v></c></row>`),
    ).toEqual([
      { number: 2, cells: [undefined, 'b'] },
      { number: 5, cells: ['a', 7] },
    ]);
    expect(await limitBrokenBy(`<row>${cell('C1', 'c')}</row>`)).toBe('columns');
    expect(await limitBrokenBy(`<row>${cell('A1', 'x'.repeat(11))}</row>`)).toBe('cell');
    expect(await limitBrokenBy(`<row>${cell('A1', '1')}</row>`.repeat(4))).toBe('rows');
    expect(await failureOf(`<row><c r="A1" t="s"><v>3</v></c></row>`)).toBeInstanceOf(FileFormatError);
    expect(await failureOf(`<row>${cell('A1', '1')}`)).toBeInstanceOf(FileFormatError);
    expect(await failureOf(`<row>${cell('A1', '1')}</row>`.repeat(3))).toBeUndefined();
  });
});

describe('S/N import: spreadsheets read as streams with limits', () => {
  // Building a bomb deflates hundreds of MB here (seconds on a busy machine); the server's part is quick.
  const BOMB_TIMEOUT = 120_000;

  it(
    'a 300 MB shared string in a small file: 2 before anything is inflated',
    async () => {
      const file = await zipOf(
        workbookParts(`${SHEET_OPEN}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_CLOSE}`, () => [
          '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>',
          ...repeatedA(300 * MB),
          '</t></si></sst>',
        ]),
      );
      expect(file.length).toBeLessThan(MB);
      await expectRefused(file, 2, 'inflates to more than');
    },
    BOMB_TIMEOUT,
  );

  it(
    'a 300 MB cell whose zip header lies about its size: 95 as soon as it inflates past the lie; a 5,000-character cell: 2',
    async () => {
      const honest = await zipOf(
        workbookParts(() => [
          SHEET_OPEN,
          '<row r="1"><c r="A1" t="inlineStr"><is><t>',
          ...repeatedA(300 * MB),
          `</t></is></c></row>${SHEET_CLOSE}`,
        ]),
      );
      expect(honest.length).toBeLessThan(MB);
      await expectRefused(withDeclaredSize(honest, 'xl/worksheets/sheet1.xml', 1000), 95, 'Attachment format incorrect');
      const longCell = await zipOf(
        workbookParts(`${SHEET_OPEN}<row r="1"><c r="A1" t="inlineStr"><is><t>sn${'x'.repeat(5000)}</t></is></c></row>${SHEET_CLOSE}`),
      );
      await expectRefused(longCell, 2, 'a cell longer than 4096 characters');
    },
    BOMB_TIMEOUT,
  );

  it(
    'a million rows: 2 on the part size, and at row 5,002 when the header hides the size',
    async () => {
      const million = await zipOf(workbookParts(() => sameRows(1_000_000)));
      expect(million.length).toBeLessThan(MB);
      await expectRefused(million, 2, 'inflates to more than');
      // Declared under the part limit: refused while streaming, on the row limit, long before the end.
      await expectRefused(withDeclaredSize(million, 'xl/worksheets/sheet1.xml', 8 * MB), 2, 'at most 5000 rows');
    },
    BOMB_TIMEOUT,
  );

  it('5,001 rows: 2, nothing stored', async () => {
    await expectRefused(await zipOf(workbookParts(() => snSheet(5001))), 2, 'at most 5000 rows');
  });

  it('5,000 rows: all stored, each with its audit row, in one transaction of a few statements', async () => {
    const admin = await tokens.of('sncreator');
    const { body } = await importMeasured(await zipOf(workbookParts(() => snSheet(5000))), admin);
    expect(body.code, body.info).toBe(200);
    expect(body.data).toMatchObject({ total: 5000, created: 5000, failed: 0 });
    expect(body.data.rows[4999]).toEqual({ row: 5001, sn: 'ESS2026S0005000', code: 200, info: 'Success' });

    const list = await expectOk(t, '/api/SN/GetSnPageList', { pageSize: 1 }, admin);
    expect(list.dataCount).toBe(5000);
    const audit = await auditRows(t, 'snManagement.import');
    expect(audit).toHaveLength(5000);
    expect(new Set(audit.map((a) => a.target)).size).toBe(5000);
    expect(audit.find((a) => (a.detail as any).row === 5001)?.detail).toMatchObject({
      file: 'sns.xlsx',
      after: { sn: 'ESS2026S0005000', created_by: 'sncreator' },
    });

    // xmin: the transaction that wrote a row; cmin: the statement within it. One transaction holds every
    // S/N and its audit row (none without the other), written by a few multi-row inserts, not 10,000.
    const [written] = await queryRows<{ transactions: number; statements: number }>(
      t.db,
      sql`SELECT count(DISTINCT xmin::text)::int AS transactions, count(DISTINCT cmin::text)::int AS statements FROM (
            SELECT xmin, cmin FROM sn_registry UNION ALL SELECT xmin, cmin FROM user_log WHERE action = 'snManagement.import') w`,
    );
    expect(written).toEqual({ transactions: 1, statements: expect.any(Number) });
    expect(written!.statements).toBeLessThanOrEqual(12);
  });

  it('S/Ns that exist already answer 52 from one check, the others are stored', async () => {
    const admin = await tokens.of('sncreator');
    await expectOk(
      t,
      '/api/SN/SaveSn',
      { sn: 'ess2026s0000002', check_code: 'AB12', product_type: 'system', production_date: '2026-01-01', state: 'free' },
      admin,
    );
    const { body } = await importMeasured(await zipOf(workbookParts(() => snSheet(3))), admin);
    expect(body.data.rows.map((r: any) => r.code)).toEqual([200, 52, 200]);
    expect((await expectOk(t, '/api/SN/GetSnPageList', { pageSize: 10 }, admin)).dataCount).toBe(3);
    expect(await auditRows(t, 'snManagement.import')).toHaveLength(2);
  });

  it('reads what Excel writers write: shared strings after the sheet, dates by style, any column order, a header with a gap', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('SN');
    sheet.addRow(['state', 'production_date', null, 'sn', 'check_code', 'product_type', 'notes']);
    sheet.addRow(['free', new Date(Date.UTC(2026, 2, 4)), 'x', 'ESS2026X0001', 'AB12', 'meter', 'a note']);
    const admin = await tokens.of('sncreator');
    const { body } = await importMeasured(Buffer.from(await book.xlsx.writeBuffer()), admin);
    expect(body.data.rows).toEqual([{ row: 2, sn: 'ESS2026X0001', code: 200, info: 'Success' }]);
    const [stored] = (await expectOk(t, '/api/SN/GetSnPageList', { pageSize: 1 }, admin)).data;
    expect(stored).toMatchObject({ sn: 'ESS2026X0001', production_date: '2026-03-04', product_type: 'meter' });
  });

  it('refuses by content and by limit: a zip that is no workbook 95, a file over 10 MB 2, a second file 2; nothing stored', async () => {
    const admin = await tokens.of('sncreator');
    const before = await tableDigests(t);
    const send = async (files: { name?: string; filename: string; data: Buffer }[]) =>
      (await t.inject({ method: 'POST', url: '/api/SN/ImportSn', ...multipart(files, admin) })).json();

    const notAWorkbook = await zipOf({ 'readme.txt': 'hello' });
    expect((await send([{ filename: 'sns.xlsx', data: notAWorkbook }])).code).toBe(95);
    const sheet = await zipOf(workbookParts(() => snSheet(2)));
    expect((await send([{ filename: 'sns.exe', data: sheet }])).code).toBe(95);
    const large = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(11 * MB)]);
    const tooLarge = await send([{ filename: 'sns.xlsx', data: large }]);
    expect(tooLarge.code).toBe(2);
    expect(tooLarge.info).toContain('file');
    const two = await send([
      { filename: 'sns.xlsx', data: sheet },
      { name: 'other', filename: 'more.xlsx', data: sheet },
    ]);
    expect(two.code).toBe(2);
    expect(two.info).toContain('one file');
    expect(await tableDigests(t)).toEqual(before);
  });
});
