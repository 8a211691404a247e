/**
 * An alarm's lifecycle (DESIGN §12), free of zod for the web app's tags and filters: `active` while the fault lasts
 * (or comes back within the hold), `clearing` once it ended and until the hold passed, `cleared` after. Being
 * acknowledged or assigned is recorded beside the state, not instead of it: an acknowledged alarm is still active.
 */
export const ALARM_STATES = ['active', 'clearing', 'cleared'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_EVENT_KINDS = ['opened', 'returned', 'cleared', 'acknowledged', 'assigned', 'commented'] as const;
export type AlarmEventKind = (typeof ALARM_EVENT_KINDS)[number];

/**
 * How long an ended fault keeps its alarm before it clears: a fault that comes back within it continues the same
 * alarm (its count rises, nobody is told again), so a flapping fault does not open and close every minute.
 */
export const ALARM_CLEAR_HOLD_MINUTES = 15;

/** The code of the alarm of a system that stopped reporting (the catalogue's entry gives its texts). */
export const OFFLINE_ALARM_CODE = 'OFFLINE';

/** The columns the fault search sorts by (severity: the worst first, then the newest). */
export const ALARM_SORT_KEYS = ['severity', 'last_seen_at', 'first_seen_at', 'occurrences', 'sys_sn'] as const;
export type AlarmSortKey = (typeof ALARM_SORT_KEYS)[number];

/** How many alarms one acknowledgement may name (a page of the list at its largest). */
export const MAX_ALARMS_PER_ACK = 500;
