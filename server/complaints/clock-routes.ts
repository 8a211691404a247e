import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clockTargetsSchema } from '../../contract/complaint-clocks';
import type { AppDeps } from '../config';
import { writeAudit } from '../core/crud/audit';
import { envelopeOf, ok } from '../core/http/envelope';
import { refreshAllDueAt } from './clock-store';
import { readClockTargets, saveClockTargets } from './clock-targets';

/**
 * The service-level targets per priority (DESIGN §9): whoever reads complaints reads them (the detail shows each
 * clock against its target); admins and system managers change them, and every running clock's due time follows.
 */
export const clockTargetRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['customerComplaintList'];

  app.post('/Complaints/GetClockTargets', {
    config: { permission: { subject: 'complaint', action: 'read' } },
    schema: {
      tags,
      summary: 'The service-level targets per priority: first response in hours, resolution in days',
      response: { 200: envelopeOf(clockTargetsSchema) },
    },
    handler: async () => ok(await readClockTargets(deps.db)),
  });

  app.post('/Complaints/SaveClockTargets', {
    config: { permission: { subject: 'complaintSettings', action: 'update' } },
    schema: { tags, summary: 'Change the service-level targets per priority (admins)', body: clockTargetsSchema },
    handler: async (request) => {
      const now = deps.clock();
      const before = await readClockTargets(deps.db);
      await deps.db.transaction(async (tx) => {
        await saveClockTargets(tx, request.body, now);
        await refreshAllDueAt(tx, now, request.body);
        await writeAudit(tx, request, now, {
          action: 'complaint.clockTargets',
          target: 'complaint_clock_targets',
          before,
          after: request.body,
        });
      });
      return ok(request.body);
    },
  });
};
