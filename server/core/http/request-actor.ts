import type { FastifyRequest } from 'fastify';
import { normalizeLanguage, type Language } from '../../../contract/languages';
import type { Actor, Caller, DeviceCaller } from '../auth/actor';

/**
 * The caller of a public call. The address and the language are read when a handler asks for them, which most calls
 * never do: behind a proxy Fastify works the address out from the forwarded header on each read.
 */
export class RequestCaller implements Caller {
  readonly #request: FastifyRequest;
  constructor(request: FastifyRequest) {
    this.#request = request;
  }
  get address(): string {
    return this.#request.ip;
  }
  get language(): Language | undefined {
    return normalizeLanguage(this.#request.headers['accept-language']);
  }
}

/** The header a system names itself by (contract/endpoint.ts, a 'device' call). */
export const DEVICE_KEY_HEADER = 'x-device-key';

/** The caller of a 'device' call: its address and the device key it sent. */
export class RequestDevice extends RequestCaller implements DeviceCaller {
  readonly deviceKey: string | undefined;
  constructor(request: FastifyRequest) {
    super(request);
    const key = request.headers[DEVICE_KEY_HEADER];
    this.deviceKey = typeof key === 'string' ? key : undefined;
  }
}

/** The caller of a call behind the access token: the token's user (request.user, server/core/http/auth.ts). */
export class RequestActor extends RequestCaller implements Actor {
  readonly id: number;
  readonly username: string;
  readonly roles: readonly string[];
  readonly menuDenied: readonly string[];
  readonly sessionId: string;
  constructor(request: FastifyRequest) {
    super(request);
    const { user } = request;
    this.id = user.id;
    this.username = user.username;
    this.roles = user.roles;
    this.menuDenied = user.menuDenied;
    this.sessionId = user.sessionId;
  }
}

/**
 * The actor of a request behind the access token, for the code that still receives the request itself (a Fastify
 * hook, a route registered by hand); an endpoint's handler is given its actor.
 */
export function actorOf(request: FastifyRequest): Actor {
  return new RequestActor(request);
}
