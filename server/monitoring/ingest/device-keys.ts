import { createHash, createHmac } from 'node:crypto';

/** Device keys are stored as SHA-256 only: a leaked database does not let anyone post as a system. */
export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The key of a demo system, derived from its S/N and the demo password, so that `npm run simulate` can
 * push data for the seeded systems without reading keys out of the database.
 */
export function demoDeviceKey(sn: string, demoPassword: string): string {
  return createHmac('sha256', demoPassword).update(`device:${sn}`).digest('base64url');
}
