import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../contract/admin/users';
import type { AppDeps } from '../../config';
import { envelopeOf, ok } from '../../core/http/envelope';
import { UserAdminService } from './service';

const tags = ['userManagement'];

/** User management's own calls beside the generated list / one / save / delete (resources/userManagement.ts). */
export function registerUsers(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new UserAdminService(deps.db, deps.clock);

  app.post('/User/LockUser', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: {
      tags,
      summary: 'Lock (locked: true) or unlock a user; locking ends their sessions',
      body: c.lockUserBody,
      response: { 200: envelopeOf(c.lockUserAnswer) },
    },
    handler: async (request) => ok(await service.lock(request, request.body.id, request.body.locked)),
  });

  app.post('/User/ResetUserPassword', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: {
      tags,
      summary: "Give a user a new temporary password (answered once); ends the user's sessions",
      body: c.resetUserPasswordBody,
      response: { 200: envelopeOf(c.resetUserPasswordAnswer) },
    },
    handler: async (request, reply) => {
      const answer = await service.resetPassword(request, request.body.id);
      // Shown once to the person who asked: no cache along the way may keep it.
      reply.header('cache-control', 'no-store');
      return ok(answer);
    },
  });

  app.post('/User/GetUserMenuPermissions', {
    config: { permission: { subject: 'user', action: 'read' } },
    schema: {
      tags,
      summary: "The menu entries a user's roles open and those hidden from the user",
      body: c.userMenuPermissionsBody,
      response: { 200: envelopeOf(c.userMenuPermissionsAnswer) },
    },
    handler: async (request) => ok(await service.menuPermissions(request.body.id)),
  });

  app.post('/User/SaveUserMenuPermissions', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: {
      tags,
      summary: 'Hide menu entries from one user (effective at their next login)',
      body: c.saveUserMenuPermissionsBody,
      response: { 200: envelopeOf(c.saveUserMenuPermissionsAnswer) },
    },
    handler: async (request) => ok(await service.saveMenuPermissions(request, request.body.id, request.body.menuDenied)),
  });

  app.post('/User/GetUserHistory', {
    config: { permission: { subject: 'user', action: 'read' } },
    schema: {
      tags,
      summary: 'What ties a user to the records (systems, logins, log rows, shares, licenses); deletable when none',
      body: c.userHistoryBody,
      response: { 200: envelopeOf(c.userHistoryAnswer) },
    },
    handler: async (request) => ok(await service.history(request.body.id)),
  });

  app.post('/User/DeleteUser', {
    config: { permission: { subject: 'user', action: 'delete' } },
    schema: {
      tags,
      summary: 'Delete a user without history (400 with history: deactivate instead)',
      body: c.deleteUserBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      await service.remove(request, request.body.id);
      return ok(null);
    },
  });

  app.post('/User/DeactivateUser', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: {
      tags,
      summary: 'Deactivate (deactivated: true: locked, sessions ended, history kept) or reactivate a user',
      body: c.deactivateUserBody,
      response: { 200: envelopeOf(c.deactivateUserAnswer) },
    },
    handler: async (request) => ok(await service.deactivate(request, request.body.id, request.body.deactivated)),
  });
}
