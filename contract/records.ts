import { z } from 'zod';
import { rules } from './rules';

/**
 * Requests and answers of the component calls of a system's records (contract/records-calls.ts). Strings are trimmed
 * and bounded (spec §5); parameters camelCase, rows snake_case (DESIGN §4).
 */

const sn = (max = 64) => z.string().trim().max(max);

/** Replace one component's S/N in a system (a swapped battery, a corrected label). */
export const updateSystemSnBody = z.object({
  /** The system. */
  sysSn: rules.requiredText(40),
  /** The S/N of the component taken out (one of the system's components). */
  oldSn: rules.requiredText(64),
  /** The S/N of the component put in: in the registry, free, with its check code (25, 61, 18, 21, 22, 85, 105). */
  newSn: sn(),
  checkCode: sn(32),
  /** Why: what the history shows. */
  reason: rules.requiredText(500),
  /** The maintenance record the swap is part of (a record of the same system). */
  maintenanceId: rules.id().optional(),
});

export const componentHistoryRow = z.object({
  id: z.number(),
  sys_sn: z.string(),
  kind: z.string(),
  old_sn: z.string(),
  new_sn: z.string(),
  old_model: z.string(),
  new_model: z.string(),
  reason: z.string(),
  old_sn_state: z.string(),
  maintenance_record_id: z.number().nullable(),
  changed_by: z.string(),
  changed_at: z.string(),
});

export const componentHistoryBody = z.object({
  sysSn: rules.requiredText(40),
  /** Only the swaps of this maintenance record. */
  maintenanceId: rules.id().optional(),
});

export const componentHistoryAnswer = z.array(componentHistoryRow);
