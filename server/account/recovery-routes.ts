import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../config';
import { envelopeOf, ok } from '../core/http/envelope';
import { RecoveryService } from './recovery';
import * as s from '../../contract/account';

const tags = ['Account'];

/** The public /Account calls of a person who cannot log in: a reset link, a new password, the user name. */
export const recoveryRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const recovery = new RecoveryService({ db: deps.db, clock: deps.clock, mailer: fastify.mailer });

  app.post('/ForgetPassword', {
    config: { public: true },
    schema: {
      tags,
      summary:
        'Mail a reset link (1 hour, once) to the account of a user name or e-mail (4 unknown user, 11 no such e-mail, 98 share expired, 15 too often)',
      security: [],
      body: s.forgetPasswordBody,
      response: { 200: envelopeOf(s.emptyAnswer) },
    },
    handler: async (request) => {
      await recovery.forgetPassword(request.body.username, request.ip);
      return ok(null);
    },
  });

  app.post('/ResetPasswords', {
    config: { public: true },
    schema: {
      tags,
      summary: "Set a new password with a reset link's token; every session of the user ends (12 link expired or used, 2 weak password)",
      security: [],
      body: s.resetPasswordBody,
      response: { 200: envelopeOf(s.emptyAnswer) },
    },
    handler: async (request) => {
      await recovery.resetPassword(request.body.token, request.body.newPassword, request.ip);
      return ok(null);
    },
  });

  app.post('/ForgetUserName', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Mail the user names registered with an e-mail address to it (11 no such e-mail, 15 too often)',
      security: [],
      body: s.forgetUserNameBody,
      response: { 200: envelopeOf(s.emptyAnswer) },
    },
    handler: async (request) => {
      await recovery.forgetUserName(request.body.email, request.ip);
      return ok(null);
    },
  });
};
