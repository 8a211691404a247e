import { createHash, randomBytes } from 'node:crypto';

/** A new refresh key: 256 random bits, handed to the client once and stored only as its hash. */
export function newRefreshKey(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is enough here (unlike for passwords): the key is random, there is nothing to guess. */
export function hashRefreshKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The tokens of e-mailed links (password reset) are made and kept the same way: random, stored as the hash. */
export const newLinkToken = newRefreshKey;
export const hashLinkToken = hashRefreshKey;
