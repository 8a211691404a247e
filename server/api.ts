import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/routes';
import { faultMailRoutes } from './faultmail/routes';
import { adminRoutes } from './admin/routes';
import { installerRoutes } from './archives/installers/routes';
import { archiveRoutes } from './archives/routes';
import { complaintRoutes } from './complaints/routes';
import { suggestionRoutes } from './suggestions/routes';
import { workHourRoutes } from './workhours/routes';
import { messageRoutes } from './messages/routes';
import type { AppDeps } from './config';
import { markSilentSystemsOfflineJob, purgeRawSamplesJob } from './monitoring/jobs';
import { monitoringRoutes } from './monitoring/routes';
import { jobRoutes } from './core/jobs/routes';
import { mailingRoutes } from './mailings/routes';
import { reportRoutes } from './reports/routes';
import { referenceRoutes } from './reference/routes';
import { deviceCommandRoutes } from './devices/routes';
import { recordRoutes } from './records/routes';
import { warrantyRoutes } from './warranty/routes';
import { migrationRoutes } from './sysmigration/routes';
import { installRoutes } from './install/routes';
import { alarmRoutes } from './alarms/routes';

/**
 * The areas under /api, each with its prefix. Every route here needs an access token unless it declares
 * `config: { public: true }`, and passes `config: { permission }` (server/core/http/permissions.ts) when it
 * belongs to a screen of permissions/routes.ts. An area declares its background jobs as it is registered
 * (core's queue runs them and knows no area).
 */
export const api: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(accountRoutes, { deps });
  await app.register(faultMailRoutes, { deps });
  await app.register(adminRoutes, { deps });
  await app.register(monitoringRoutes, { deps });
  await app.register(complaintRoutes, { deps });
  await app.register(archiveRoutes, { deps });
  await app.register(installerRoutes, { deps });
  await app.register(workHourRoutes, { deps });
  await app.register(suggestionRoutes, { deps });
  await app.register(messageRoutes, { deps });
  await app.register(referenceRoutes, { deps });
  await app.register(mailingRoutes, { deps });
  await app.register(reportRoutes, { deps });
  await app.register(recordRoutes, { deps });
  await app.register(warrantyRoutes, { deps });
  await app.register(deviceCommandRoutes);
  await app.register(migrationRoutes, { deps });
  await app.register(installRoutes, { deps });
  await app.register(alarmRoutes, { deps });
  app.jobs.declare(purgeRawSamplesJob, markSilentSystemsOfflineJob);
  await app.register(jobRoutes, { deps });
};
