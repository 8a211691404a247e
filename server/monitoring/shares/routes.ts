import type { FastifyPluginAsync } from 'fastify';
import { shareCalls as calls } from '../../../contract/monitoring-calls';
import type { AppDeps } from '../../config';
import { registerEndpoint } from '../../core/http/endpoint';
import { contextOf, requireShareReader } from '../context';
import { extendShare, revokeShare, sharesOf } from './manage';
import { checkInvitation, registerSharer, shareSystem } from './service';

/**
 * Sharing a system (spec §5): the owner shares, lists, revokes and extends (/api/ESS); the invited sharer checks
 * the link and registers (/api/Account, no token). Each call is an object of contract/monitoring-calls.ts
 * (shareCalls).
 */
export const shareRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const { now, inScope, ownSystem } = contextOf(deps);

  await registerEndpoint(app, calls.share, async (actor, { sn, email, days }) =>
    shareSystem(db, actor, await inScope(actor, sn), email, days, now(), app.mailer),
  );
  await registerEndpoint(app, calls.list, async (actor, { sn }) => {
    const system = await inScope(actor, sn);
    requireShareReader(actor, system);
    return sharesOf(db, system, now());
  });
  await registerEndpoint(app, calls.revoke, async (actor, { sn, id }) => {
    await revokeShare(db, await ownSystem(actor, sn), id, now(), actor);
    return null;
  });
  await registerEndpoint(app, calls.extend, async (actor, { sn, id, days }) =>
    extendShare(db, await ownSystem(actor, sn), id, days, now(), actor),
  );
  await registerEndpoint(app, calls.checkInvitation, (_caller, { token }) => checkInvitation(db, token, now()));
  await registerEndpoint(app, calls.registerSharer, async (_caller, { token, username, password }) => {
    await registerSharer(db, token, username, password, now());
    return null;
  });
};
