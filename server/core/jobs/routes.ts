import type { FastifyPluginAsync } from 'fastify';
import { jobCalls } from '../../../contract/jobs-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../http/endpoint';
import { jobRuns } from './runs';

/** /api/Jobs/*: the background job queue's runs (DESIGN §11), for administrators. */
export const jobRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await registerEndpoint(app, jobCalls.runs, (_actor, body) => jobRuns(deps.db, body));
};
