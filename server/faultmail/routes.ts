import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryLogAnswer,
  deliveryLogBody,
  subscriptionBody,
  subscriptionIdBody,
  subscriptionListAnswer,
  subscriptionOptionsAnswer,
} from '../../contract/faultmail';
import type { AppDeps } from '../config';
import { envelopeOf, ok } from '../core/http/envelope';
import { faultDigestJob } from './digest';
import { deleteSubscription, deliveryLog, listSubscriptions, saveSubscription, subscriptionOptions } from './service';

/**
 * Fault mail subscriptions (sysErrorEmailNotification; spec §6: servicer only, so the route table's screen is the
 * permission): each service engineer manages their own subscriptions and reads the log of the fault mails that went
 * to them. The admin's e-mail rules (emailDeliveringRules) stay the admin's tool for everyone else; how the two
 * combine is in server/core/mail/fault-routing.ts and CONTRACT.md.
 */
export const faultMailRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const tags = ['FaultMail'];
  const read = { permission: { subject: 'sysErrorEmailNotification', action: 'access' } };
  const write = { permission: { subject: 'sysErrorEmailNotification', action: 'update' } };

  app.post('/FaultMail/GetMySubscriptions', {
    config: read,
    schema: { tags, summary: "The caller's fault mail subscriptions", response: { 200: envelopeOf(subscriptionListAnswer) } },
    handler: async (request) => ok(await listSubscriptions(db, request.user.id)),
  });

  app.post('/FaultMail/GetSubscriptionOptions', {
    config: read,
    schema: {
      tags,
      summary: "What a subscription may name: the fleet's countries and models, the fault codes reported so far",
      response: { 200: envelopeOf(subscriptionOptionsAnswer) },
    },
    handler: async () => ok(await subscriptionOptions(db)),
  });

  app.post('/FaultMail/SaveSubscription', {
    config: write,
    schema: {
      tags,
      summary: "Add a subscription (no id) or change one of the caller's (id); 83 when the same one exists, 45 for another's id",
      body: subscriptionBody,
      response: { 200: envelopeOf(z.object({ id: z.number() })) },
    },
    handler: async (request) => ok(await saveSubscription(db, request.user.id, request.body, clock())),
  });

  app.post('/FaultMail/DeleteSubscription', {
    config: write,
    schema: {
      tags,
      summary: "Delete one of the caller's subscriptions (45 for another's id)",
      body: subscriptionIdBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await deleteSubscription(db, request.user.id, request.body.id);
      return ok(null);
    },
  });

  app.post('/FaultMail/GetDeliveryLog', {
    config: read,
    schema: {
      tags,
      summary: 'The fault mails sent to the caller (single and digest), newest first: sent, waiting (and why) or failed',
      body: deliveryLogBody,
      response: { 200: envelopeOf(deliveryLogAnswer) },
    },
    handler: async (request) => ok(await deliveryLog(db, request.user.id, request.body)),
  });

  app.jobs.declare(faultDigestJob);
};
