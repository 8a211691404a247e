import type { FastifyPluginAsync } from 'fastify';
import { archiveCalls as calls } from '../../contract/archives-calls';
import { endpointsOf } from '../../resources/endpoints';
import { customerArchives } from '../../resources/customerArchives';
import { customerRecords } from '../../resources/customerRecords';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { registerEndpoint } from '../core/http/endpoint';
import { mailTexts } from '../core/mail/texts';
import { xlsxFile } from '../monitoring/exports/xlsx';
import { languageOf } from '../reports/service';
import { archiveComplaints, clientPage } from './clients';
import { archiveColumns } from './export';
import { recordHooks } from './records';
import { archiveHooks } from './service';
import { movingGuardHooks } from '../sysmigration/crud-hooks';

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
  const archives = (
    await registerResources(fastify, deps, {
      resources: [customerArchives],
      hooks: { [customerArchives.name]: [movingGuardHooks, archiveHooks(deps)] },
    })
  )[customerArchives.name]!;
  await registerResources(fastify, deps, {
    resources: [customerRecords],
    hooks: { [customerRecords.name]: [movingGuardHooks, recordHooks(db, archives)] },
  });

  await registerEndpoint(fastify, calls.clients, (actor, body) => clientPage(db, actor, deps.clock(), body));
  await registerEndpoint(fastify, calls.complaints, (actor, { id }) => archiveComplaints(db, actor, id, deps.clock()));

  await registerEndpoint(fastify, endpointsOf(customerArchives).export!, async (actor, body) => {
    const { data } = await archives.list(actor, { ...body, pageIndex: 1, pageSize: EXPORT_LIMIT });
    const language = await languageOf(db, actor.id);
    const t = mailTexts(language);
    const day = deps.clock().toISOString().slice(0, 10);
    return xlsxFile(`customer-archives-${day}.xlsx`, t('archives:customerArchives.title'), await archiveColumns(t, language, data), data);
  });
};
