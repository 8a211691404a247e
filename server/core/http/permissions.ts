import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { defineAbilityFor, type Action, type AppAbility } from '../../../permissions/ability';
import { isEntitySubject } from '../../../permissions/entities';
import { findRoute } from '../../../permissions/routes';
import { isSubject as isEntity, type Subject, type SubjectAction } from '../../../permissions/subjects';
import { Code } from '../../../contract/codes';
import { ApiError } from './envelope';
import { HEALTH_PATH } from './health';
import type { Endpoint } from '../../../contract/endpoint';
import type { Actor } from '../auth/actor';

/**
 * What a call needs, named in its route config. Every /api call declares one of:
 *
 *   config: { permission: { subject: 'license', action: 'update' } }   // an entity of permissions/subjects.ts
 *   config: { permission: { subject: 'license', action: ['create', 'update'] } }  // any of them (a save)
 *   config: { public: true }                                            // no token at all (login, health)
 *
 * The preHandler below refuses a caller whose CASL ability lacks it with code 45 before the handler runs;
 * row scope (which license, which system) is the service's job with the same subject's `scope`
 * (permissions/scopes.ts). A call registered under /api with neither, or with any other form (a bare route key,
 * an `[action, key]` pair: older forms that named no subject), fails the start-up.
 */
export interface SubjectPermission {
  /** An entity of permissions/subjects.ts, or a declared resource's own (resources/types.ts `entity`). */
  subject: Subject | (string & {});
  action: SubjectAction | readonly SubjectAction[];
}
export type Permission = SubjectPermission;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /** The object of contract/ the call was registered from (server/core/http/endpoint.ts). */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /** Every /api call registered so far with what it needs (the authorization matrix test walks it). */
    apiCalls: ApiCall[];
  }
}

export interface ApiCall {
  method: string;
  url: string;
  permission?: Permission;
  public: boolean;
  /** The route's body and query schemas, when it declares them. */
  body?: unknown;
  querystring?: unknown;
}

/** Whose ability: a request behind the access token, or an actor (server/core/auth/actor.ts). */
type AbilityHolder = FastifyRequest | Pick<Actor, 'roles' | 'menuDenied'>;

// By the caller's user object, which the auth hook keeps per access token: one lookup per request. An actor of a
// service's call shares that user's role and denial lists, by which the same ability is found for it.
const byHolder = new WeakMap<object, AppAbility>();
const byLists = new WeakMap<readonly string[], WeakMap<readonly string[], AppAbility>>();

/** The caller's CASL ability (roles and per-user denials from the token). */
export function abilityOf(who: AbilityHolder): AppAbility {
  const holder = 'headers' in who ? who.user : who;
  const known = byHolder.get(holder);
  if (known) return known;
  const { roles, menuDenied } = holder;
  let byDenials = byLists.get(roles);
  if (!byDenials) byLists.set(roles, (byDenials = new WeakMap()));
  let ability = byDenials.get(menuDenied);
  if (!ability) byDenials.set(menuDenied, (ability = defineAbilityFor(roles, menuDenied)));
  byHolder.set(holder, ability);
  return ability;
}

function isKnown(key: string): boolean {
  return !!findRoute(key) || isEntitySubject(key) || isEntity(key);
}

/** Throws code 45 unless the caller may `action` on route or subject `key`; nothing else is revealed. */
export function requirePermission(who: AbilityHolder, key: string, action: Action | SubjectAction = 'access'): void {
  if (!isKnown(key)) throw new Error(`unknown route key or subject '${key}' (permissions/routes.ts, permissions/subjects.ts)`);
  if (!abilityOf(who).can(action, key)) throw new ApiError(Code.NO_PERMISSION);
}

/** The subject and the actions (any of which suffices) a permission names. */
export function permissionParts({ subject, action }: Permission): { key: string; actions: readonly string[] } {
  return { key: subject, actions: typeof action === 'string' ? [action] : action };
}

/** Only `{ subject, action }` (JavaScript callers and casts get past the type). */
function isSubjectPermission(permission: unknown): permission is SubjectPermission {
  if (typeof permission !== 'object' || permission === null || Array.isArray(permission)) return false;
  const { subject, action } = permission as Record<string, unknown>;
  const actions = typeof action === 'string' ? [action] : action;
  return typeof subject === 'string' && Array.isArray(actions) && actions.length > 0 && actions.every((a) => typeof a === 'string');
}

/** Calls under /api that need no declaration: the API document and its page (server/core/http/docs.ts). */
function isApiCall(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Enforces `config.permission` before the handler runs, after the auth hook has identified the caller, and
 * refuses at start-up a call that names none (or names a subject nobody knows).
 */
export const permissionPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('apiCalls', [] as ApiCall[]);
  app.addHook('onRoute', (route: RouteOptions) => {
    const permission = route.config?.permission;
    const isPublic = route.config?.public === true;
    if (permission !== undefined) {
      if (!isSubjectPermission(permission)) {
        throw new Error(
          `${route.url}: config.permission must be { subject, action } (server/core/http/permissions.ts), not ${JSON.stringify(permission)}`,
        );
      }
      const { key, actions } = permissionParts(permission);
      // A misspelt key would deny everyone silently.
      if (!isKnown(key)) throw new Error(`${route.url}: unknown permission route key or subject '${key}'`);
      // The check is the first of the route's own preHandlers, its subject and actions read once here rather than
      // from request.routeOptions (an object built on each read) on every request. Still after validation, as
      // before: bad input answers 2 / 3 whoever sends it (tests/api/monitoring/calls.test.ts).
      const check: preHandlerHookHandler = (request, _reply, done) => {
        const ability = abilityOf(request);
        done(actions.some((action) => ability.can(action, key)) ? undefined : new ApiError(Code.NO_PERMISSION));
      };
      route.preHandler = [check, ...(route.preHandler === undefined ? [] : [route.preHandler].flat())];
    }
    if (!isApiCall(route.url) || route.method === 'HEAD') return;
    if (!permission && !isPublic) {
      throw new Error(
        `${route.method} ${route.url}: name what the call needs, config: { permission: { subject, action } } or { public: true } (server/core/http/permissions.ts)`,
      );
    }
    // Path, body and answer are written once, in the object both sides are typed by: a call of /api without one is a
    // path the web could only call by a string.
    if (!route.config?.endpoint && route.url !== HEALTH_PATH) {
      throw new Error(
        `${route.method} ${route.url}: register it from an endpoint object of contract/ (registerEndpoint, server/core/http/endpoint.ts)`,
      );
    }
    for (const method of [route.method].flat()) {
      app.apiCalls.push({
        method,
        url: route.url,
        permission,
        public: isPublic,
        body: route.schema?.body,
        querystring: route.schema?.querystring,
      });
    }
  });
});
