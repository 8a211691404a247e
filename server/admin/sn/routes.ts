import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as c from '../../../contract/admin/sn';
import { snCalls as calls } from '../../../contract/admin/sn-calls';
import type { AppDeps } from '../../config';
import type { CrudService } from '../../core/crud/factory';
import { readOneFile } from '../../core/files/upload';
import { ZIP_MAGIC } from '../../core/files/zip-parts';
import { registerEndpoint } from '../../core/http/endpoint';
import { envelopeOf, ok } from '../../core/http/envelope';
import { requirePermission } from '../../core/http/permissions';
import { actorOf } from '../../core/http/request-actor';
import { checkSn, importSnSheet, MAX_IMPORT_BYTES, snImportTemplate } from './service';

/**
 * The S/N calls beyond the generated ones (contract/admin/sn-calls.ts); `crud` is snManagement's generated service
 * (duplicates of an import). The import takes a multipart form, which registerEndpoint does not register yet: it is
 * registered here by hand.
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
    /** Bulk import: one row per S/N; every row answers its own code (200 saved, else why not). */
    scope.withTypeProvider<ZodTypeProvider>().post('/SN/ImportSn', {
      config: { permission: { subject: 'sn', action: 'create' } },
      schema: {
        tags: [calls.check.tag],
        summary: 'Import S/Ns from an xlsx file (multipart field "file"); a result per row',
        response: { 200: envelopeOf(c.snImportAnswer) },
      },
      handler: async (request) => {
        requirePermission(request, 'snManagement', 'create');
        const file = await readOneFile(request, { maxBytes: MAX_IMPORT_BYTES, magic: ZIP_MAGIC });
        return ok(await importSnSheet(deps, crud, actorOf(request), file));
      },
    });
  });
};
