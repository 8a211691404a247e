import type { FastifyPluginAsync } from 'fastify';
import { workHourTotals } from '../../contract/workhours';
import { workHourCalls as calls } from '../../contract/workhours-calls';
import { rdWorkHours } from '../../resources/rdWorkHours';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { registerEndpoint } from '../core/http/endpoint';
import { exportInBackground } from '../reports/background';
import { workHoursFile, workHoursReport } from './export';
import { readEntries, workHourHooks } from './service';

/**
 * R&D working hours (staff: the 'RAndDtimereport' screen's roles): the calls generated from the
 * declaration (`/WorkHours/<Verb>WorkHour`: list, one, save, delete, with the rules of service.ts), and the totals
 * per person, complaint or project, month and kind over a period, as JSON for the screen and as an xlsx workbook, made
 * now or in the background (contract/workhours-calls.ts).
 */
export const workHourRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  await registerResources(app, deps, { resources: [rdWorkHours], hooks: { [rdWorkHours.name]: workHourHooks(db) } });
  await registerEndpoint(app, calls.totals, async (actor, body) => workHourTotals(await readEntries(db, actor, body, clock())));
  await registerEndpoint(app, calls.export, (actor, { background, ...body }) =>
    background ? exportInBackground(app.jobs, db, actor, workHoursReport, body, clock()) : workHoursFile(db, actor, body, clock()),
  );
};
