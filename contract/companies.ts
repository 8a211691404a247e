import { z } from 'zod';
import { COUNTRY_CODES } from './countryCodes';
import { FILTER_TEXT_MAX } from './rules';

/** The service partner companies (spec §7 /Information/GetServiverList): who serves which area, and how to reach them. */

export const servicePartnerListBody = z
  .object({
    /** Only the partners of this country (an ISO 3166-1 alpha-2 code), or whose areas name it. */
    country: z.enum(COUNTRY_CODES).optional(),
    /** Part of the name or of the areas served. */
    keyword: z.string().trim().max(FILTER_TEXT_MAX).optional(),
  })
  // No body at all lists every partner.
  .default({});

export const servicePartnerAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2, or empty when unknown'),
  areas: z.string().describe('The countries and regions it serves, as staff wrote them'),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type ServicePartner = z.infer<typeof servicePartnerAnswer>;

export const servicePartnerList = z.object({ dataCount: z.number().int(), data: z.array(servicePartnerAnswer) });
