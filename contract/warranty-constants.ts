/**
 * The fixed values of the warranty (/Warranty/*) the web app reads at run time; free of zod (see
 * contract/monitoring-constants.ts). The schemas of contract/warranty.ts import them from here.
 */

/** The components a warranty covers, each with terms of its own. */
export const WARRANTY_COMPONENTS = ['inverter', 'battery'] as const;
export type WarrantyComponent = (typeof WARRANTY_COMPONENTS)[number];

/** Where a warranty starts: the delivery date (on the delivery note) or the commissioning date. */
export const WARRANTY_START_BASES = ['delivery', 'commissioning'] as const;
export type WarrantyStartBasis = (typeof WARRANTY_START_BASES)[number];

/** A key: unused, used (redeemed once), or void (blocked by staff: 79). Expiry is by date (80). */
export const WARRANTY_KEY_STATES = ['unused', 'used', 'void'] as const;
export type WarrantyKeyState = (typeof WARRANTY_KEY_STATES)[number];
/** What the list of issued keys filters by: the stored states, and 'expired' (unused past its last day). */
export const WARRANTY_KEY_FILTERS = ['unused', 'used', 'void', 'expired'] as const;
export type WarrantyKeyFilter = (typeof WARRANTY_KEY_FILTERS)[number];

/** A warranty's state today: covered, covered but ending within the window asked, ended. */
export const WARRANTY_STATES = ['under', 'expiring', 'expired'] as const;
export type WarrantyState = (typeof WARRANTY_STATES)[number];

/** What ended (or will end) a battery's warranty first: its years or its throughput. */
export const WARRANTY_LIMITS = ['years', 'throughput'] as const;
export type WarrantyLimit = (typeof WARRANTY_LIMITS)[number];

/** 'Expiring' means ending within this many days unless the list asks otherwise. */
export const EXPIRING_DAYS = 90;

/** Wrong CDKEYs per user and per client address within the window before the answer is 92. */
export const CDKEY_TRIES = { perMinute: 5, windowMs: 60_000 } as const;

export const WARRANTY_SORT_KEYS = ['sys_sn', 'minv', 'installer', 'start_on', 'inverter_end', 'battery_end', 'warranty_end'] as const;
export type WarrantySortKey = (typeof WARRANTY_SORT_KEYS)[number];
