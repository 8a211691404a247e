import { z } from 'zod';
import { COUNTRY_CODES } from './countryCodes';
import { isStrongPassword } from './password';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from './registration-constants';

/**
 * Request and answer shapes of self-registration (/Register: CheckSysSn, SendRegisterCode, Register), for the server
 * and the web (CONTRACT.md); the reference data's are in contract/reference.ts.
 */

const sn = z.string().trim().max(64).describe('the S/N on the label of the system');
const checkCode = z.string().trim().max(32).describe('the check code printed next to the S/N');

/** Spec §5's address shape (a 2-8 letter top-level part), as the other account pages check it. */
export const registerEmail = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .regex(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,8}$/, 'e-mail format incorrect');

export const checkSysSnBody = z.object({ sn: sn.optional(), check_code: checkCode.optional() });

export const checkSysSnAnswer = z.object({
  sn: z.string(),
  model: z.string().describe("the system's inverter model"),
  countryCode: z.string().describe('where the system is installed (ISO 3166-1 alpha-2), to start the form with'),
  timeZone: z
    .string()
    .describe("the IANA time zone to start the form with: the default of the system's installer (InstallSetting), else the system's"),
});
export type CheckSysSnAnswer = z.infer<typeof checkSysSnAnswer>;

export const sendRegisterCodeBody = z.object({
  email: registerEmail,
  language: z.string().max(20).optional().describe('the language of the mail (en by default)'),
});

export const sendRegisterCodeAnswer = z.object({
  expiresInSeconds: z.number().int().describe('how long the mailed code works'),
  resendInSeconds: z.number().int().describe('how long until another code may be asked for (15 before)'),
});

export const registerBody = z.object({
  username: z.string().trim().min(USERNAME_MIN).max(USERNAME_MAX).regex(USERNAME_PATTERN, 'letters, digits and . _ - @ only'),
  password: z.string().min(1).max(200).refine(isStrongPassword, 'at least 8 characters with letters and digits'),
  name: z.string().trim().min(1).max(100),
  email: registerEmail,
  code: z.string().trim().max(32).optional().describe('the verification code mailed to the address (53 when missing or wrong)'),
  sn,
  check_code: checkCode,
  country: z.enum(COUNTRY_CODES),
  state: z.string().trim().max(16).optional().describe('the state code of GetStatecode, e.g. BY'),
  city: z.string().trim().max(100).optional().describe('a city name of GetCitycode'),
  timeZone: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe("an id of GetSystemTimeZones; without one, the zone CheckSysSn offers (the installer's default, else the system's)"),
  agreement: z.literal(true, { error: 'the user agreement must be accepted' }),
  language: z.string().max(20).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registerAnswer = z.object({
  AccessToken: z.string(),
  RefreshTokenKey: z.string(),
  sn: z.string().describe('the system the new customer now owns'),
});
