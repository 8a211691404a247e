import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import type { CrudService, Row } from '../../core/crud/factory';
import { ApiError } from '../../core/http/envelope';
import { userLogWorkbook } from './service';

const EXPORT_LIMIT = 50_000;

/** The audit trail's xlsx export with the filters of its generated list (`crud`; 8: nothing to export). */
export function registerUserLog(fastify: FastifyInstance, deps: AppDeps, crud: CrudService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The list's filters and order without its paging; a call without a body exports everything.
  const exportBody = crud.listSchema.omit({ pageIndex: true, pageSize: true }).nullish();
  app.post('/UserLog/ExportUserLog', {
    config: { permission: { subject: 'userLog', action: 'export' } },
    schema: { tags: ['userLog'], summary: 'The filtered audit trail as an xlsx file (code 8 when empty)', body: exportBody },
    handler: async (request, reply) => {
      const body: Row = { ...request.body, pageIndex: 1, pageSize: EXPORT_LIMIT };
      const { data } = await crud.list(request, body);
      if (data.length === 0) throw new ApiError(Code.NO_DATA);
      const day = deps.clock().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="user-log-${day}.xlsx"`)
        .send(await userLogWorkbook(data));
    },
  });
}
