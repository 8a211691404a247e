import { z } from 'zod';
import { TRANSLATION_LANGUAGES } from './translations';

/** What menuManagement changes in the sidebar, per menu key (the web applies it over the route table). */
const language = z.enum(TRANSLATION_LANGUAGES);

export const menuOverride = z.object({
  title: z.partialRecord(language, z.string()).optional().describe('titles an admin set; a language left out shows the text of locales/'),
  order: z.number().int(),
  icon: z.string().optional(),
  hidden: z.boolean(),
  parent: z.string().nullable().optional().describe('the group the entry was moved to (null: the top level); absent while unmoved'),
  link: z.string().optional().describe('an entry that is no route: a link to this http(s) address'),
});
export type MenuOverride = z.infer<typeof menuOverride>;
/** The call takes no query. */
export const menuOverridesQuery = z.object({});
export const menuOverridesAnswer = z.record(z.string(), menuOverride);
