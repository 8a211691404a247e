import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Cross-cutting, so core keeps it: every place that stores a password hashes it the same way (the account
// area's login, change and reset, user management, a sharer's registration, the demo seed).

/** argon2id with the library's defaults (19 MiB, 2 passes: the OWASP recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of nothing anyone knows, made once: unknown user names are checked against it. */
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a user's hash, or, when there is no such user, against a dummy hash so that
 * the answer takes as long as for a real user and timing does not reveal which names exist.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must not let anyone in, nor crash the login.
    return false;
  }
}

export { isStrongPassword } from '../../../contract/password';
