import type { FastifyPluginAsync } from 'fastify';
import { complaints } from '../../resources/complaints';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { AFTER_EVERY_TRANSITION } from '../core/crud/workflow';
import { clockTargetRoutes } from './clock-targets/routes';
import { afterSalesHomeRoutes } from './home/routes';
import { complaintNewsRoutes } from './news/routes';
import { statementRoutes } from './statement/routes';
import { refreshDueAfterTransition, withDerivedHooks } from './derived';
import { withFilingHooks } from './filing';
import { withHistoryHooks } from './history';
import { mailNextActor, queuedMailsFor } from './notify';
import { vacuumComplaintTablesJob } from './maintenance';
import { withMessageFilter } from './message-filter';
import { withScorecardFilters } from './scorecard-filters';
import { withKeywordSearch } from './search';
import { complaintHooks, complaintWorkflowHooks } from './service';
import { withVisibility } from './visibility';

/**
 * After-sales complaints: the calls generated from the declaration (resources/complaints.ts), all named
 * `/Complaints/<Verb>Complaint`: list, one, save, the file upload and download, one call per workflow action and
 * the history. The spec's checks the declaration cannot say are the hooks of service.ts.
 */
export const complaintRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // The mails a call queued (filing, a step that hands the complaint on, a message, an urge) go out once it answered.
  app.addHook('onResponse', async (request) => {
    if (queuedMailsFor(request)) request.server.mailer.sendQueued();
  });
  // PGlite has no autovacuum: the complaint tables are vacuumed nightly so the list answers from its indexes.
  app.jobs.declare(vacuumComplaintTablesJob);
  registerResources(app, deps, {
    resources: [complaints],
    // The clocks, their due time and the system snapshot (derived.ts), the keyword search (search.ts) and the unread
    // messages filter (message-filter.ts) and the installer scorecard's filters (scorecard-filters.ts) on top of the spec's
    // checks; the filing and edit history rows (history.ts); last, what each side reads of it all (visibility.ts).
    hooks: {
      [complaints.name]: withVisibility(
        withDerivedHooks(
          withScorecardFilters(withMessageFilter(withKeywordSearch(withHistoryHooks(withFilingHooks(complaintHooks))))),
          deps,
        ),
        deps.db,
      ),
    },
    workflowHooks: {
      [complaints.name]: {
        ...complaintWorkflowHooks,
        [AFTER_EVERY_TRANSITION]: async (step) => {
          await refreshDueAfterTransition(step);
          await mailNextActor(step);
        },
      },
    },
  });
  // A complaint's messages, the unread ones of the top bar, urge (news/), what waits for the after-sales teams today
  // (home/), the service-level targets (clock-targets/) and the statistical statement (statement/).
  await app.register(complaintNewsRoutes, { deps });
  await app.register(afterSalesHomeRoutes, { deps });
  await app.register(clockTargetRoutes, { deps });
  await app.register(statementRoutes, { deps });
};
