import ExcelJS from 'exceljs';
import { inArray, sql } from 'drizzle-orm';
import { snManagement, SN_PATTERN } from '../../../resources/snManagement';
import { formFields } from '../../../resources/types';
import type * as c from '../../../contract/admin/sn';
import { Code } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import type { Actor } from '../../core/auth/actor';
import { writeAudits, type AuditEntry } from '../../core/crud/audit';
import type { CrudHooks, CrudService, Row } from '../../core/crud/factory';
import { validateFields } from '../../core/crud/validate';
import type { Database } from '../../core/db';
import { snRegistry } from '../../core/db/schema';
import { FileFormatError, FileLimitError } from '../../core/files/errors';
import { readXlsxRows, type XlsxCell, type XlsxLimits } from '../../core/files/xlsx-rows';
import { ApiError } from '../../core/http/envelope';

/** The columns of the import sheet, in order (the template has them as its header row). */
export const SN_IMPORT_COLUMNS = ['sn', 'check_code', 'product_type', 'model', 'production_date', 'state'] as const;
const MAX_IMPORT_ROWS = 5000;
/** A 5,000-row sheet is some 150 kB; the upload is cut off well above that. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** The sheet: 5,000 S/Ns under a header, spare columns for the user's notes, short cells, parts far larger than such a sheet. */
const IMPORT_LIMITS: XlsxLimits = {
  maxRows: MAX_IMPORT_ROWS + 1,
  maxColumns: 64,
  maxCellChars: 4096,
  maxPartBytes: 16 * 1024 * 1024,
  maxParts: 1000,
};
/** Rows per insert statement (PostgreSQL takes at most 65,535 parameters in one). */
const INSERT_BATCH = 1000;

type ImportRowResult = c.SnImportRow;

function cellText(value: XlsxCell | undefined): string {
  if (value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** snManagement's spec checks on its generated calls (registered with the declaration in server/admin/routes.ts). */
export const snHooks: CrudHooks = {
  beforeSave(values, { existing }) {
    if (!existing) return;
    const renamed = String(existing.sn).toUpperCase() !== String(values.sn).toUpperCase();
    // An S/N in the field or on its way keeps its number.
    if (renamed && existing.state === 'installed') throw new ApiError(Code.SN_INSTALLED, undefined, { data: { field: 'sn' } });
    if (renamed && existing.state === 'moving') throw new ApiError(Code.SN_MOVING, undefined, { data: { field: 'sn' } });
  },
  beforeDelete(existing) {
    if (existing.state === 'installed') throw new ApiError(Code.SN_INSTALLED);
    if (existing.state === 'moving') throw new ApiError(Code.SN_MOVING);
  },
};

/** Registration and installation check an S/N and its check code: 25, 61, 18, 21, 22, 85, 105. */
export async function checkSn(db: Database, body: { sn?: string; check_code?: string }): Promise<c.CheckSnAnswer> {
  const sn = (body.sn ?? '').trim().toUpperCase();
  if (!sn) throw new ApiError(Code.SN_REQUIRED);
  if (!SN_PATTERN.test(sn)) throw new ApiError(Code.SN_ERROR);
  const [row] = await db
    .select()
    .from(snRegistry)
    .where(sql`lower(${snRegistry.sn}) = lower(${sn})`)
    .limit(1);
  if (!row) throw new ApiError(Code.SN_NOT_FOUND);
  if ((body.check_code ?? '').trim().toUpperCase() !== row.check_code.toUpperCase()) throw new ApiError(Code.SN_CHECK_CODE_WRONG);
  if (row.state === 'installed') throw new ApiError(Code.SN_INSTALLED);
  if (row.state === 'moving') throw new ApiError(Code.SN_MOVING);
  if (row.state === 'banned') throw new ApiError(Code.SN_BANNED, `S/N ${row.sn} is banned from upgrading`);
  return { sn: row.sn, product_type: row.product_type, model: row.model };
}

/** The xlsx template of the import: the header row and one example. */
export async function snImportTemplate(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('SN');
  sheet.addRow([...SN_IMPORT_COLUMNS]);
  sheet.addRow(['ESS2026X0001', 'A1B2C3', 'system', 'ESS-10K', '2026-01-15', 'free']);
  sheet.columns.forEach((column) => (column.width = 18));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Bulk import of an uploaded sheet: one result per row (200 saved, else why not). */
export async function importSnSheet(
  deps: AppDeps,
  crud: CrudService,
  actor: Actor,
  file: { filename: string; data: Buffer },
): Promise<c.SnImportAnswer> {
  if (!/\.xlsx$/i.test(file.filename)) throw new ApiError(Code.ATTACHMENT_FORMAT);
  const rows = await readImportSheet(file.data);
  const results = await importRows(deps, crud, actor, file.filename, rows);
  const created = results.filter((r) => r.code === 200).length;
  return { total: results.length, created, failed: results.length - created, rows: results };
}

interface ImportRow {
  /** The sheet's row number. */
  row: number;
  /** The cells of SN_IMPORT_COLUMNS that hold text, by column name. */
  body: Record<string, unknown>;
}

/** The import's rows by the header's column names; a file that is not a readable xlsx, or breaks a limit, refused. */
async function readImportSheet(data: Buffer): Promise<ImportRow[]> {
  const rows: ImportRow[] = [];
  let index: Map<string, number> | undefined;
  try {
    for await (const { number, cells } of readXlsxRows(data, IMPORT_LIMITS)) {
      if (!index) {
        const header = new Map<string, number>();
        // forEach, not map: an empty header cell is a hole in `cells`.
        cells.forEach((cell, column) => header.set(cellText(cell).trim().toLowerCase(), column));
        index = header;
        if (!index.has('sn')) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: the sheet has no "sn" column');
        continue;
      }
      const body: Record<string, unknown> = {};
      for (const column of SN_IMPORT_COLUMNS) {
        const at = index.get(column);
        const text = at === undefined ? '' : cellText(cells[at]).trim();
        if (text !== '') body[column] = text;
      }
      if (Object.keys(body).length > 0) rows.push({ row: number, body });
    }
  } catch (error) {
    if (error instanceof FileFormatError) throw new ApiError(Code.ATTACHMENT_FORMAT);
    if (error instanceof FileLimitError) {
      const info = error.limit === 'rows' ? `at most ${MAX_IMPORT_ROWS} rows` : `file (${error.message})`;
      throw new ApiError(Code.PARAM_ERROR, `Parameter error: ${info}`, { data: { field: 'file' } });
    }
    throw error;
  }
  if (!index || rows.length === 0) throw new ApiError(Code.NO_DATA);
  return rows;
}

/**
 * Validates every row in memory, finds the S/Ns that exist already in one query, then writes the new ones
 * and their audit rows (who, which S/N, from which file and row) in one transaction of a few multi-row
 * inserts. An S/N that someone saves between the check and the insert is skipped by the unique index
 * (ON CONFLICT DO NOTHING) and answers 52 like any other duplicate.
 */
async function importRows(deps: AppDeps, crud: CrudService, actor: Actor, filename: string, rows: ImportRow[]): Promise<ImportRowResult[]> {
  const results: ImportRowResult[] = [];
  const candidates: { result: ImportRowResult; values: Row }[] = [];
  const seen = new Set<string>();
  for (const { row, body } of rows) {
    body.state ??= 'free';
    const result: ImportRowResult = { row, sn: String(body.sn ?? '').toUpperCase(), code: 200, info: 'Success' };
    results.push(result);
    try {
      const values = validateFields(snManagement.fields, formFields(snManagement, 'create'), body);
      result.sn = String(values.sn);
      if (seen.has(result.sn)) throw new ApiError(Code.SN_EXISTS);
      seen.add(result.sn);
      candidates.push({ result, values });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      Object.assign(result, { code: error.code, info: error.message });
    }
  }
  const existing = await existingSns(deps.db, [...seen]);
  const duplicate = new ApiError(Code.SN_EXISTS);
  const fresh = candidates.filter(({ result }) => {
    if (!existing.has(result.sn)) return true;
    Object.assign(result, { code: duplicate.code, info: duplicate.message });
    return false;
  });

  if (fresh.length === 0) return results;
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    for (let start = 0; start < fresh.length; start += INSERT_BATCH) {
      const batch = fresh.slice(start, start + INSERT_BATCH);
      const inserted = await tx
        .insert(snRegistry)
        .values(
          batch.map(({ values }) => ({
            ...(values as typeof snRegistry.$inferInsert),
            created_by: actor.username,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflictDoNothing()
        .returning();
      const bySn = new Map(inserted.map((row) => [row.sn, row]));
      const audits: AuditEntry[] = [];
      for (const { result } of batch) {
        const row = bySn.get(result.sn);
        if (!row) {
          Object.assign(result, { code: duplicate.code, info: duplicate.message });
          continue;
        }
        audits.push({
          action: 'snManagement.import',
          target: `snManagement:${row.id}`,
          after: crud.present(row as Row),
          extra: { file: filename, row: result.row },
        });
      }
      await writeAudits(tx, actor, now, audits);
    }
  });
  return results;
}

/** Which of these (upper-case) S/Ns the registry holds already, whatever their case there: one query on the lower(sn) index. */
async function existingSns(db: Database, sns: string[]): Promise<Set<string>> {
  if (sns.length === 0) return new Set();
  const rows = await db
    .select({ sn: snRegistry.sn })
    .from(snRegistry)
    .where(
      inArray(
        sql`lower(${snRegistry.sn})`,
        sns.map((sn) => sn.toLowerCase()),
      ),
    );
  return new Set(rows.map((r) => r.sn.toUpperCase()));
}
