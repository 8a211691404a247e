import type { Language } from '../../../contract/languages';

/**
 * Who makes a call, as a service sees it: built once per request from the verified access token by
 * registerEndpoint (server/core/http/endpoint.ts), or as a plain object by a job acting for a user or a test. Services take
 * an Actor or plain values, never the HTTP request.
 */
export interface Caller {
  /** The client's address (behind the trusted proxy: the one it forwarded). */
  readonly address: string;
  /** The portal language the client's Accept-Language names first, if it names one (a reader's last fallback). */
  readonly language?: Language;
}

/** A system calling with its device key (a 'device' call): the key is checked by the call's own service. */
export interface DeviceCaller extends Caller {
  /** The header X-Device-Key as sent; undefined when missing. */
  readonly deviceKey: string | undefined;
}

export interface Actor extends Caller {
  readonly id: number;
  readonly username: string;
  readonly roles: readonly string[];
  /** Route keys an administrator hid from this user (permissions/ability.ts). */
  readonly menuDenied: readonly string[];
  /** The login session the access token belongs to. */
  readonly sessionId: string;
}
