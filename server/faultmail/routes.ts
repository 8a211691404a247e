import type { FastifyPluginAsync } from 'fastify';
import { faultMailCalls as calls } from '../../contract/faultmail-calls';
import type { AppDeps } from '../config';
import { registerEndpoint } from '../core/http/endpoint';
import { faultDigestJob } from './digest';
import { deleteSubscription, deliveryLog, listSubscriptions, saveSubscription, subscriptionOptions } from './service';

/**
 * Fault mail subscriptions (sysErrorEmailNotification; spec §6: servicer only, so the route table's screen is the
 * permission): each service engineer manages their own subscriptions and reads the log of the fault mails that went
 * to them. The admin's e-mail rules (emailDeliveringRules) stay the admin's tool for everyone else; how the two
 * combine is in server/core/mail/fault-routing.ts and CONTRACT.md. Each call is an object of
 * contract/faultmail-calls.ts; a line here says which service answers it.
 */
export const faultMailRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db, clock } = deps;

  await registerEndpoint(app, calls.subscriptions, (actor) => listSubscriptions(db, actor.id));
  await registerEndpoint(app, calls.options, () => subscriptionOptions(db));
  await registerEndpoint(app, calls.save, (actor, body) => saveSubscription(db, actor.id, body, clock()));
  await registerEndpoint(app, calls.remove, async (actor, { id }) => {
    await deleteSubscription(db, actor.id, id);
    return null;
  });
  await registerEndpoint(app, calls.log, (actor, body) => deliveryLog(db, actor.id, body));

  app.jobs.declare(faultDigestJob);
};
