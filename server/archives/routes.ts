import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { archiveComplaint, archiveIdBody, clientListBody, clientRow } from '../../contract/archives';
import { customerArchives } from '../../resources/customerArchives';
import { customerRecords } from '../../resources/customerRecords';
import { z } from 'zod';
import type { AppDeps } from '../config';
import type { Row } from '../core/crud/factory';
import { registerResources } from '../core/crud/register';
import { envelopeOf, ok } from '../core/http/envelope';
import { mailTexts } from '../core/mail/texts';
import { exportLanguage } from '../monitoring/exports/texts';
import { sendXlsx, xlsxExport } from '../monitoring/exports/xlsx';
import { archiveComplaints, clientPage } from './clients';
import { archiveColumns } from './export';
import { recordHooks } from './records';
import { archiveHooks } from './service';

/** The most archives one export holds. */
const EXPORT_LIMIT = 50_000;

/**
 * Customer archives and their records: the calls generated from the declarations
 * (resources/customerArchives.ts, resources/customerRecords.ts) with the rules of service.ts and records.ts, and the
 * calls around them: the client list (/clientList), a customer's complaints, the list's xlsx export. Staff only: the
 * subject 'customerArchive' is held by the roles of the /customerArchives screen (customers and sharers get 45).
 */
export const archiveRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const { db } = deps;
  const archives = registerResources(fastify, deps, {
    resources: [customerArchives],
    hooks: { [customerArchives.name]: archiveHooks(deps) },
  })[customerArchives.name]!;
  registerResources(fastify, deps, {
    resources: [customerRecords],
    hooks: { [customerRecords.name]: recordHooks(db, archives) },
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [customerArchives.name];
  const permission = (action: 'read' | 'export') => ({ permission: { subject: 'customerArchive', action } });

  app.post('/CustomerArchives/GetClientPageList', {
    config: permission('read'),
    schema: {
      tags: ['clientList'],
      summary: "The portal's customers with their systems (in the caller's scope) and their archive",
      body: clientListBody,
      response: { 200: envelopeOf(z.object({ data: z.array(clientRow), dataCount: z.number() })) },
    },
    handler: async (request) => ok(await clientPage(db, request, deps.clock(), request.body)),
  });

  app.post('/CustomerArchives/GetCustomerArchiveComplaints', {
    config: permission('read'),
    schema: {
      tags,
      summary: "The complaints on an archive's customer's systems, with their status (45 for an archive outside the scope)",
      body: archiveIdBody,
      response: { 200: envelopeOf(z.array(archiveComplaint)) },
    },
    handler: async (request) => {
      const archive = await archives.one(request, request.body);
      return ok(
        await archiveComplaints(db, request, deps.clock(), {
          sys_sn: String(archive.sys_sn),
          user_id: (archive.user_id as number | null) ?? null,
        }),
      );
    },
  });

  // The list's filters and order without its paging; a call without a body exports every archive in the scope.
  const exportBody = archives.listSchema.omit({ pageIndex: true, pageSize: true }).nullish();
  app.post('/CustomerArchives/ExportCustomerArchives', {
    config: permission('export'),
    schema: {
      tags,
      summary: "The filtered archive list as an xlsx sheet in the caller's language (8 when empty)",
      body: exportBody,
      ...xlsxExport,
    },
    handler: async (request, reply) => {
      const body: Row = { ...request.body, pageIndex: 1, pageSize: EXPORT_LIMIT };
      const { data } = await archives.list(request, body);
      const language = await exportLanguage(db, request.user);
      const t = mailTexts(language);
      const day = deps.clock().toISOString().slice(0, 10);
      const columns = await archiveColumns(t, language, data);
      return sendXlsx(reply, `customer-archives-${day}.xlsx`, t('archives:customerArchives.title'), columns, data);
    },
  });
};
