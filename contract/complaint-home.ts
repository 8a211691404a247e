import { z } from 'zod';
import { isTimeZone } from './account-settings';

/**
 * The after-sales home (/api/Complaints/GetAfterSalesHome): what waits for the caller's team today. `timeZone` is the
 * reader's (their browser's), so that 'due today' ends at their midnight; UTC without it.
 */
export const afterSalesHomeBody = z.object({
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'settings:validation.timeZone').optional(),
});

export const homeComplaint = z.object({
  id: z.number(),
  title: z.string(),
  status: z.string(),
  sys_sn: z.string(),
  priority: z.string(),
  team: z.string().nullable(),
  /** Who handles it, by display name (null before anyone accepted it). */
  processor_name: z.string().nullable(),
  created_at: z.string(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  /** The clock whose deadline `due_at` is: the first response or the resolution. */
  clock: z.enum(['first_response', 'resolution']).nullable(),
});
export type HomeComplaint = z.infer<typeof homeComplaint>;

const section = z.object({ count: z.number(), items: z.array(homeComplaint) });
export type HomeSection = z.infer<typeof section>;

export const afterSalesHomeAnswer = z.object({
  /** New and reopened complaints (first line), and those forwarded to the caller's team. */
  queue: section,
  /** The open complaints the caller handles. */
  mine: section,
  /** Of those two, the ones whose clock runs out before the reader's midnight or has run out. */
  clocks: section,
  /** Complaints waiting to be archived; null for a caller who does not archive. */
  archive: section.nullable(),
});
export type AfterSalesHome = z.infer<typeof afterSalesHomeAnswer>;
