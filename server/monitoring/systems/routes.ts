import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  faultPageAnswer,
  mapPositionAnswer,
  selectorListAnswer,
  statusCountsAnswer,
  systemComponentAnswer,
  systemPageAnswer,
  userLogPageAnswer,
} from '../../../contract/monitoring';
import * as s from '../../../contract/monitoring-requests';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { contextOf, userLogViewOf } from '../context';
import { systemInScope } from '../scope';
import { componentsOf } from './components';
import { faultsOf, userLogOf } from './history';
import { listSystems, mapPositions, selectorList, statusCounts, updateRemark } from './service';

/**
 * The systems of the caller's scope: the storage list and its status counts, the map, the customer's selector,
 * and one system's remark, faults, components and user log (/api/ESS, /api/EnergyStorageList, /api/Position).
 */
export const systemRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now } = contextOf(deps);
  const tags = ['ESS'];

  app.post('/ESS/GetSystems', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: {
      tags,
      summary: "The storage list in the caller's scope: search, filter, sort, page",
      body: s.systemsBody,
      response: { 200: envelopeOf(systemPageAnswer) },
    },
    handler: async (request) => ok(await listSystems(db, await viewer(request), now(), request.body)),
  });

  app.post('/ESS/GetVtSystemStatusCount', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: {
      tags,
      summary: "Systems per ems_status in the caller's scope (unknown = never reported)",
      response: { 200: envelopeOf(statusCountsAnswer) },
    },
    handler: async (request) => ok(await statusCounts(db, await viewer(request), now())),
  });

  // Unlike /ESS/GetVtSystemStatusCount (the whole scope, for the dashboards) it counts what the list's search
  // finds, so the status cards above the list agree with the list under them (spec §7).
  app.post('/EnergyStorageList/GetSystemStatusCount', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: {
      tags: ['EnergyStorageList'],
      summary: "Systems per ems_status among those the storage list's search finds in the caller's scope",
      body: s.statusCountBody,
      response: { 200: envelopeOf(statusCountsAnswer) },
    },
    handler: async (request) => ok(await statusCounts(db, await viewer(request), now(), request.body)),
  });

  app.post('/Position/GetMapsList', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: {
      tags: ['Position'],
      summary: "Map positions of the systems in the caller's scope",
      response: { 200: envelopeOf(z.array(mapPositionAnswer)) },
    },
    handler: async (request) => ok(await mapPositions(db, await viewer(request), now())),
  });

  const customerList = {
    config: { permission: { subject: 'customerSystems', action: 'read' } as const },
    schema: {
      tags,
      summary: "The customer's or sharer's systems; 'All' first with the sums when there are several",
      response: { 200: envelopeOf(selectorListAnswer) },
    },
    handler: async (request: FastifyRequest) => ok(await selectorList(db, await viewer(request), now())),
  };
  app.post('/ESS/GetSystemsByCustomer', customerList);
  app.post('/ESS/GetCustomer', customerList);

  app.post('/ESS/UpdateSystemRemark', {
    // Staff who manage the system keep its remark (permissions/entities.ts); partners and customers read it.
    config: { permission: { subject: 'systemRemark', action: 'update' } },
    schema: {
      tags,
      summary: "Set the system's remark (staff who manage systems)",
      body: s.remarkBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      await updateRemark(db, system, request.body.remark, request, now());
      return ok(null);
    },
  });

  app.post('/ESS/GetSysFaultBySn', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags,
      summary: 'Faults of a system, newest first (state: open / closed)',
      body: s.pagedSnBody,
      response: { 200: envelopeOf(faultPageAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await faultsOf(db, system, request.body.pageIndex, request.body.pageSize, request.body.state));
    },
  });

  app.post('/ESS/GetSystemComponents', {
    config: { permission: { subject: 'system', action: 'read' } },
    schema: {
      tags,
      summary: 'The components of a system: inverter, batteries, meter, EMS with S/N, model and firmware',
      body: s.snBody,
      response: { 200: envelopeOf(z.array(systemComponentAnswer)) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await componentsOf(db, system));
    },
  });

  app.post('/ESS/GetUserLogBySn', {
    config: { permission: { subject: 'fleet', action: 'read' } },
    schema: {
      tags,
      summary: 'Who changed what on a system, newest first (amounts and share addresses only to those who may read them)',
      body: s.pagedSnBody,
      response: { 200: envelopeOf(userLogPageAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await userLogOf(db, system, request.body.pageIndex, request.body.pageSize, userLogViewOf(request, system)));
    },
  });
};
