import type { FastifyPluginAsync } from 'fastify';
import { complaints } from '../../resources/complaints';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { complaintHooks, complaintWorkflowHooks } from './service';

/**
 * After-sales complaints (issue 13): the calls generated from the declaration (resources/complaints.ts), all named
 * `/Complaints/<Verb>Complaint`: list, one, save, the file upload and download, one call per workflow action and
 * the history. The spec's checks the declaration cannot say are the hooks of service.ts.
 */
export const complaintRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  registerResources(app, deps, {
    resources: [complaints],
    hooks: { [complaints.name]: complaintHooks },
    workflowHooks: { [complaints.name]: complaintWorkflowHooks },
  });
};
