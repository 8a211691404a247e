import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code } from '../../../contract/codes';
import type { AppDeps } from '../../config';
import { systems } from '../../core/db/schema/monitoring';
import { ApiError, ok } from '../../core/http/envelope';
import { systemInScope, systemsInScope } from '../scope';
import { checkInvitation, registerSharer } from '../shares/service';
import { readSystemSettings, readTariff, saveSystemSettings, saveTariff } from '../settings/service';
import { contextOf } from './context';
import * as s from './schemas';

const tags = ['Account'];

/**
 * The monitoring calls of /api/Account: the sharer's registration, the customer's electricity prices
 * (elecPriceSetting) and system settings (systemSettings). The Account area itself is server/account.
 */
export const monitoringAccountRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now } = contextOf(deps);

  app.post('/CheckSharerAccount', {
    config: { public: true },
    schema: { tags, summary: 'Whether a /shareRegister link is still good (12 when used or expired)', security: [], body: s.invitationBody },
    handler: async (request) => ok(await checkInvitation(db, request.body.token, now())),
  });

  app.post('/RegisterSharerAccount', {
    config: { public: true },
    schema: { tags, summary: 'The invited sharer sets user name and password (12 link expired, 50 name taken)', security: [], body: s.registerSharerBody },
    handler: async (request) => {
      await registerSharer(db, request.body.token, request.body.username, request.body.password, now());
      return ok(null);
    },
  });

  app.post('/ElectrovalenceSetting', {
    config: { permission: { subject: 'tariff', action: 'read' } },
    schema: { tags, summary: 'Save time-of-use buy prices and feed-in tariff (for one system, or the default)', body: s.tariffBody },
    handler: async (request) => {
      const { sn, ...tariff } = request.body;
      const system = sn ? await ownSystem(request, sn) : null;
      await saveTariff(db, request.user.id, system, tariff, now());
      return ok(null);
    },
  });

  app.get('/GetElectrovalenceSetting', {
    config: { permission: { subject: 'tariff', action: 'read' } },
    schema: { tags, summary: 'The prices of a system (sn) or the default ones; isDefault when none were set', querystring: s.tariffQuery },
    handler: async (request) => {
      const system = request.query.sn ? await ownSystem(request, request.query.sn) : null;
      const first = (await systemsInScope(db, await viewer(request), now()))[0];
      return ok(await readTariff(db, request.user.id, system, first?.currency ?? 'EUR'));
    },
  });

  app.post('/CustomUseESSSetting', {
    config: { permission: { subject: 'customerSettings', action: 'read' } },
    schema: { tags, summary: "Save a system's operating settings (backup reserve, grid charge, feed-in limit, charge windows)", body: s.systemSettingsBody },
    handler: async (request) => {
      const { sn, ...settings } = request.body;
      await saveSystemSettings(db, await ownSystem(request, sn), settings, now());
      return ok(null);
    },
  });

  app.get('/GetCustomUseESSSetting', {
    config: { permission: { subject: 'customerSettings', action: 'read' } },
    schema: { tags, summary: "A system's operating settings by system_id", querystring: s.systemSettingsQuery },
    handler: async (request) => {
      const [row] = await db
        .select({ sn: systems.sysSn })
        .from(systems)
        .where(and(eq(systems.id, request.query.system_id), eq(systems.customerUserId, request.user.id)));
      if (!row) throw new ApiError(Code.NO_PERMISSION);
      return ok({ system_id: request.query.system_id, sys_sn: row.sn, ...(await readSystemSettings(db, await ownSystem(request, row.sn))) });
    },
  });

  app.get('/GetCustomUseESSList', {
    config: { permission: { subject: 'customerSettings', action: 'read' } },
    schema: { tags, summary: "The customer's systems with their operating settings" },
    handler: async (request) => {
      const own = (await systemsInScope(db, await viewer(request), now())).filter((x) => x.customerUserId === request.user.id);
      return ok(await Promise.all(own.map(async (x) => ({ system_id: x.id, sys_sn: x.sysSn, sys_name: x.sysName, ...(await readSystemSettings(db, x)) }))));
    },
  });

  /** A system the caller owns as its customer (45 otherwise, revealing nothing). */
  async function ownSystem(request: Parameters<typeof viewer>[0], sn: string) {
    const system = await systemInScope(db, await viewer(request), sn, now());
    if (system.customerUserId !== request.user.id) throw new ApiError(Code.NO_PERMISSION);
    return system;
  }
};
