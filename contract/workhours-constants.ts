/**
 * The fixed values of the R&D working hours contract that the web app reads at run time. Free of zod: a module's
 * schemas are built when it is evaluated (see contract/monitoring-constants.ts). contract/workhours.ts imports them.
 */

/** What the hours went into: a fixed list, translated (`workhours:RAndDtimereport.options.kind.<kind>`). */
export const WORK_KINDS = ['analysis', 'debugging', 'firmware', 'testing', 'onsite', 'documentation', 'meeting', 'other'] as const;

/** The longest period one totals query covers (a year and a little, so a whole calendar year fits). */
export const TOTALS_MAX_DAYS = 400;
