import { z } from 'zod';
import { COUNTRY_CODES } from './countryCodes';
import { CURRENCIES, FAULT_MAIL_DELIVERY, PAGE_SIZES } from './account-settings-constants';

/** The settings' reads take no query and their saves answer nothing, as the other /Account calls. */
export { emptyAnswer, noQuery } from './account';

/**
 * The account settings calls of spec §7 that are a user's own preferences (server/account/settings*):
 * CustomUserSetting (a customer's notification mails), InstallSetting (an installer's defaults for new systems),
 * OtherRoleUserSetting (staff preferences), with the lists GetCustomMenuESSlist and GetControlNameList.
 */

const hhmm = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'settings:validation.time');

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** CustomUserSetting: which mails a customer gets, and the hours fault mails wait through. */
export const customerSettings = z.object({
  /** Mails about faults of their systems. */
  faultAlerts: z.boolean(),
  /** The monthly energy and savings report (server/mailings). */
  monthlyReport: z.boolean(),
  /** News and announcements sent by e-mail (information distribution). */
  news: z.boolean(),
  /** Fault mails raised between start and end (the user's own time zone; may wrap midnight) wait until the end. */
  quietHours: z.object({ enabled: z.boolean(), start: hhmm, end: hhmm }),
});
export type CustomerSettings = z.infer<typeof customerSettings>;
export const DEFAULT_CUSTOMER_SETTINGS: CustomerSettings = {
  faultAlerts: true,
  monthlyReport: true,
  news: true,
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
};

/** The mail kinds a user may turn off (wantsMail). */
export const MAIL_KINDS = ['faultAlerts', 'monthlyReport', 'news'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** InstallSetting: an installer's defaults, filled into the form of each new system and shown to its customers. */
export const installerSettings = z.object({
  countryCode: z.union([z.literal(''), z.enum(COUNTRY_CODES)], { error: 'settings:validation.country' }),
  timeZone: z.string().trim().min(1, 'settings:validation.required').max(64).refine(isTimeZone, 'settings:validation.timeZone'),
  currency: z.enum(CURRENCIES, { error: 'settings:validation.currency' }),
  /** Buy price per kWh and feed-in tariff per kWh, in `currency`. */
  buyPrice: z.number().min(0).max(10),
  feedInPrice: z.number().min(0).max(10),
  contactName: z.string().trim().max(120),
  contactPhone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9 +()/-]*$/, 'settings:validation.phone'),
  contactEmail: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(120)
      .pipe(z.email({ error: 'settings:validation.email' })),
  ]),
  /** Whether the customers of the installer's systems may change their export limit (the grid connection may cap it). */
  customerExportLimit: z.boolean().default(true),
});
export type InstallerSettings = z.infer<typeof installerSettings>;
export const DEFAULT_INSTALLER_SETTINGS: InstallerSettings = {
  countryCode: '',
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  buyPrice: 0.3,
  feedInPrice: 0.08,
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  customerExportLimit: true,
};

/** OtherRoleUserSetting: a staff member's preferences. */
export const staffSettings = z.object({
  /** The route key opened after login (one the user may open; 'dashboard' by default). */
  landingPage: z.string().trim().min(1).max(64),
  /** Rows per page of the lists. */
  pageSize: z
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'settings:validation.pageSize'),
  /** Fault mails at once, or held for one digest a day (servicers' subscriptions). */
  faultMailDelivery: z.enum(FAULT_MAIL_DELIVERY),
});
export type StaffSettings = z.infer<typeof staffSettings>;
export const DEFAULT_STAFF_SETTINGS: StaffSettings = { landingPage: 'dashboard', pageSize: 20, faultMailDelivery: 'immediate' };

/** GetCustomMenuESSlist: the systems of the menu's system selector (a customer's own, a sharer's shared ones). */
export const menuSystemsAnswer = z.array(
  z.object({ system_id: z.number(), sys_sn: z.string(), sys_name: z.string(), ems_status: z.string().nullable(), shared: z.boolean() }),
);

/**
 * The remote controls of the portal and the screen whose roles may use each (permissions/routes.ts): the
 * GetControlNameList answer is the names the caller's roles (and per-user menu denials) leave them.
 */
export const REMOTE_CONTROLS = [
  { name: 'backupReserve', screen: 'systemSettings' },
  { name: 'gridCharge', screen: 'systemSettings' },
  { name: 'feedInLimit', screen: 'systemSettings' },
  { name: 'chargeWindows', screen: 'systemSettings' },
  { name: 'tariff', screen: 'elecPriceSetting' },
  { name: 'sendCommand', screen: 'commandManagement' },
  { name: 'firmwareUpgrade', screen: 'appUpdatesManagement' },
  { name: 'timedUpgrade', screen: 'remoteTimingUpdate' },
  { name: 'batchSetting', screen: 'sysBatchSetting' },
  { name: 'dataMigration', screen: 'sysDataMigration' },
  { name: 'vppDispatch', screen: 'vppManagement' },
] as const;
export const controlNamesAnswer = z.array(z.object({ name: z.string(), screen: z.string() }));

/** GetInstallerContact: the contact the installer of a system gave its owner (InstallSetting), null when none. */
export const installerContactBody = z.object({ sn: z.string().trim().min(1).max(64).describe('the system') });
export const installerContact = z.object({
  company: z.string().describe("the installer company's name"),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type InstallerContact = z.infer<typeof installerContact>;
export const installerContactAnswer = installerContact.nullable();
