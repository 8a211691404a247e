import type { FastifyPluginAsync } from 'fastify';
import { warrantyCalls as calls } from '../../contract/warranty-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { warrantyKeyPage } from './keys';
import { getWarranty, redeemKey, saveSystemWarranty, warrantyData, warrantyPage } from './service';

/**
 * The warranty (/api/Warranty, contract/warranty-calls.ts). The delivery note's upload and download are the generated
 * attachments calls of resources/warrantyDelivery.ts.
 */
export const warrantyRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;
  await registerEndpoint(app, calls.get, (actor, { sys_sn }) => getWarranty(db, actor, sys_sn, clock()));
  await registerEndpoint(app, calls.list, (actor, body) => warrantyPage(db, actor, body, clock()));
  await registerEndpoint(app, calls.save, (actor, body) => saveSystemWarranty(db, actor, body, clock()));
  await registerEndpoint(app, calls.redeem, (actor, body) => redeemKey(db, actor, body, clock()));
  await registerEndpoint(app, calls.keyList, (_actor, body) => warrantyKeyPage(db, body, clock()));
  await registerEndpoint(app, calls.keys, (actor, body) => warrantyData(db, actor, body, clock()));
};
