import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { defineAbilityFor, type Action, type AppAbility } from '../../permissions/ability';
import { isEntitySubject } from '../../permissions/entities';
import { findRoute } from '../../permissions/routes';
import { Code } from '../../src/shared/codes';
import { ApiError } from './envelope';

/**
 * `config.permission` of a route: the route key of permissions/routes.ts whose screen the call serves, or an
 * action on a subject of permissions/entities.ts (`['update', 'systemRemark']`).
 */
export type Permission = string | readonly [Action, string];

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
}

// By the caller's user object, which the auth hook keeps per access token: one lookup per request.
const abilities = new WeakMap<FastifyRequest['user'], AppAbility>();

/** The caller's CASL ability (roles and per-user denials from the token). */
export function abilityOf(request: FastifyRequest): AppAbility {
  let ability = abilities.get(request.user);
  if (!ability) {
    ability = defineAbilityFor(request.user.roles, request.user.menuDenied);
    abilities.set(request.user, ability);
  }
  return ability;
}

function isSubject(key: string): boolean {
  return !!findRoute(key) || isEntitySubject(key);
}

/** Throws code 45 unless the caller may `action` on route or subject `key`; nothing else is revealed. */
export function requirePermission(request: FastifyRequest, key: string, action: Action = 'access'): void {
  if (!isSubject(key)) throw new Error(`unknown route key or subject '${key}' (permissions/routes.ts, permissions/entities.ts)`);
  if (!abilityOf(request).can(action, key)) throw new ApiError(Code.NO_PERMISSION);
}

/**
 * Enforces `config: { permission: 'userLog' }` (or `['update', 'userManagement']`) before the handler runs,
 * after the auth hook has identified the caller.
 */
export const permissionPlugin = fp(async (app) => {
  // A misspelt key would deny everyone silently: refuse it when the route is declared.
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    const key = typeof permission === 'string' ? permission : permission?.[1];
    if (key && !isSubject(key)) throw new Error(`${route.url}: unknown permission route key or subject '${key}'`);
  });
  app.addHook('preHandler', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (!permission || request.is404) return;
    const [action, key] = typeof permission === 'string' ? (['access', permission] as const) : permission;
    requirePermission(request, key, action);
  });
});
