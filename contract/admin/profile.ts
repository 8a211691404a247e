import { z } from 'zod';

/** userInfoSettings: the caller's own profile (its form's fields are declared in resources/userInfoSettings.ts). */
export const profileAnswer = z.object({
  username: z.string(),
  display_name: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2 code, or empty'),
  company: z.string(),
  language_code: z.string(),
  time_zone: z.string(),
  roles: z.array(z.string()),
});
export type Profile = z.infer<typeof profileAnswer>;
