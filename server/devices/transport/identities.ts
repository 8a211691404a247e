import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SN_PATTERN } from '../../../contract/device-messages';
import type { Database } from '../../core/db';
import { systems } from '../../core/db/schema/monitoring';
import { hashDeviceKey } from '../../monitoring/ingest/device-keys';

/**
 * Who is on the other end of a broker connection: a device (its S/N) or the portal's own client. The portal's
 * user name starts with '$', which no S/N can (SN_PATTERN), so no system can be registered under it.
 */
export type BrokerIdentity = { kind: 'device'; sn: string } | { kind: 'portal' };

export const PORTAL_USERNAME = '$portal';

/** The portal client's password on the embedded broker: derived from the token secret, so no table holds it. */
export function portalPassword(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('mqtt:portal').digest('base64url');
}

/** Compared against when the S/N is unknown, so that an unknown S/N takes as long as a wrong key. */
const NO_HASH = Buffer.alloc(32);

/**
 * Whom a user name and password identify, or none: the portal (its derived secret), or the system with that S/N
 * whose device key hashes to systems.device_key_hash. Both compares are timing-safe.
 */
export async function identify(
  db: Database,
  jwtSecret: string,
  username: string | undefined,
  password: Buffer | undefined,
): Promise<BrokerIdentity | undefined> {
  if (username === undefined || password === undefined) return undefined;
  if (username === PORTAL_USERNAME) return sameBytes(password, Buffer.from(portalPassword(jwtSecret))) ? { kind: 'portal' } : undefined;
  if (!SN_PATTERN.test(username)) return undefined;
  const [row] = await db.select({ hash: systems.deviceKeyHash }).from(systems).where(eq(systems.sysSn, username));
  const stored = row ? Buffer.from(row.hash, 'hex') : NO_HASH;
  const given = Buffer.from(hashDeviceKey(password.toString('utf8')), 'hex');
  return sameBytes(given, stored) && row ? { kind: 'device', sn: username } : undefined;
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
