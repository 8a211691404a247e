import type { FastifyPluginAsync } from 'fastify';
import { migrationCalls as calls } from '../../contract/sys-migration-calls';
import type { AppDeps } from '../config';
import { declareJob } from '../core/jobs/declaration';
import { registerEndpoint } from '../core/http/endpoint';
import {
  confirmMigration,
  findSystems,
  listMigrations,
  MIGRATION_JOB,
  migrationOf,
  previewMigration,
  recordFailure,
  revertMigration,
  runMigration,
  startMigration,
} from './service';

/**
 * Data migrations (sysDataMigration, contract/sys-migration-calls.ts) and their job: one job per migration (its id the
 * singleton key), so a move and its revert never run at once; a run stopped by a restart is retried by the queue and
 * goes on from the progress its chunks committed.
 */
export const migrationJob = declareJob({
  name: MIGRATION_JOB,
  concurrency: 'one at a time',
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: 60 * 60,
  run: async ({ db, clock, data }) => {
    const id = Number(data.id);
    if (!Number.isInteger(id)) return;
    try {
      await runMigration(db, id, clock);
    } catch (error) {
      await recordFailure(db, id, error, clock());
      throw error;
    }
  },
});

export const migrationRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const now = () => deps.clock();
  app.jobs.declare(migrationJob);
  const send = (id: number) => app.jobs.send(MIGRATION_JOB, { id }, { singletonKey: String(id) });
  await registerEndpoint(app, calls.systems, (actor, { text }) => findSystems(db, actor, text, now()));
  await registerEndpoint(app, calls.preview, (actor, body) => previewMigration(db, actor, body, now()));
  await registerEndpoint(app, calls.start, (actor, body) => startMigration(db, actor, body, now(), send));
  await registerEndpoint(app, calls.one, (actor, { id }) => migrationOf(db, actor, id, now()));
  await registerEndpoint(app, calls.list, (actor, body) => listMigrations(db, actor, body, now()));
  await registerEndpoint(app, calls.confirm, (actor, { id }) => confirmMigration(db, actor, id, now()));
  await registerEndpoint(app, calls.revert, (actor, { id }) => revertMigration(db, actor, id, now(), send));
};
