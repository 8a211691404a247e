/**
 * The fixed values of the messages contract that the web app reads at run time: the notification call's size, the
 * badge's cap, the message limits and states. Free of zod: a module's schemas are built when it is evaluated, and
 * the top bar reads these on every page (see contract/monitoring-constants.ts). contract/messages.ts imports them.
 */

/** Spec §9: the notifications call asks for this many at once (the unread list of the top bar). */
export const NOTIFICATION_FETCH_SIZE = 50_000;

/** Spec §9: the badge shows '99+' above this. */
export const BADGE_MAX = 99;

export const MESSAGE_TITLE_MAX = 200;

export const MESSAGE_CONTENT_MAX = 5_000;

/** 'recalled': a published message its publisher (or an admin) recalled, or a scheduled one cancelled (no published_at). */
export const MESSAGE_STATES = ['draft', 'scheduled', 'published', 'recalled'] as const;
