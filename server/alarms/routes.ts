import type { FastifyPluginAsync } from 'fastify';
import { alarmCalls as calls } from '../../contract/alarms-calls';
import { Code } from '../../contract/codes';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { ApiError } from '../core/http/envelope';
import { BACKGROUND_EXPORT_ROWS, exportInBackground } from '../reports/background';
import { alarmFile, alarmReport } from './export';
import { acknowledgeAlarms, alarmAssignees, alarmDetail, alarmPage, alarmRows, assignAlarm, commentAlarm } from './service';
import { sweepAlarmsJob } from './jobs';

/**
 * Alarms (contract/alarms-calls.ts): the fault search and its export, one alarm with its history, and the work on
 * it; the sweep that clears held alarms and raises those of silent systems runs every minute on the queue.
 */
export const alarmRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  await registerEndpoint(app, calls.list, (actor, body) => alarmPage(db, actor, body, clock()));
  await registerEndpoint(app, calls.export, async (actor, { background, ...search }) => {
    const rows = await alarmRows(db, actor, search, clock());
    if (rows.length === 0) throw new ApiError(Code.NO_DATA);
    if (background || rows.length > BACKGROUND_EXPORT_ROWS) return exportInBackground(app.jobs, db, actor, alarmReport, search, clock());
    return alarmFile(db, actor, rows);
  });
  await registerEndpoint(app, calls.one, (actor, { id }) => alarmDetail(db, actor, id, clock()));
  await registerEndpoint(app, calls.acknowledge, (actor, body) => acknowledgeAlarms(db, actor, body, clock()));
  await registerEndpoint(app, calls.assign, (actor, body) => assignAlarm(db, actor, body, clock()));
  await registerEndpoint(app, calls.comment, (actor, body) => commentAlarm(db, actor, body, clock()));
  await registerEndpoint(app, calls.assignees, (actor, { id }) => alarmAssignees(db, actor, id, clock()));
  app.jobs.declare(sweepAlarmsJob);
};
