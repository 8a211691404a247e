import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../../contract/codes';
import { dashboardSettingsAnswer, systemSettingsAnswer, systemSettingsListAnswer, tariffAnswer } from '../../../contract/monitoring';
import * as s from '../../../contract/monitoring-requests';
import type { AppDeps } from '../../config';
import { ApiError, envelopeOf, ok } from '../../core/http/envelope';
import { isCustomerOrSharer } from '../../../permissions/roles';
import { contextOf } from '../context';
import { systemsInScope } from '../scope';
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
 * server/account.
 */
export const settingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now, ownSystem } = contextOf(deps);
  const tags = ['Account'];

  app.post('/ESS/SaveIndexESSSet', {
    config: { permission: { subject: 'account', action: 'update' } },
    schema: {
      tags: ['ESS'],
      summary:
        "Save the caller's dashboard preferences (a JSON object; `cards`: the customer dashboard's cards in their order, customers and sharers only)",
      body: s.indexSettingsBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      // Only customers and sharers have the dashboard these cards are of (staff see the fleet or a welcome).
      if (request.body.settings.cards && !isCustomerOrSharer(request.user.roles)) throw new ApiError(Code.NO_PERMISSION);
      await saveDashboardSettings(db, request.user.id, request.body.settings, now());
      return ok(null);
    },
  });

  app.get('/ESS/GetIndexESSSet', {
    config: { permission: { subject: 'account', action: 'read' } },
    schema: {
      tags: ['ESS'],
      summary: "The caller's dashboard preferences ({} when none)",
      response: { 200: envelopeOf(dashboardSettingsAnswer) },
    },
    handler: async (request) => ok(await readDashboardSettings(db, request.user.id)),
  });

  app.post('/Account/ElectrovalenceSetting', {
    config: { permission: { subject: 'tariff', action: 'read' } },
    schema: {
      tags,
      summary: 'Save time-of-use buy prices and feed-in tariff (for one system, or the default)',
      body: s.tariffBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { sn, ...tariff } = request.body;
      const system = sn ? await ownSystem(request, sn) : null;
      await saveTariff(db, request.user.id, system, tariff, now());
      return ok(null);
    },
  });

  app.get('/Account/GetElectrovalenceSetting', {
    config: { permission: { subject: 'tariff', action: 'read' } },
    schema: {
      tags,
      summary: 'The prices of a system (sn) or the default ones; isDefault when none were set',
      querystring: s.tariffQuery,
      response: { 200: envelopeOf(tariffAnswer) },
    },
    handler: async (request) => {
      const system = request.query.sn ? await ownSystem(request, request.query.sn) : null;
      const first = (await systemsInScope(db, await viewer(request), now()))[0];
      return ok(await readTariff(db, request.user.id, system, first?.currency ?? 'EUR'));
    },
  });

  app.post('/Account/CustomUseESSSetting', {
    config: { permission: { subject: 'customerSettings', action: 'read' } },
    schema: {
      tags,
      summary: "Save a system's operating settings (backup reserve, grid charge, feed-in limit, charge windows)",
      body: s.systemSettingsBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { sn, ...settings } = request.body;
      await saveSystemSettings(db, await ownSystem(request, sn), settings, now());
      return ok(null);
    },
  });

  app.get('/Account/GetCustomUseESSSetting', {
    config: { permission: { subject: 'customerSettings', action: 'read' } },
    schema: {
      tags,
      summary: "A system's operating settings by system_id",
      querystring: s.systemSettingsQuery,
      response: { 200: envelopeOf(systemSettingsAnswer) },
    },
    handler: async (request) => {
      const sn = await ownSystemSnById(db, request.query.system_id, request.user.id);
      if (!sn) throw new ApiError(Code.NO_PERMISSION);
      return ok({ system_id: request.query.system_id, sys_sn: sn, ...(await readSystemSettings(db, await ownSystem(request, sn))) });
    },
  });

  app.get('/Account/GetCustomUseESSList', {
    config: { permission: { subject: 'customerSettings', action: 'read' } },
    schema: {
      tags,
      summary: "The customer's systems with their operating settings",
      response: { 200: envelopeOf(systemSettingsListAnswer) },
    },
    handler: async (request) => {
      const own = (await systemsInScope(db, await viewer(request), now())).filter((x) => x.customerUserId === request.user.id);
      return ok(
        await Promise.all(
          own.map(async (x) => ({ system_id: x.id, sys_sn: x.sysSn, sys_name: x.sysName, ...(await readSystemSettings(db, x)) })),
        ),
      );
    },
  });
};
