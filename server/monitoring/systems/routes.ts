import type { FastifyPluginAsync } from 'fastify';
import { systemCalls as calls } from '../../../contract/monitoring-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { contextOf, userLogViewOf } from '../context';
import { componentsOf } from './components';
import { faultsOf, userLogOf } from './history';
import { listSystems, mapPositions, selectorList, statusCounts, updateRemark } from './service';

/**
 * The systems of the caller's scope: the storage list and its status counts, the map, the customer's selector,
 * and one system's remark, faults, components and user log (/api/ESS, /api/EnergyStorageList, /api/Position).
 * Each call is an object of contract/monitoring-calls.ts (systemCalls).
 */
export const systemRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const { viewer, now, inScope } = contextOf(deps);

  await registerEndpoint(app, calls.list, async (actor, body) => listSystems(db, await viewer(actor), now(), body));
  await registerEndpoint(app, calls.statusCounts, async (actor) => statusCounts(db, await viewer(actor), now()));
  await registerEndpoint(app, calls.listStatusCounts, async (actor, search) => statusCounts(db, await viewer(actor), now(), search));
  await registerEndpoint(app, calls.mapPositions, async (actor) => mapPositions(db, await viewer(actor), now()));
  await registerEndpoint(app, calls.customerSystems, async (actor) => selectorList(db, await viewer(actor), now()));
  await registerEndpoint(app, calls.customer, async (actor) => selectorList(db, await viewer(actor), now()));
  await registerEndpoint(app, calls.updateRemark, async (actor, { sn, remark }) => {
    await updateRemark(db, await inScope(actor, sn), remark, actor, now());
    return null;
  });
  await registerEndpoint(app, calls.faults, async (actor, { sn, pageIndex, pageSize, state }) =>
    faultsOf(db, await inScope(actor, sn), pageIndex, pageSize, state),
  );
  await registerEndpoint(app, calls.components, async (actor, { sn }) => componentsOf(db, await inScope(actor, sn)));
  await registerEndpoint(app, calls.userLog, async (actor, { sn, pageIndex, pageSize }) => {
    const system = await inScope(actor, sn);
    return userLogOf(db, system, pageIndex, pageSize, userLogViewOf(actor, system));
  });
};
