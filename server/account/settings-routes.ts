import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  controlNamesAnswer,
  customerSettings,
  installerContactAnswer,
  installerContactBody,
  installerSettings,
  menuSystemsAnswer,
  staffSettings,
} from '../../contract/account-settings';
import type { AppDeps } from '../config';
import { envelopeOf, ok } from '../core/http/envelope';
import { systemInScope, viewerOf } from '../monitoring/scope';
import { installerContactOf } from './installer-defaults';
import { checkLandingPage, controlNames, menuSystems, readOwn, requireSettingRole, saveOwn } from './settings-service';

/**
 * /api/Account settings calls of spec §7 that are the caller's own preferences (CONTRACT.md, Account settings):
 * the section of userInfoSettings that fits the caller's role. Each reads and writes the caller's row only: the
 * body names no user, so no id in it can reach another user's settings.
 */
export const accountSettingsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const tags = ['Account'];
  const on = (subject: 'notificationSettings' | 'installerDefaults' | 'staffPreferences', action: 'read' | 'update') => ({
    permission: { subject, action },
  });

  app.post('/CustomUserSetting', {
    config: on('notificationSettings', 'update'),
    schema: {
      tags,
      summary: "A customer's notification mails: fault alerts, monthly report, news, quiet hours for fault mails (others 45)",
      body: customerSettings,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await saveOwn(db, request, 'notifications', request.body, clock());
      return ok(null);
    },
  });

  app.get('/GetCustomUserSetting', {
    config: on('notificationSettings', 'read'),
    schema: {
      tags,
      summary: "The customer's notification mails (defaults: all on, no quiet hours)",
      response: { 200: envelopeOf(customerSettings) },
    },
    handler: async (request) => ok(await readOwn(db, request, 'notifications')),
  });

  app.post('/InstallSetting', {
    config: on('installerDefaults', 'update'),
    schema: {
      tags,
      summary:
        "An installer's defaults for new systems: country, time zone, currency and prices, the contact shown to customers (others 45)",
      body: installerSettings,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await saveOwn(db, request, 'installer', request.body, clock());
      return ok(null);
    },
  });

  app.get('/GetInstallSetting', {
    config: on('installerDefaults', 'read'),
    schema: { tags, summary: "The installer's defaults for new systems", response: { 200: envelopeOf(installerSettings) } },
    handler: async (request) => ok(await readOwn(db, request, 'installer')),
  });

  app.post('/OtherRoleUserSetting', {
    config: on('staffPreferences', 'update'),
    schema: {
      tags,
      summary:
        "A staff member's preferences: landing page (a screen they may open), list page size, fault mails at once or as a daily digest",
      body: staffSettings,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      requireSettingRole(request, 'staff');
      checkLandingPage(request, request.body);
      await saveOwn(db, request, 'staff', request.body, clock());
      return ok(null);
    },
  });

  app.get('/GetOtherRoleUserSetting', {
    config: on('staffPreferences', 'read'),
    schema: { tags, summary: "The staff member's preferences", response: { 200: envelopeOf(staffSettings) } },
    handler: async (request) => ok(await readOwn(db, request, 'staff')),
  });

  app.get('/GetCustomMenuESSlist', {
    config: { permission: { subject: 'customerSystems', action: 'read' } },
    schema: {
      tags,
      summary: "The systems of the menu's system selector: a customer's own and those shared to them",
      response: { 200: envelopeOf(menuSystemsAnswer) },
    },
    handler: async (request) => ok(await menuSystems(db, request, clock())),
  });

  app.post('/GetInstallerContact', {
    config: { permission: { subject: 'customerSystems', action: 'read' } },
    schema: {
      tags,
      summary:
        "The contact the installer of one of the caller's systems (own or shared) gave its owners (InstallSetting); null when none; 45 for a system outside the caller's scope",
      body: installerContactBody,
      response: { 200: envelopeOf(installerContactAnswer) },
    },
    handler: async (request) => {
      const system = await systemInScope(db, await viewerOf(db, request.user), request.body.sn, clock());
      return ok(await installerContactOf(db, system.installerCompanyId));
    },
  });

  app.get('/GetControlNameList', {
    config: { permission: { subject: 'account', action: 'read' } },
    schema: {
      tags,
      summary: 'The names of the remote controls the caller may use, each with the screen that holds it',
      response: { 200: envelopeOf(controlNamesAnswer) },
    },
    handler: async (request) => ok(controlNames(request)),
  });
};
