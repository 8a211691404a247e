import type { FastifyPluginAsync } from 'fastify';
import { complaints } from '../../resources/complaints';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { AFTER_EVERY_TRANSITION } from '../core/crud/workflow';
import { clockTargetRoutes } from './clock-targets/routes';
import { afterSalesHomeRoutes } from './home/routes';
import { complaintNewsRoutes } from './news/routes';
import { statementRoutes } from './statement/routes';
import { derivedHooks, refreshDueAfterTransition } from './derived';
import { filingHooks } from './filing';
import { historyHooks } from './history';
import { mailNextActor } from './notify';
import { vacuumComplaintTablesJob } from './maintenance';
import { messageFilterHooks } from './message-filter';
import { scorecardFilterHooks } from './scorecard-filters';
import { keywordSearchHooks } from './search';
import { complaintHooks, complaintWorkflowHooks } from './service';
import { visibilityHooks } from './visibility';
import { movingGuardHooks } from '../sysmigration/crud-hooks';

/**
 * After-sales complaints: the calls generated from the declaration (resources/complaints.ts), all named
 * `/Complaints/<Verb>Complaint`: list, one, save, the file upload and download, one call per workflow action and
 * the history. The spec's checks the declaration cannot say are the hooks of service.ts.
 */
export const complaintRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  // PGlite has no autovacuum: the complaint tables are vacuumed nightly so the list answers from its indexes.
  app.jobs.declare(vacuumComplaintTablesJob);
  const nextActorMails = mailNextActor(app.mailer);
  await registerResources(app, deps, {
    resources: [complaints],
    // In this order: the guard of a system whose data is being moved (85); the filer's edit limit and the filing and edit history rows (history.ts); the twin check and the
    // handlers' mails of a filing (filing.ts); the spec's checks (service.ts); the clocks, their due time and the system
    // snapshot (derived.ts); the keyword search, the unread messages filter and the installer scorecard's filters; last,
    // what each side reads of it all (visibility.ts).
    hooks: {
      [complaints.name]: [
        movingGuardHooks,
        historyHooks,
        filingHooks(app.mailer),
        complaintHooks,
        derivedHooks(deps),
        keywordSearchHooks,
        messageFilterHooks,
        scorecardFilterHooks,
        visibilityHooks(deps.db),
      ],
    },
    workflowHooks: {
      [complaints.name]: {
        ...complaintWorkflowHooks,
        [AFTER_EVERY_TRANSITION]: async (step) => {
          await refreshDueAfterTransition(step);
          await nextActorMails(step);
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
