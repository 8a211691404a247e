import { z } from 'zod';
import { rules } from '../rules';
import { idBody, optionalBody, pageOf } from './common';

/** licenseManagement's own calls beside its generated ones (resources/licenseManagement.ts). */

/** Paging as every list takes it; the options are few (users of a licensed role), one page serves a select. */
export const licenseUserOptionsBody = optionalBody(
  z.object({ pageIndex: rules.integer(1, 1_000_000).default(1), pageSize: rules.integer(1, 1000).default(1000) }),
);
export const licenseUserOption = z.object({ username: z.string(), display_name: z.string() });
export const licenseUserOptionsAnswer = pageOf(licenseUserOption);

export const unassignLicenseBody = idBody;
export const unassignLicenseAnswer = z.object({ id: z.number().int(), assigned_user: z.null() });
export type LicenseUserOptionsAnswer = z.infer<typeof licenseUserOptionsAnswer>;
export type UnassignLicenseAnswer = z.infer<typeof unassignLicenseAnswer>;
