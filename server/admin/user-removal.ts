import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../contract/admin/users';
import { Code } from '../../contract/codes';
import { Sessions } from '../account/sessions';
import type { AppDeps } from '../config';
import { writeAudit } from '../core/crud/audit';
import { users } from '../core/db/schema';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';
import { assertMayActOnAdmin, assertNotSelf, assertUnlockedAdminRemains, holdsAdminRole, losesUnlockedAdmin } from './admin-protection';
import { hasHistory, userHistory } from './user-history';


type UserRow = typeof users.$inferSelect;

/**
 * Removing a user (issue 11, point 16): a user without history (no systems, logins, log rows, shares or
 * licenses: user-history.ts) may be deleted; anyone else is deactivated, which keeps their history, locks the
 * account (login answers 6 'User locked') and ends their sessions, and can be undone. The rules of lock hold
 * (DESIGN §10): nobody removes themselves, only an admin removes an admin, one unlocked admin remains.
 */
export function registerUserRemoval(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** 4 unknown; 45 for the own account or an admin's when the caller is not one. Before anything is written. */
  const userToRemove = async (request: FastifyRequest, id: number): Promise<UserRow> => {
    const [user] = await deps.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!user) throw new ApiError(Code.USER_NOT_FOUND);
    assertNotSelf(request, user.id);
    await assertMayActOnAdmin(deps.db, request, holdsAdminRole(user.roles));
    return user;
  };

  app.post('/User/GetUserHistory', {
    config: { permission: { subject: 'user', action: 'read' } },
    schema: {
      tags: ['userManagement'],
      summary: 'What ties a user to the records (systems, logins, log rows, shares, licenses); deletable when none',
      body: c.userHistoryBody,
      response: { 200: envelopeOf(c.userHistoryAnswer) },
    },
    handler: async (request) => {
      const { id } = request.body;
      const [user] = await deps.db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw new ApiError(Code.USER_NOT_FOUND);
      const history = await userHistory(deps.db, user);
      return ok({ id, username: user.username, history, deletable: !hasHistory(history) });
    },
  });

  app.post('/User/DeleteUser', {
    config: { permission: { subject: 'user', action: 'delete' } },
    schema: {
      tags: ['userManagement'],
      summary: 'Delete a user without history (400 with history: deactivate instead)',
      body: c.deleteUserBody,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const { id } = request.body;
      const user = await userToRemove(request, id);
      const history = await userHistory(deps.db, user);
      if (hasHistory(history)) {
        throw new ApiError(Code.OPERATION_FAILED, 'Operation failure: the user has history (systems, logins, log rows, shares or licenses); deactivate the user instead', {
          data: { history },
        });
      }
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        const db = tx;
        await db.delete(users).where(eq(users.id, id));
        if (losesUnlockedAdmin(user, { roles: [], locked: true })) await assertUnlockedAdminRemains(db);
        await writeAudit(db, request, now, {
          action: 'userManagement.delete',
          target: `userManagement:${id}`,
          before: { username: user.username, displayName: user.displayName, email: user.email, roles: user.roles },
        });
      });
      return ok(null);
    },
  });

  app.post('/User/DeactivateUser', {
    config: { permission: { subject: 'user', action: 'update' } },
    schema: {
      tags: ['userManagement'],
      summary: 'Deactivate (deactivated: true: locked, sessions ended, history kept) or reactivate a user',
      body: c.deactivateUserBody,
      response: { 200: envelopeOf(c.deactivateUserAnswer) },
    },
    handler: async (request) => {
      const { id, deactivated } = request.body;
      const user = await userToRemove(request, id);
      if (deactivated === (user.deactivatedAt !== null)) {
        const state = deactivated ? 'already deactivated' : 'not deactivated';
        throw new ApiError(Code.PARAM_ERROR, `Parameter error: deactivated (the user is ${state})`, { data: { field: 'deactivated' } });
      }
      const now = deps.clock();
      const after = { locked: deactivated, deactivatedAt: deactivated ? now : null };
      await deps.db.transaction(async (tx) => {
        const db = tx;
        await db.update(users).set({ ...after, updatedAt: now }).where(eq(users.id, id));
        if (losesUnlockedAdmin(user, { roles: user.roles, locked: deactivated })) await assertUnlockedAdminRemains(db);
        if (deactivated) await new Sessions(db).revokeAll(id, 'admin', now);
        await writeAudit(db, request, now, {
          action: deactivated ? 'userManagement.deactivate' : 'userManagement.reactivate',
          target: `userManagement:${id}`,
          before: { locked: user.locked, deactivated_at: user.deactivatedAt?.toISOString() ?? null },
          after: { locked: after.locked, deactivated_at: after.deactivatedAt?.toISOString() ?? null },
        });
      });
      return ok({ id, deactivated, locked: deactivated });
    },
  });
}
