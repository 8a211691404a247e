import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../config';
import type { Database } from '../../core/db';
import { Code } from '../../../contract/codes';
import { ApiError, ok } from '../../core/http/envelope';
import { systemInScope } from '../scope';
import { extendShare, revokeShare, sharesOf } from '../shares/manage';
import { shareSystem } from '../shares/service';
import { readDashboardSettings, saveDashboardSettings } from '../settings/service';
import { currentFlow, summary } from '../stats/service';
import { componentsOf } from '../systems/components';
import { faultsOf, logSystemChange, userLogOf } from '../systems/history';
import { listSystems, selectorList, statusCounts, updateRemark } from '../systems/service';
import { resolveTarget } from '../target';
import { weatherHours } from '../weather/service';
import { contextOf, requireShareReader, userLogViewOf } from './context';
import * as s from './schemas';

const tags = ['ESS'];
const HOUR_MS = 3_600_000;

/** /api/ESS/*: system lists, status counts, the left panel, weather, faults, user log, sharing. */
export const essRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now } = contextOf(deps);

  app.post('/GetSystems', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: { tags, summary: 'The storage list in the caller\'s scope: search, filter, sort, page', body: s.systemsBody },
    handler: async (request) => {
      return ok(await listSystems(db, await viewer(request), now(), request.body));
    },
  });

  app.post('/GetVtSystemStatusCount', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: { tags, summary: 'Systems per ems_status in the caller\'s scope (unknown = never reported)' },
    handler: async (request) => {
      return ok(await statusCounts(db, await viewer(request), now()));
    },
  });

  const customerList = {
    config: { permission: { subject: 'customerSystems', action: 'read' } as const },
    schema: { tags, summary: "The customer's or sharer's systems; 'All' first with the sums when there are several" },
    handler: async (request: FastifyRequest) => {
      return ok(await selectorList(db, await viewer(request), now()));
    },
  };
  app.post('/GetSystemsByCustomer', customerList);
  app.post('/GetCustomer', customerList);

  app.post('/SticsSummeryDataForCustomer', {
    config: { permission: { subject: 'customerSystems', action: 'read' } },
    schema: { tags, summary: "Left-panel figures and current power flow of a customer's system or 'All'", body: s.snBody },
    handler: async (request) => {
      return ok(await summary(db, await resolveTarget(db, await viewer(request), request.body.sn, now()), now()));
    },
  });

  app.post('/SticsSummeryDataForUser', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'Left-panel figures and current power flow of one system in the caller\'s scope', body: s.snBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await summary(db, { systems: [system], timeZone: system.timeZone, currency: system.currency }, now()));
    },
  });

  app.post('/GetWeatherData', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'Weather at the system now (or at nowTime) and for the next 24 hours', body: s.weatherBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      const at = request.body.nowTime ? new Date(request.body.nowTime) : now();
      const hours = await weatherHours(db, system, at, new Date(at.getTime() + 24 * HOUR_MS));
      const toJson = (w: (typeof hours)[number]) => ({ hour: w.hour.toISOString(), temperature_c: w.temperatureC, cloud_cover: w.cloudCover, condition: w.condition });
      return ok({ sn: system.sysSn, time_zone: system.timeZone, current: hours[0] ? toJson(hours[0]) : null, hours: hours.map(toJson) });
    },
  });

  app.post('/UpdateSystemRemark', {
    // Staff who manage the system keep its remark (permissions/entities.ts); partners and customers read it.
    config: { permission: { subject: 'systemRemark', action: 'update' } },
    schema: { tags, summary: "Set the system's remark (staff who manage systems)", body: s.remarkBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      // The remark and its user-log row commit together or not at all.
      await db.transaction(async (tx) => {
        await updateRemark(tx, system, request.body.remark);
        await logSystemChange(tx, request.user, system, 'update_remark', { remark: request.body.remark }, request.ip, now());
      });
      return ok(null);
    },
  });

  app.post('/GetSysFaultBySn', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'Faults of a system, newest first (state: open / closed)', body: s.pagedSnBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await faultsOf(db, system, request.body.pageIndex, request.body.pageSize, request.body.state));
    },
  });

  app.post('/GetSystemComponents', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'The components of a system: inverter, batteries, meter, EMS with S/N, model and firmware', body: s.snBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await componentsOf(db, system));
    },
  });

  app.post('/GetUserLogBySn', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: { tags, summary: 'Who changed what on a system, newest first (amounts and share addresses only to those who may read them)', body: s.pagedSnBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await userLogOf(db, system, request.body.pageIndex, request.body.pageSize, userLogViewOf(request, system)));
    },
  });

  app.post('/ShareSub', {
    config: { permission: { subject: 'share', action: 'create' } },
    schema: { tags, summary: 'Share one of the caller\'s systems with an e-mail address for some days (spec §5)', body: s.shareBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      // The share's user-log row is written in the share's own transaction.
      const audit = (tx: Database) => logSystemChange(tx, request.user, system, 'share', { email: request.body.email.toLowerCase(), days: request.body.days }, request.ip, now());
      const result = await shareSystem(db, request.user, system, request.body.email, request.body.days, now(), fastify.mailer, audit);
      return ok(result);
    },
  });

  // The owner's list of a system's shares, revoke and extend (issue 11, point 13): sharesOf/revokeShare/extendShare.
  app.post('/GetShareList', {
    config: { permission: { subject: 'share', action: 'read' } },
    schema: { tags, summary: "Whom a system is shared with, until when, registered or invited (its owner; staff who read share recipients)", body: s.snBody },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      requireShareReader(request, system);
      return ok(await sharesOf(db, system, now()));
    },
  });

  app.post('/RevokeShare', {
    config: { permission: { subject: 'share', action: 'delete' } },
    schema: { tags, summary: "End one share of the caller's system at once (45 for any other share)", body: s.shareOfSystemBody },
    handler: async (request) => {
      const system = await ownSystem(request, request.body.sn);
      const audit = (tx: Database, email: string) => logSystemChange(tx, request.user, system, 'share_revoke', { email }, request.ip, now());
      await revokeShare(db, system, request.body.id, now(), audit);
      return ok(null);
    },
  });

  app.post('/ExtendShare', {
    config: { permission: { subject: 'share', action: 'update' } },
    schema: { tags, summary: "Add days to one share of the caller's system (from its end, or from now once ended)", body: s.extendShareBody },
    handler: async (request) => {
      const system = await ownSystem(request, request.body.sn);
      const audit = (tx: Database, email: string) => logSystemChange(tx, request.user, system, 'share_extend', { email, days: request.body.days }, request.ip, now());
      return ok(await extendShare(db, system, request.body.id, request.body.days, now(), audit));
    },
  });

  /** A system in scope that the caller owns (DESIGN §6: shares are the owner's to write); 45 otherwise. */
  async function ownSystem(request: FastifyRequest, sn: string) {
    const system = await systemInScope(db, await viewer(request), sn, now());
    if (system.customerUserId !== request.user.id) throw new ApiError(Code.NO_PERMISSION);
    return system;
  }

  app.post('/SaveIndexESSSet', {
    config: { permission: { subject: 'account', action: 'update' } },
    schema: { tags, summary: "Save the caller's dashboard preferences (any JSON object)", body: s.indexSettingsBody },
    handler: async (request) => {
      await saveDashboardSettings(db, request.user.id, request.body.settings, now());
      return ok(null);
    },
  });

  app.get('/GetIndexESSSet', {
    config: { permission: { subject: 'account', action: 'read' } },
    schema: { tags, summary: "The caller's dashboard preferences ({} when none)" },
    handler: async (request) => ok(await readDashboardSettings(db, request.user.id)),
  });

  app.get('/GetSecondDataBySn', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: { tags, summary: 'The newest sample of a system (real-time view)', querystring: s.snQuery },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.query.sn, now());
      // Only the newest sample: the day and period sums of the summary would be wasted here.
      const flow = await currentFlow(db, { systems: [system], timeZone: system.timeZone, currency: system.currency }, now());
      return ok({ sn: system.sysSn, ems_status: system.emsStatus, ...flow });
    },
  });
};
