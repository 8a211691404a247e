import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { extendShareAnswer, invitationAnswer, shareListAnswer, shareResultAnswer } from '../../../contract/monitoring';
import * as s from '../../../contract/monitoring-requests';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { contextOf, requireShareReader } from '../context';
import { systemInScope } from '../scope';
import { extendShare, revokeShare, sharesOf } from './manage';
import { checkInvitation, registerSharer, shareSystem } from './service';

/**
 * Sharing a system (spec §5): the owner shares, lists, revokes and extends (/api/ESS); the invited sharer checks
 * the link and registers (/api/Account, no token).
 */
export const shareRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const { viewer, now, ownSystem } = contextOf(deps);
  const tags = ['ESS'];

  app.post('/ESS/ShareSub', {
    config: { permission: { subject: 'share', action: 'create' } },
    schema: {
      tags,
      summary: "Share one of the caller's systems with an e-mail address for some days (spec §5)",
      body: s.shareBody,
      response: { 200: envelopeOf(shareResultAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      return ok(await shareSystem(db, request, system, request.body.email, request.body.days, now(), fastify.mailer));
    },
  });

  // The owner's list of a system's shares, revoke and extend: sharesOf/revokeShare/extendShare.
  app.post('/ESS/GetShareList', {
    config: { permission: { subject: 'share', action: 'read' } },
    schema: {
      tags,
      summary: 'Whom a system is shared with, until when, registered or invited (its owner; staff who read share recipients)',
      body: s.snBody,
      response: { 200: envelopeOf(shareListAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewer(request), request.body.sn, now());
      requireShareReader(request, system);
      return ok(await sharesOf(db, system, now()));
    },
  });

  app.post('/ESS/RevokeShare', {
    config: { permission: { subject: 'share', action: 'delete' } },
    schema: {
      tags,
      summary: "End one share of the caller's system at once (45 for any other share, 2 for an ended one)",
      body: s.shareOfSystemBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await revokeShare(db, await ownSystem(request, request.body.sn), request.body.id, now(), request);
      return ok(null);
    },
  });

  app.post('/ESS/ExtendShare', {
    config: { permission: { subject: 'share', action: 'update' } },
    schema: {
      tags,
      summary: "Add days to the end of one share of the caller's system (45 for any other share, 2 for an ended one: share again)",
      body: s.extendShareBody,
      response: { 200: envelopeOf(extendShareAnswer) },
    },
    handler: async (request) => {
      return ok(await extendShare(db, await ownSystem(request, request.body.sn), request.body.id, request.body.days, now(), request));
    },
  });

  app.post('/Account/CheckSharerAccount', {
    config: { public: true },
    schema: {
      tags: ['Account'],
      summary: 'Whether a /shareRegister link is still good (12 when used or expired)',
      security: [],
      body: s.invitationBody,
      response: { 200: envelopeOf(invitationAnswer) },
    },
    handler: async (request) => ok(await checkInvitation(db, request.body.token, now())),
  });

  app.post('/Account/RegisterSharerAccount', {
    config: { public: true },
    schema: {
      tags: ['Account'],
      summary: 'The invited sharer sets user name and password (12 link expired, 50 name taken)',
      security: [],
      body: s.registerSharerBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await registerSharer(db, request.body.token, request.body.username, request.body.password, now());
      return ok(null);
    },
  });
};
