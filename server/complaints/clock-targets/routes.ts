import type { FastifyPluginAsync } from 'fastify';
import { clockTargetCalls as calls } from '../../../contract/complaints-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { changeClockTargets, readClockTargets } from './service';

/** The service-level targets per priority (contract/complaints-calls.ts clockTargetCalls). */
export const clockTargetRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await registerEndpoint(app, calls.read, () => readClockTargets(deps.db));
  await registerEndpoint(app, calls.save, (actor, targets) => changeClockTargets(deps.db, actor, targets, deps.clock()));
};
