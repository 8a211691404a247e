import { z } from 'zod';
import { COUNTRY_CODES } from './countryCodes';
import { registerEmail } from './registration';
import { INSTALL_PHOTOS_MAX } from './install-constants';

/**
 * Request and answer shapes of installing a new system (installNewSystem) and of giving a customer another system
 * (associateAdditionalSystem); their calls are in contract/install-calls.ts. The S/N and MAC rules answer spec codes
 * from the server (25, 61, 18, 21, 22, 52, 62, 63), so the schemas here only bound the strings.
 */

export const COMPONENT_KINDS = ['inverter', 'battery', 'meter', 'ems'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];

const sn = z.string().trim().max(64).describe('an S/N of the S/N registry, as on its label');
const checkCode = z.string().trim().max(32).describe('the check code printed next to the S/N');
const day = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const id = z.number().int().positive().max(2_147_483_647);

export const checkInstallSnBody = z.object({
  kind: z.enum(['system', ...COMPONENT_KINDS]).describe('what the label should be: the system or one of its components'),
  sn: sn.optional(),
  check_code: checkCode.optional(),
});
export const checkInstallSnAnswer = z.object({ sn: z.string(), model: z.string(), product_type: z.string() });
export type CheckInstallSnAnswer = z.infer<typeof checkInstallSnAnswer>;

export const installComponent = z.object({
  kind: z.enum(COMPONENT_KINDS),
  sn: sn.optional(),
  check_code: checkCode.optional(),
  /** The EMS's network address (62 missing, 63 not six pairs of hexadecimal digits). */
  mac: z.string().max(64).optional(),
});
export type InstallComponent = z.infer<typeof installComponent>;

/** The customer: an existing customer account (staff by id or e-mail, partners by exact e-mail), or an invitation. */
export const installCustomer = z.union([
  z.object({ userId: id }),
  z.object({ email: registerEmail }),
  z.object({ inviteEmail: registerEmail, language: z.enum(['en', 'zh', 'de', 'ja']).optional() }),
]);

export const installSystemBody = z.object({
  sn: sn.optional(),
  check_code: checkCode.optional(),
  /** Staff install for the installer company they choose; installers and resellers for their own (resellers: one of theirs). */
  installerCompanyId: id.optional(),
  sys_name: z.string().trim().max(100).optional(),
  minv: z.string().trim().min(1).max(64).describe('the system model'),
  mbat: z.string().trim().min(1).max(64).describe('the battery model'),
  components: z.array(installComponent).min(1).max(40),
  popv: z.number().positive().max(100_000).describe('PV rated power, kW'),
  poinv: z.number().positive().max(100_000).describe('inverter rated power, kW'),
  cobat: z.number().positive().max(1_000_000).describe('installed battery capacity, kWh'),
  surpluscobat: z.number().positive().max(1_000_000).describe('usable battery capacity, kWh (at most the installed)'),
  site_kind: z.enum(['household', 'commercial']).default('household'),
  address: z.string().trim().min(1).max(200),
  postcode: z.string().trim().max(20).default(''),
  city: z.string().trim().min(1).max(100),
  country: z.enum(COUNTRY_CODES),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  timeZone: z.string().trim().min(1).max(64).describe('an id of GetSystemTimeZones'),
  commissionedOn: day,
  customer: installCustomer,
  /** Upload ids of the site photos, uploaded to the installation record's photos field (UploadInstallFile): at least 2. */
  photos: z.array(id).max(INSTALL_PHOTOS_MAX),
});
export type InstallSystemBody = z.infer<typeof installSystemBody>;

export const installSystemAnswer = z.object({
  sys_sn: z.string(),
  device_key: z.string().describe('shown this once, to print or type into the device; the portal keeps its hash'),
  customer: z.string().describe("the owning account's user name, '' while an invitation is pending"),
  invited_email: z.string(),
  installation_record_id: z.number().describe('the installation record made with it, to complete on the InstallationRecord screen'),
});

export const installCompaniesAnswer = z.array(z.object({ id: z.number(), name: z.string(), country: z.string() }));

export const findCustomerBody = z.object({
  keyword: z.string().trim().min(1).max(254).describe('staff: part of a user name, name or e-mail; partners: the exact e-mail'),
});
export const findCustomerAnswer = z.array(
  z.object({ id: z.number(), username: z.string(), name: z.string(), email: z.string(), systems: z.number() }),
);

export const associateSystemBody = z.object({
  /** The customer account: staff by id or e-mail, partners by exact e-mail. */
  customer: z.union([z.object({ userId: id }), z.object({ email: registerEmail })]),
  sn: sn.optional(),
  /** Required of partners (they prove they hold the label); staff may leave it out for a system they pick. */
  check_code: checkCode.optional(),
});
export type AssociateSystemBody = z.infer<typeof associateSystemBody>;

export const associateSystemAnswer = z.object({ sys_sn: z.string(), customer: z.string(), systems: z.number() });

export const unownedSystemsBody = z.object({ keyword: z.string().trim().max(64).default('') });
export const unownedSystemsAnswer = z.array(z.object({ sys_sn: z.string(), minv: z.string(), city: z.string(), country_code: z.string() }));

/** The body of the calls that take nothing: none at all is as good as {}. */
export const noBody = z
  .object({})
  .nullish()
  .transform(() => ({}));
