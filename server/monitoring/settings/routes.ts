import type { FastifyPluginAsync } from 'fastify';
import { Code } from '../../../contract/codes';
import { settingsCalls as calls } from '../../../contract/monitoring-calls';
import { isCustomerOrSharer } from '../../../permissions/roles';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { ApiError } from '../../core/http/envelope';
import { contextOf } from '../context';
import { systemsInScope, type SystemRow } from '../../core/system-scope';
import { installerDefaultsOf } from '../../account/installer-defaults';
import { ownerSettingsOnDevice, sendOwnerSettings } from '../../devices/owner-settings';
import type { Database } from '../../core/db';
import {
  ownSystemSnById,
  readDashboardSettings,
  readSystemSettings,
  readTariff,
  saveDashboardSettings,
  saveSystemSettings,
  saveTariff,
} from './service';

/**
 * The caller's own settings: dashboard preferences (/api/ESS), the customer's electricity prices
 * (elecPriceSetting) and system settings (systemSettings) under /api/Account. The Account area itself is
 * server/account. Each call is an object of contract/monitoring-calls.ts (settingsCalls).
 */
/** Whether the system's customer may change its export limit: its installer's choice (InstallSetting), yes without one. */
async function exportLimitEditable(db: Database, system: SystemRow): Promise<boolean> {
  return (await installerDefaultsOf(db, system.installerCompanyId))?.customerExportLimit ?? true;
}

export const settingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const { viewer, now, ownSystem } = contextOf(deps);

  await registerEndpoint(app, calls.saveDashboard, async (actor, { settings }) => {
    // Only customers and sharers have the dashboard these cards are of (staff see the fleet or a welcome).
    if (settings.cards && !isCustomerOrSharer(actor.roles)) throw new ApiError(Code.NO_PERMISSION);
    await saveDashboardSettings(db, actor.id, settings, now());
    return null;
  });
  await registerEndpoint(app, calls.dashboard, (actor) => readDashboardSettings(db, actor.id));

  await registerEndpoint(app, calls.saveTariff, async (actor, { sn, ...tariff }) => {
    await saveTariff(db, actor.id, sn ? await ownSystem(actor, sn) : null, tariff, now());
    return null;
  });
  await registerEndpoint(app, calls.tariff, async (actor, { sn }) => {
    const system = sn ? await ownSystem(actor, sn) : null;
    const first = (await systemsInScope(db, await viewer(actor), now()))[0];
    return readTariff(db, actor.id, system, first?.currency ?? 'EUR');
  });

  // What the customer saves goes to the device as commands (server/devices/owner-settings.ts).
  await registerEndpoint(app, calls.saveSystem, async (actor, { sn, ...settings }) => {
    const system = await ownSystem(actor, sn);
    const current = await readSystemSettings(db, system);
    if (settings.feedInLimitPercent !== current.feedInLimitPercent && !(await exportLimitEditable(db, system))) {
      throw new ApiError(Code.NO_PERMISSION, 'No permission: the installer keeps the export limit of this system', {
        data: { field: 'feedInLimitPercent' },
      });
    }
    const before = await saveSystemSettings(db, system, settings, now());
    await sendOwnerSettings(app.devices, actor, system, before, settings);
    return null;
  });
  const withDevice = async (system: SystemRow) => ({
    system_id: system.id,
    sys_sn: system.sysSn,
    time_zone: system.timeZone,
    ...(await readSystemSettings(db, system)),
    export_limit_editable: await exportLimitEditable(db, system),
    device: await ownerSettingsOnDevice(db, system),
  });
  await registerEndpoint(app, calls.system, async (actor, { system_id }) => {
    const sn = await ownSystemSnById(db, system_id, actor.id);
    if (!sn) throw new ApiError(Code.NO_PERMISSION);
    return withDevice(await ownSystem(actor, sn));
  });
  await registerEndpoint(app, calls.systems, async (actor) => {
    const own = (await systemsInScope(db, await viewer(actor), now())).filter((x) => x.customerUserId === actor.id);
    return Promise.all(own.map(async (x) => ({ ...(await withDevice(x)), sys_name: x.sysName })));
  });
};
