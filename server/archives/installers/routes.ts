import type { FastifyPluginAsync } from 'fastify';
import { installerCalls as calls } from '../../../contract/archives-calls';
import { installerArchives } from '../../../resources/installerArchives';
import type { AppDeps } from '../../config';
import { registerResources } from '../../core/crud/register';
import { registerEndpoint } from '../../core/http/endpoint';
import { refuseInstallerDeleteWhileLinked } from '../../admin/companies/service';
import { installerOverview, scorecardsInScope } from './service';

/**
 * Installer files: the generated calls of resources/installerArchives.ts, the scorecards of every file in the caller's
 * scope (/installerdetail's sortable list) and one file's overview: its scorecard, systems and the complaints on them
 * (contract/archives-calls.ts installerCalls). A file outside the scope answers 45, as one that does not exist.
 */
export const installerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  await registerResources(app, deps, {
    resources: [installerArchives],
    hooks: { [installerArchives.name]: refuseInstallerDeleteWhileLinked },
  });
  await registerEndpoint(app, calls.scorecards, (actor) => scorecardsInScope(db, actor, clock()));
  await registerEndpoint(app, calls.overview, (actor, { id }) => installerOverview(db, actor, id, clock()));
};
