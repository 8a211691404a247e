/**
 * The fixed values of the scheduled-mail contract that the web app reads at run time: job kinds, run states, the
 * roles a job may mail. Free of zod: a module's schemas are built when it is evaluated (see
 * contract/monitoring-constants.ts). contract/mailings.ts imports them.
 */

export const MAIL_JOB_KINDS = ['monthly_energy_report', 'weekly_fleet_digest'] as const;
export type MailJobKind = (typeof MAIL_JOB_KINDS)[number];

/**
 * The names the shipped jobs are seeded with: a job still called so shows its kind's name in the reader's language
 * (locales/<lang>/mailings.json kind.*); a name an editor wrote is shown as written.
 */
export const SHIPPED_JOB_NAMES: Record<MailJobKind, string> = {
  monthly_energy_report: 'Monthly energy report',
  weekly_fleet_digest: 'Weekly fleet digest',
};

export const RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** The roles a mail job may address (who has systems to report on). */
export const MAIL_JOB_ROLES = ['customer', 'installer', 'reseller', 'servicepartner'] as const;
