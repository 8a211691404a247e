import type { FastifyPluginAsync } from 'fastify';
import { endpointsOf } from '../../../resources/endpoints';
import { userLog } from '../../../resources/userLog';
import type { AppDeps } from '../../config';
import type { CrudService } from '../../core/crud/factory';
import { registerEndpoint } from '../../core/http/endpoint';
import { userLogExport } from './service';

/** The audit trail's xlsx export with the filters of its generated list (`crud`; 8: nothing to export). */
export const userLogRoutes: FastifyPluginAsync<{ deps: AppDeps; crud: CrudService }> = async (app, { deps, crud }) => {
  await registerEndpoint(app, endpointsOf(userLog).export!, (actor, body) =>
    userLogExport((page) => crud.list(actor, page), body ?? {}, deps.clock()),
  );
};
