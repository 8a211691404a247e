import type { FastifyPluginAsync } from 'fastify';
import { recordCalls as calls } from '../../contract/records-calls';
import { endpointsOf } from '../../resources/endpoints';
import { installationRecords } from '../../resources/installationRecords';
import { maintenanceRecords } from '../../resources/maintenanceRecords';
import type { AppDeps } from '../config';
import { registerResources } from '../core/crud/register';
import { registerEndpoint } from '../core/http/endpoint';
import { mailTexts } from '../core/mail/texts';
import { xlsxFile } from '../monitoring/exports/xlsx';
import { languageOf } from '../reports/service';
import { componentHistoryOf, replaceComponent } from './components';
import { installationHooks } from './installation';
import { maintenanceColumns, maintenanceHooks } from './maintenance';

/** The most records one export holds. */
const EXPORT_LIMIT = 50_000;

/**
 * A system's installation and maintenance records: the calls generated from their declarations
 * (resources/installationRecords.ts, resources/maintenanceRecords.ts) with the rules of installation.ts and
 * maintenance.ts, the maintenance list's xlsx export (the list's own rows, by its filters and order), and the
 * component swaps with their history (contract/records-calls.ts).
 */
export const recordRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  const crud = await registerResources(app, deps, {
    resources: [installationRecords, maintenanceRecords],
    hooks: { [installationRecords.name]: installationHooks(db, clock), [maintenanceRecords.name]: maintenanceHooks(db) },
  });
  const maintenance = crud[maintenanceRecords.name]!;

  await registerEndpoint(app, endpointsOf(maintenanceRecords).export!, async (actor, body) => {
    const { data } = await maintenance.list(actor, { ...body, pageIndex: 1, pageSize: EXPORT_LIMIT });
    const t = mailTexts(await languageOf(db, actor.id));
    const day = clock().toISOString().slice(0, 10);
    return xlsxFile(`maintenance-records-${day}.xlsx`, t('records:sysMaintenanceRecordsCheck.title'), maintenanceColumns(t), data);
  });
  await registerEndpoint(app, calls.updateSystemSn, (actor, body) => replaceComponent(db, actor, body, clock()));
  await registerEndpoint(app, calls.componentHistory, (actor, body) => componentHistoryOf(db, actor, body, clock()));
};
