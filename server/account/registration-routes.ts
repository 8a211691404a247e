import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as s from '../../contract/registration';
import type { AppDeps } from '../config';
import { envelopeOf, ok } from '../core/http/envelope';
import { RegistrationService } from './registration';

const tags = ['Account'];

/**
 * The public /Account calls of /Register: the label check, the mailed code, the registration itself. The caller
 * passes `login`, which opens the new customer's first session (the account service's own login).
 */
export const registrationRoutes: FastifyPluginAsync<{
  deps: AppDeps;
  login: (username: string, password: string, ip: string) => Promise<{ AccessToken: string; RefreshTokenKey: string }>;
}> = async (fastify, { deps, login }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const registration = new RegistrationService({
    db: deps.db,
    clock: deps.clock,
    mailer: fastify.mailer,
    announceCode: deps.mailTransport
      ? undefined
      : (email, code) => fastify.log.warn(`no mail server (SMTP_URL not set): the registration code for ${email} is ${code}`),
  });

  app.post('/CheckSysSn', {
    config: { public: true },
    schema: {
      tags,
      summary:
        'Whether a new customer may claim the system of a label: 25 no S/N, 61 not an S/N, 18 unknown, 21 wrong check code, 22 a component built into a system, 9 no system for it, 85 being moved, 19 owned already, 92 too many wrong tries (5 minutes)',
      security: [],
      body: s.checkSysSnBody,
      response: { 200: envelopeOf(s.checkSysSnAnswer) },
    },
    handler: async (request) => {
      const { systemId: _, installerCompanyId: __, ...answer } = await registration.checkSysSn(request.body, request.ip);
      return ok(answer);
    },
  });

  app.post('/SendRegisterCode', {
    config: { public: true },
    schema: {
      tags,
      summary:
        'Mail a six-digit verification code to the address of a new account (15 minutes, 5 tries): 37 the address has an account, 15 again within a minute, 16 the day’s codes used up',
      security: [],
      body: s.sendRegisterCodeBody,
      response: { 200: envelopeOf(s.sendRegisterCodeAnswer) },
    },
    handler: async (request) => ok(await registration.sendCode(request.body.email, request.body.language, request.ip)),
  });

  app.post('/Register', {
    config: { public: true },
    schema: {
      tags,
      summary:
        'Create a customer who owns the system of the label, and log them in: 50 name taken, 37 address taken, 53 no valid mailed code, the S/N codes of CheckSysSn, 2 bad field (nothing is created on any error)',
      security: [],
      body: s.registerBody,
      response: { 200: envelopeOf(s.registerAnswer) },
    },
    handler: async (request) => {
      const { username, sn } = await registration.register(request.body, request.ip);
      return ok({ ...(await login(username, request.body.password, request.ip)), sn });
    },
  });
};
