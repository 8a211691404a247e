import { z } from 'zod';
import { noBody } from './common';

/** snManagement's own calls beside its generated ones (resources/snManagement.ts). */

export const checkSnBody = z.object({ sn: z.string().max(64).optional(), check_code: z.string().max(40).optional() });
export const checkSnAnswer = z.object({ sn: z.string(), product_type: z.string(), model: z.string() });

export const snTemplateBody = noBody;
export const snTemplateFile = z.file().describe('the xlsx template: the header row and one example');
/** The import's form has no text field: one part `file`, the xlsx sheet. */
export const snImportForm = z.object({});

/** One sheet row of an import: 200 saved, else the code and text of why not. */
export const snImportRow = z.object({ row: z.number().int(), sn: z.string(), code: z.number().int(), info: z.string() });
export type SnImportRow = z.infer<typeof snImportRow>;
export const snImportAnswer = z.object({
  total: z.number().int(),
  created: z.number().int(),
  failed: z.number().int(),
  rows: z.array(snImportRow),
});
export type SnImportAnswer = z.infer<typeof snImportAnswer>;
export type CheckSnAnswer = z.infer<typeof checkSnAnswer>;
