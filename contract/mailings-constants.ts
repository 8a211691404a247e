/**
 * The fixed values of the scheduled-mail contract that the web app reads at run time: job kinds, run states, the
 * roles a job may mail. Free of zod: a module's schemas are built when it is evaluated (see
 * contract/monitoring-constants.ts). contract/mailings.ts imports them.
 */

export const MAIL_JOB_KINDS = ['monthly_energy_report', 'weekly_fleet_digest'] as const;
export type MailJobKind = (typeof MAIL_JOB_KINDS)[number];

export const RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** The roles a mail job may address (who has systems to report on). */
export const MAIL_JOB_ROLES = ['customer', 'installer', 'reseller', 'servicepartner'] as const;
