import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installerIdBody, installerOverview, installerScorecard } from '../../contract/installers';
import { installerArchives } from '../../resources/installerArchives';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { complaints, installerCompanies, systems } from '../core/db/schema';
import { envelopeOf, ok } from '../core/http/envelope';
import { rowScope } from '../core/scope';
import { installerScorecards } from './installerScorecard';

/** The most complaints one file's overview lists (the newest; the complaint list holds them all). */
const COMPLAINT_LIMIT = 200;

/**
 * Installer files: the generated calls of resources/installerArchives.ts, the scorecards
 * of every file in the caller's scope (/installerdetail's sortable list) and one file's overview: its scorecard,
 * systems and the complaints on them. A file outside the scope answers 45, as one that does not exist.
 */
export const installerRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps;
  const files = registerResources(fastify, deps, { resources: [installerArchives] })[installerArchives.name]!;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [installerArchives.name];
  const config = { permission: { subject: 'installer', action: 'read' } };

  app.post('/Installer/GetInstallerScorecards', {
    config,
    schema: {
      tags,
      summary: "Every installer file in the caller's scope with its scorecard over the last 12 months",
      response: { 200: envelopeOf(z.array(installerScorecard)) },
    },
    handler: async (request) =>
      ok(await installerScorecards(db, deps.clock(), rowScope('installer', request.user, deps.clock(), installerCompanies.id))),
  });

  app.post('/Installer/GetInstallerOverview', {
    config,
    schema: {
      tags,
      summary: "One installer file's scorecard, its systems and the complaints on them (45 outside the scope)",
      body: installerIdBody,
      response: { 200: envelopeOf(installerOverview) },
    },
    handler: async (request) => {
      const file = await files.one(request, request.body);
      const id = Number(file.id);
      const [scorecard] = await installerScorecards(db, deps.clock(), eq(installerCompanies.id, id));
      const installed = await db
        .select({
          sys_sn: systems.sysSn,
          sys_name: systems.sysName,
          country: systems.countryCode,
          ems_status: systems.emsStatus,
          created_at: systems.createdAt,
        })
        .from(systems)
        .where(eq(systems.installerCompanyId, id))
        .orderBy(systems.sysSn);
      const onSystems = await db
        .select({
          id: complaints.id,
          title: complaints.title,
          status: complaints.status,
          sys_sn: complaints.sys_sn,
          created_at: complaints.created_at,
        })
        .from(complaints)
        .where(inArray(complaints.sys_sn, sql`(SELECT ${systems.sysSn} FROM ${systems} WHERE ${systems.installerCompanyId} = ${id})`))
        .orderBy(desc(complaints.created_at))
        .limit(COMPLAINT_LIMIT);
      return ok({
        scorecard: scorecard!,
        systems: installed.map((s) => ({ ...s, created_at: s.created_at.toISOString() })),
        complaints: onSystems.map((c) => ({ ...c, created_at: c.created_at.toISOString() })),
      });
    },
  });
};
