import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as c from '../../../contract/admin/sn';
import type { AppDeps } from '../../config';
import type { CrudService } from '../../core/crud/factory';
import { readOneFile } from '../../core/files/upload';
import { ZIP_MAGIC } from '../../core/files/zip-parts';
import { envelopeOf, ok } from '../../core/http/envelope';
import { requirePermission } from '../../core/http/permissions';
import { checkSn, importSnSheet, MAX_IMPORT_BYTES, snImportTemplate } from './service';

const tags = ['snManagement'];

/** The S/N calls beyond the generated ones; `crud` is snManagement's generated service (duplicates of an import). */
export async function registerSn(fastify: FastifyInstance, deps: AppDeps, crud: CrudService): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/SN/CheckSn', {
    config: { permission: { subject: 'sn', action: 'read' } },
    schema: {
      tags,
      summary: 'Check an S/N and its check code (25, 61, 18, 21, 22, 85, 105)',
      body: c.checkSnBody,
      response: { 200: envelopeOf(c.checkSnAnswer) },
    },
    handler: async (request) => ok(await checkSn(deps.db, request.body)),
  });

  app.post('/SN/GetSnImportTemplate', {
    config: { permission: { subject: 'sn', action: 'read' } },
    schema: { tags, summary: 'The xlsx template of the S/N import' },
    handler: async (_request, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="sn-import-template.xlsx"')
        .send(await snImportTemplate()),
  });

  await app.register(async (scope) => {
    // The file is cut off at its limit while it streams in; a few small fields at most besides it.
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, parts: 10, fields: 8, fieldSize: 1024 },
      throwFileSizeLimit: false,
    });
    /** Bulk import: one row per S/N; every row answers its own code (200 saved, else why not). */
    scope.post('/SN/ImportSn', {
      config: { permission: { subject: 'sn', action: 'create' } },
      schema: {
        tags,
        summary: 'Import S/Ns from an xlsx file (multipart field "file"); a result per row',
        response: { 200: envelopeOf(c.snImportAnswer) },
      },
      handler: async (request) => {
        requirePermission(request, 'snManagement', 'create');
        const file = await readOneFile(request, { maxBytes: MAX_IMPORT_BYTES, magic: ZIP_MAGIC });
        return ok(await importSnSheet(deps, crud, request, file));
      },
    });
  });
}
