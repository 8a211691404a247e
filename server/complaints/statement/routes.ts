import type { FastifyPluginAsync } from 'fastify';
import { statementCalls as calls } from '../../../contract/complaints-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { exportInBackground } from '../../reports/background';
import { statementFile, statementOf, statementReport } from './service';

/**
 * The statistical statement's calls (contract/complaints-calls.ts statementCalls): the figures as JSON for the
 * screen's charts and table, and the same as an xlsx sheet in the caller's language, made now or in the background.
 */
export const statementRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  await registerEndpoint(app, calls.figures, (actor, query) => statementOf(db, actor, query, clock()));
  await registerEndpoint(app, calls.export, (actor, { background, ...query }) =>
    background ? exportInBackground(app.jobs, db, actor, statementReport, query, clock()) : statementFile(db, actor, query, clock()),
  );
};
