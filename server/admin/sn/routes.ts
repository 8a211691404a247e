import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { snCalls as calls } from '../../../contract/admin/sn-calls';
import type { AppDeps } from '../../config';
import type { CrudService } from '../../core/crud/factory';
import { readOneFile } from '../../core/files/upload';
import { ZIP_MAGIC } from '../../core/files/zip-parts';
import { registerEndpoint, registerUpload } from '../../core/http/endpoint';
import { requirePermission } from '../../core/http/permissions';
import { checkSn, importSnSheet, MAX_IMPORT_BYTES, snImportTemplate } from './service';

/**
 * The S/N calls beyond the generated ones (contract/admin/sn-calls.ts); `crud` is snManagement's generated service
 * (duplicates of an import).
 */
export const snRoutes: FastifyPluginAsync<{ deps: AppDeps; crud: CrudService }> = async (app, { deps, crud }) => {
  await registerEndpoint(app, calls.check, (_actor, body) => checkSn(deps.db, body));
  await registerEndpoint(app, calls.template, async () => ({ name: 'sn-import-template.xlsx', bytes: await snImportTemplate() }));

  await app.register(async (scope) => {
    // The file is cut off at its limit while it streams in; a few small fields at most besides it.
    await scope.register(multipart, {
      limits: { fileSize: MAX_IMPORT_BYTES, parts: 10, fields: 8, fieldSize: 1024 },
      throwFileSizeLimit: false,
    });
    await registerUpload(scope, calls.importSheet, async (actor, request) => {
      requirePermission(actor, 'snManagement', 'create');
      const file = await readOneFile(request, { maxBytes: MAX_IMPORT_BYTES, magic: ZIP_MAGIC });
      return importSnSheet(deps, crud, actor, file);
    });
  });
};
