/** Spec §5 share dialog: a standard address shape whose top-level part has 2-8 letters. */
export const SHARE_EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,8}$/;
/** Days: whole days, digits only. */
export const DIGITS = /^\d+$/;
/** A value with non-digits is cleared this long after it was typed. */
export const CLEAR_AFTER_MS = 2000;
