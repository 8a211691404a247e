/**
 * CONTRACT.md's password rule, one definition for the server (ChangePassword, ResetPasswords,
 * RegisterSharerAccount) and the pages that check it before sending: at least 8 characters, with letters
 * and digits (of any script).
 */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\p{N}/u.test(password);
}
