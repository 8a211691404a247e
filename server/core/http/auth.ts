import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createVerifier } from 'fast-jwt';
import { Code } from '../../../contract/codes';
import { RevokedSessions } from '../auth/revocations';
import type { Clock } from '../../config';
import type { Database } from '../db';
import { API_DOCUMENT_ROUTES } from './docs';
import { ApiError } from './envelope';

/** Who is calling, as the access token says (verified without touching the database). */
export interface AuthUser {
  id: number;
  username: string;
  roles: string[];
  /** Route keys an administrator hid from this user (permissions/ability.ts). */
  menuDenied: string[];
  sessionId: string;
}

/** The claims of an access token. */
export interface AccessTokenClaims {
  sub: string;
  username: string;
  roles: string[];
  menuDenied: string[];
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: AuthUser;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without an access token (login, token refresh, reference data). */
    public?: boolean;
  }
}

export const ACCESS_TOKEN_TTL_MS = 5 * 60 * 1000;
/** How many verified access tokens are remembered (each spares one signature check per request). */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface AuthOptions {
  secret: string;
  clock: Clock;
  /** Where the ended sessions are read from and announced (server/core/auth/revocations.ts). */
  db: Database;
}

/**
 * The API documentation's page and assets are public, not the document itself (docs.ts); everything else
 * under /api needs a token unless it says otherwise.
 */
function needsToken(route: RouteOptions): boolean {
  if (route.config?.public === true) return false;
  return route.url.startsWith('/api/') && (!route.url.startsWith('/api/docs') || API_DOCUMENT_ROUTES.includes(route.url));
}

/**
 * Requires `Authorization: Bearer <access token>` on every /api route, wherever it is registered, except
 * those with `config: { public: true }` and the API docs. A missing, invalid or expired token answers
 * HTTP 401 with the envelope code 401 (the client then refreshes once). Expiry is judged by the injected clock.
 * A token of a session ended on any node (logout, password change or reset, lock, new roles) answers HTTP 401
 * with code 7 and `status: 7`: the client's one refresh is then refused with 7 too, and it shows 'You have
 * been logged out' once, however many calls were under way.
 */
export const authPlugin = fp<AuthOptions>(async (app, { secret, clock, db }) => {
  await app.register(fastifyJwt, { secret, sign: { algorithm: 'HS256' }, verify: { algorithms: ['HS256'] } });

  // Built once: @fastify/jwt builds a new verifier on every call that passes options (the clock), which cost
  // more than the rest of a request. Expiry is checked against the injected clock below instead.
  const verifySignature = createVerifier({ key: secret, algorithms: ['HS256'], ignoreExpiration: true, ignoreNotBefore: true });
  // A client sends the same token for minutes: the users of tokens already verified, by the token itself
  // (a Map lookup; fast-jwt's own cache hashes every token with SHA-256 first, as dear as checking it).
  const verified = new Map<string, { user: AuthUser; expiresAt: number }>();
  // Ended sessions, kept in memory: a request pays a Map lookup, never a database query.
  const revoked = new RevokedSessions({ db, clock, tokenTtlMs: ACCESS_TOKEN_TTL_MS, log: (message) => app.log.warn(message) });
  app.addHook('onReady', () => revoked.start());
  app.addHook('onClose', () => revoked.stop());

  const checkToken: onRequestHookHandler = (request, _reply, done) => {
    try {
      const user = verifyAccessToken(verifySignature, verified, request, clock);
      if (revoked.has(user.sessionId)) return done(sessionEnded());
      request.user = user;
      done();
    } catch (error) {
      done(error as ApiError);
    }
  };
  // Decided once per route, not on every request (reading request.routeOptions builds an object each time):
  // the check is the first of the route's own onRequest hooks. Every /api route is registered after this
  // plugin but the public /api/health (app.ts); unknown paths have no route, so they answer 404 (code 101)
  // whether or not a token came with them.
  app.addHook('onRoute', (route) => {
    if (!needsToken(route)) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (!own.includes(checkToken)) route.onRequest = [checkToken, ...own];
  });
});

function verifyAccessToken(
  verifySignature: (token: string) => AccessTokenClaims & { exp?: number },
  verified: Map<string, { user: AuthUser; expiresAt: number }>,
  request: FastifyRequest,
  clock: Clock,
): AuthUser {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!token) throw unauthorized('missing access token');
  let entry = verified.get(token);
  if (!entry) {
    let claims: AccessTokenClaims & { exp?: number };
    try {
      claims = verifySignature(token);
    } catch {
      throw unauthorized('invalid access token');
    }
    if (typeof claims.exp !== 'number') throw unauthorized('invalid access token');
    const user: AuthUser = Object.freeze({
      id: Number(claims.sub),
      username: claims.username,
      roles: claims.roles,
      menuDenied: claims.menuDenied ?? [],
      sessionId: claims.sid,
    });
    entry = { user, expiresAt: claims.exp * 1000 };
    // Oldest first out (a Map keeps insertion order); tokens live 5 minutes, so this stays small.
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, entry);
  }
  if (entry.expiresAt <= clock().getTime()) throw unauthorized('expired access token');
  return entry.user;
}

function unauthorized(reason: string): ApiError {
  return new ApiError(Code.UNAUTHORIZED, `Unauthorized: ${reason}`, { httpStatus: 401 });
}

/** What RefreshToken answers for a session ended elsewhere (CONTRACT.md), on HTTP 401 as for any token no longer good. */
function sessionEnded(): ApiError {
  return new ApiError(Code.TOKEN_TIMEOUT, undefined, { status: Code.TOKEN_TIMEOUT, httpStatus: 401 });
}

/** Signs a 5-minute access token at the injected clock's time. */
export function signAccessToken(app: FastifyInstance, clock: Clock, user: Omit<AuthUser, 'sessionId'>, sessionId: string): string {
  const claims: AccessTokenClaims = {
    sub: String(user.id),
    username: user.username,
    roles: user.roles,
    menuDenied: user.menuDenied,
    sid: sessionId,
  };
  // @fastify/jwt reads a numeric expiresIn as seconds (jsonwebtoken's convention).
  return app.jwt.sign(claims, { clockTimestamp: clock().getTime(), expiresIn: ACCESS_TOKEN_TTL_MS / 1000 });
}

/**
 * Reads an access token that may have expired (the refresh call carries the last one): the signature must be
 * ours; only the session id is used. Null when it is not one of our tokens.
 */
export function sessionIdOfAnyToken(app: FastifyInstance, token: string): string | null {
  try {
    return app.jwt.verify<AccessTokenClaims>(token, { ignoreExpiration: true }).sid ?? null;
  } catch {
    return null;
  }
}
