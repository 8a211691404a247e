import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { snManagement, SN_PATTERN } from '../../resources/snManagement';
import { formFields } from '../../resources/types';
import { Code } from '../../src/shared/codes';
import type { AppDeps } from '../config';
import { writeAudit } from '../crud/audit';
import type { CrudHooks, CrudService, Row } from '../crud/factory';
import { parseBody, validateFields } from '../crud/validate';
import { isUniqueViolation, type Database } from '../db';
import { snRegistry } from '../db/schema';
import { ApiError, ok } from '../http/envelope';
import { requirePermission } from '../http/permissions';

/** The columns of the import sheet, in order (the template has them as its header row). */
export const SN_IMPORT_COLUMNS = ['sn', 'check_code', 'product_type', 'model', 'production_date', 'state'] as const;
const MAX_IMPORT_ROWS = 5000;
const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export interface ImportRowResult {
  row: number;
  sn: string;
  code: number;
  info: string;
}

const checkBody = z.object({ sn: z.string().optional(), check_code: z.string().optional() });

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
  }
  return String(value);
}

/** snManagement's spec checks on its generated calls (registered with the declaration in server/admin/index.ts). */
export const snHooks: CrudHooks = {
  beforeSave(values, { existing }) {
    if (!existing) return;
    const renamed = String(existing.sn).toUpperCase() !== String(values.sn).toUpperCase();
    // An S/N in the field or on its way keeps its number.
    if (renamed && existing.state === 'installed') throw new ApiError(22, undefined, { data: { field: 'sn' } });
    if (renamed && existing.state === 'moving') throw new ApiError(85, undefined, { data: { field: 'sn' } });
  },
  beforeDelete(existing) {
    if (existing.state === 'installed') throw new ApiError(22);
    if (existing.state === 'moving') throw new ApiError(85);
  },
};

/** The S/N calls beyond the generated ones; `crud` is snManagement's generated service (duplicates of an import). */
export async function registerSn(app: FastifyInstance, deps: AppDeps, crud: CrudService): Promise<void> {
  /** Registration and installation check an S/N and its check code: 25, 61, 18, 21, 22, 85, 105. */
  app.post('/SN/CheckSn', {
    config: { permission: 'snManagement' },
    schema: { tags: ['snManagement'], summary: 'Check an S/N and its check code (25, 61, 18, 21, 22, 85, 105)' },
    validatorCompiler: () => (data) => ({ value: data }),
    handler: async (request) => {
      const body = parseBody(checkBody, request.body);
      const sn = (body.sn ?? '').trim().toUpperCase();
      if (!sn) throw new ApiError(25);
      if (!SN_PATTERN.test(sn)) throw new ApiError(61);
      const [row] = await deps.db.select().from(snRegistry).where(sql`lower(${snRegistry.sn}) = lower(${sn})`).limit(1);
      if (!row) throw new ApiError(18);
      if ((body.check_code ?? '').trim().toUpperCase() !== row.check_code.toUpperCase()) throw new ApiError(21);
      if (row.state === 'installed') throw new ApiError(22);
      if (row.state === 'moving') throw new ApiError(85);
      if (row.state === 'banned') throw new ApiError(Code.SN_BANNED, `S/N ${row.sn} is banned from upgrading`);
      return ok({ sn: row.sn, product_type: row.product_type, model: row.model });
    },
  });

  app.post('/SN/GetSnImportTemplate', {
    config: { permission: 'snManagement' },
    schema: { tags: ['snManagement'], summary: 'The xlsx template of the S/N import' },
    handler: async (_request, reply) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('SN');
      sheet.addRow([...SN_IMPORT_COLUMNS]);
      sheet.addRow(['ESS2026X0001', 'A1B2C3', 'system', 'ESS-10K', '2026-01-15', 'free']);
      sheet.columns.forEach((c) => (c.width = 18));
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="sn-import-template.xlsx"')
        .send(buffer);
    },
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 80 * 1024 * 1024, files: 1 } });
    /** Bulk import: one row per S/N; every row answers its own code (200 saved, else why not). */
    scope.post('/SN/ImportSn', {
      config: { permission: ['create', 'snManagement'] },
      schema: { tags: ['snManagement'], summary: 'Import S/Ns from an xlsx file (multipart field "file"); a result per row' },
      handler: async (request) => {
        requirePermission(request, 'snManagement', 'create');
        if (!request.isMultipart()) throw new ApiError(34);
        const file = await request.file();
        if (!file) throw new ApiError(34);
        const buffer = await file.toBuffer();
        if (buffer.length === 0) throw new ApiError(34);
        if (!/\.xlsx$/i.test(file.filename) || !buffer.subarray(0, 4).equals(XLSX_MAGIC)) throw new ApiError(95);
        const book = new ExcelJS.Workbook();
        try {
          await book.xlsx.load(buffer as unknown as ArrayBuffer);
        } catch {
          throw new ApiError(95);
        }
        const sheet = book.worksheets[0];
        if (!sheet || sheet.rowCount < 2) throw new ApiError(Code.NO_DATA);
        const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map((v) => cellText(v).trim().toLowerCase());
        const index = new Map(header.map((h, i) => [h, i + 1]));
        if (!index.has('sn')) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: the sheet has no "sn" column');
        if (sheet.rowCount - 1 > MAX_IMPORT_ROWS) throw new ApiError(Code.PARAM_ERROR, `Parameter error: at most ${MAX_IMPORT_ROWS} rows`);

        const results: ImportRowResult[] = [];
        const seen = new Set<string>();
        const now = deps.clock();
        const created: string[] = [];
        for (let r = 2; r <= sheet.rowCount; r++) {
          const row = sheet.getRow(r);
          const body: Record<string, unknown> = {};
          for (const column of SN_IMPORT_COLUMNS) {
            const at = index.get(column);
            const text = at ? cellText(row.getCell(at).value).trim() : '';
            if (text !== '') body[column] = text;
          }
          if (Object.keys(body).length === 0) continue;
          body.state ??= 'free';
          const sn = String(body.sn ?? '').toUpperCase();
          try {
            const values = validateFields(snManagement.fields, formFields(snManagement, 'create'), body);
            if (seen.has(String(values.sn))) throw new ApiError(52);
            await crud.assertUnique(values);
            // Each S/N is its own record: it is written with its own audit row (who, which S/N, from which file and row).
            await deps.db
              .transaction(async (tx) => {
                const [row] = await tx
                  .insert(snRegistry)
                  .values({ ...(values as typeof snRegistry.$inferInsert), created_by: request.user.username, created_at: now, updated_at: now })
                  .returning();
                await writeAudit(tx as unknown as Database, request, now, {
                  action: 'snManagement.import',
                  target: `snManagement:${row!.id}`,
                  after: crud.present(row as Row),
                  extra: { file: file.filename, row: r },
                });
              })
              .catch((error: unknown) => {
                // The same S/N saved by someone else since the check above.
                throw isUniqueViolation(error) ? new ApiError(52) : error;
              });
            seen.add(String(values.sn));
            created.push(String(values.sn));
            results.push({ row: r, sn: String(values.sn), code: 200, info: 'Success' });
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            results.push({ row: r, sn, code: error.code, info: error.message });
          }
        }
        return ok({ total: results.length, created: created.length, failed: results.length - created.length, rows: results });
      },
    });
  });
}
