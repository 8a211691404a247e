import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { archiveExportPath, archiveCalls as calls } from '../../contract/archives-calls';
import { customerArchives } from '../../resources/customerArchives';
import { customerRecords } from '../../resources/customerRecords';
import type { AppDeps } from '../config';
import type { Row } from '../core/crud/factory';
import { registerResources } from '../core/crud/register';
import { registerEndpoint } from '../core/http/endpoint';
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
 * calls around them (contract/archives-calls.ts): the client list (/clientList), a customer's complaints, and the
 * list's xlsx export. Staff only: the subject 'customerArchive' is held by the roles of the /customerArchives screen
 * (customers and sharers get 45).
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

  await registerEndpoint(fastify, calls.clients, (actor, body) => clientPage(db, actor, deps.clock(), body));
  await registerEndpoint(fastify, calls.complaints, (actor, { id }) => archiveComplaints(db, actor, id, deps.clock()));

  // The export stays a route of its own: its body is the generated list's (filters and order), which the CRUD engine
  // builds from the declaration as the app starts, so contract/ has no schema of it yet. That body: the list's filters
  // and order without its paging; a call without a body exports every archive in the scope.
  const exportBody = archives.listSchema.omit({ pageIndex: true, pageSize: true }).nullish();
  fastify.withTypeProvider<ZodTypeProvider>().post(archiveExportPath, {
    config: { permission: { subject: 'customerArchive', action: 'export' } },
    schema: {
      tags: [customerArchives.name],
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
