/**
 * The fixed values of the self-registration contract that the web app reads at run time: the user name's and the
 * code's rules, checked as the user types. Free of zod: a module's schemas are built when it is evaluated (see
 * contract/monitoring-constants.ts). contract/registration.ts imports them.
 */

/** The characters a user name may hold: letters and digits of any script, and . _ - @ (no spaces, no controls). */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._@-]+$/u;

export const USERNAME_MIN = 3;

export const USERNAME_MAX = 64;

/** The verification code mailed to the new customer: six digits. */
export const REGISTER_CODE_PATTERN = /^\d{6}$/;
