import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../config';
import type { CrudService } from '../../core/crud/factory';
import { userLogExport } from './service';

/**
 * The audit trail's xlsx export with the filters of its generated list (`crud`; 8: nothing to export). Registered by
 * hand until the generated calls of a declaration are endpoint objects: its body and its rows are the generated
 * list's, which the engine reads with the request.
 */
export const userLogRoutes: FastifyPluginAsync<{ deps: AppDeps; crud: CrudService }> = async (fastify, { deps, crud }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The list's filters and order without its paging; a call without a body exports everything.
  const exportBody = crud.listSchema.omit({ pageIndex: true, pageSize: true }).nullish();
  app.post('/UserLog/ExportUserLog', {
    config: { permission: { subject: 'userLog', action: 'export' } },
    schema: { tags: ['userLog'], summary: 'The filtered audit trail as an xlsx file (code 8 when empty)', body: exportBody },
    handler: async (request, reply) => {
      const file = await userLogExport((body) => crud.list(request, body), request.body ?? {}, deps.clock());
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.bytes);
    },
  });
};
