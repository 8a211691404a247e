import { z } from 'zod';
import { rules } from './rules';

/**
 * The installer-file calls beyond the generated ones (server/archives/installers/routes.ts):
 * the scorecards of the files in the caller's scope, and one file's scorecard with its systems and complaints.
 */

/**
 * An installer's scorecard over the last 12 months (server/archives/installerScorecard.ts). A rate whose
 * denominator is zero (no systems, no complaints, nothing rated) is null: shown as '–', never as 0.
 */
export const installerScorecard = z.object({
  id: z.number(),
  name: z.string(),
  contact: z.string(),
  license: z.string(),
  /** The filing days (YYYY-MM-DD, both included) of the complaints the figures count: the complaint list's filter. */
  window_from: z.string(),
  window_to: z.string(),
  /** Systems whose installer is this company. */
  systems: z.number(),
  /** Complaints filed on those systems in the last 12 months. */
  complaints: z.number(),
  complaints_per_100: z.number().nullable(),
  /** Median hours from filing to the first 'completed', of those complaints that were completed. */
  median_resolution_hours: z.number().nullable(),
  /** Share (0–1) of the 12 months' complaints reopened at least once. */
  reopened_share: z.number().nullable(),
  /** The mean of every rating given (solved, time, attitude; 1–5) on those complaints. */
  average_rating: z.number().nullable(),
  /** Faults started in the 12 months per system-month (each system counts the months it existed in the window). */
  faults_per_system_month: z.number().nullable(),
});
export type InstallerScorecard = z.infer<typeof installerScorecard>;

export const installerIdBody = z.object({ id: rules.id() });

export const installerSystem = z.object({
  sys_sn: z.string(),
  sys_name: z.string(),
  country: z.string(),
  ems_status: z.string().nullable(),
  created_at: z.string(),
});
export type InstallerSystem = z.infer<typeof installerSystem>;

export const installerComplaint = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  sys_sn: z.string(),
  created_at: z.string(),
});
export type InstallerComplaint = z.infer<typeof installerComplaint>;

/** /Installer/GetInstallerOverview: one file's scorecard, its systems and the complaints on them (newest first). */
export const installerOverview = z.object({
  scorecard: installerScorecard,
  systems: z.array(installerSystem),
  complaints: z.array(installerComplaint),
});
export type InstallerOverview = z.infer<typeof installerOverview>;

/** /Installer/GetInstallerScorecards takes nothing: none at all is as good as {}. */
export const scorecardsBody = z
  .object({})
  .nullish()
  .transform(() => ({}));
export const installerScorecardList = z.array(installerScorecard);
