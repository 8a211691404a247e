import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Code } from '../../contract/codes';
import type { AppDeps } from '../config';
import { sessionIdOfAnyToken, signAccessToken } from '../core/http/auth';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';
import { agreementFor } from './agreement';
import { recoveryRoutes } from './recovery-routes';
import { registrationRoutes } from './registration-routes';
import * as s from '../../contract/account';
import { AccountService } from './service';
import { listTimeZones } from './timezones';

const tags = ['Account'];

/** /api/Account/* of CONTRACT.md. */
export const accountRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clock } = deps;
  const account = new AccountService({
    db: deps.db,
    clock,
    signAccessToken: (user, sessionId) => signAccessToken(fastify, clock, user, sessionId),
    sessionIdOfToken: (token) => sessionIdOfAnyToken(fastify, token),
    sleep: deps.sleep,
  });
  await fastify.register(recoveryRoutes, { deps });
  await fastify.register(registrationRoutes, { deps, login: (username, password, ip) => account.login(username, password, ip) });

  app.post('/Login', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Log in; answers an access token and a refresh key',
      security: [],
      body: s.loginBody,
      response: { 200: envelopeOf(s.tokensAnswer) },
    },
    handler: async (request) => ok(await account.login(request.body.username, request.body.password, request.ip)),
  });

  app.post('/RefreshToken', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Rotate the refresh key and get a new access token (102: log in again; 7: session ended elsewhere)',
      security: [],
      body: s.refreshBody,
      response: { 200: envelopeOf(s.tokensAnswer) },
    },
    handler: async (request) => {
      const { userName, accessToken, refreshTokenKey } = request.body;
      return ok(await account.refresh(userName, accessToken, refreshTokenKey, request.ip));
    },
  });

  app.post('/GetUserInfo', {
    config: { permission: { subject: 'account', action: 'read' } },
    schema: {
      tags,
      summary: "The caller's name, e-mail, roles, country, language and hidden menus",
      response: { 200: envelopeOf(s.userInfoAnswer) },
    },
    handler: async (request) => ok(await account.getUserInfo(request.user)),
  });

  app.post('/Logout', {
    config: { permission: { subject: 'account', action: 'update' } },
    schema: { tags, summary: "End the caller's session", response: { 200: envelopeOf(s.emptyAnswer) } },
    handler: async (request) => {
      await account.logout(request.user, request.ip);
      return ok(null);
    },
  });

  app.post('/ChangePassword', {
    config: { permission: { subject: 'account', action: 'update' } },
    schema: {
      tags,
      summary: "Change the caller's password; the caller's other sessions end (23: old password wrong)",
      body: s.changePasswordBody,
      response: { 200: envelopeOf(s.emptyAnswer) },
    },
    handler: async (request) => {
      await account.changePassword(request.user, request.body.oldPassword, request.body.newPassword, request.ip);
      return ok(null);
    },
  });

  app.post('/CheckUsername', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Whether a user name is free (200) or taken (50)',
      security: [],
      body: s.checkUsernameBody,
      response: { 200: envelopeOf(s.emptyAnswer) },
    },
    handler: async (request) => {
      if (await account.isUsernameTaken(request.body.username)) throw new ApiError(Code.USERNAME_EXISTS);
      return ok(null);
    },
  });

  app.get('/GetSystemTimeZones', {
    config: { public: true },
    schema: {
      tags,
      summary: 'Every time zone with its current offset from UTC',
      security: [],
      response: { 200: envelopeOf(s.timeZonesAnswer) },
    },
    handler: async () => ok(listTimeZones(clock())),
  });

  app.post('/GetUserAgreement', {
    config: { public: true },
    schema: {
      tags,
      summary: 'The user agreement in en, zh, de or ja (en by default)',
      security: [],
      body: s.agreementBody,
      response: { 200: envelopeOf(s.agreementAnswer) },
    },
    handler: async (request) => ok(agreementFor(request.body?.language)),
  });
};
