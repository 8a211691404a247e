/**
 * The fixed values of the complaint contracts that the web app reads at run time: the closed statuses, message
 * limits, the news page size, the service-level filter, the statement's groups and range. Free of zod: a module's
 * schemas are built when it is evaluated, and the web app reads these values where it needs none of them (see
 * contract/monitoring-constants.ts).
 * The schemas (contract/complaints.ts, complaint-clocks.ts, complaints-statement.ts) import them from here.
 */

/** DESIGN §9: an archived or rejected complaint takes no more comments, replies or urges. */
export const CLOSED_STATUSES = ['archived', 'rejected'] as const;

export function isClosedStatus(status: string): boolean {
  return (CLOSED_STATUSES as readonly string[]).includes(status);
}

/** The longest comment or reply. */
export const MESSAGE_MAX = 2000;

/** Files one comment or reply carries (as a complaint, spec §5). */
export const MESSAGE_FILES_MAX = 3;

/** Spec §9: the complaint message page size. */
export const NEWS_PAGE_SIZE = 5;

export const MESSAGE_KINDS = ['comment', 'reply'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The complaint list's service-level filter `sla` (contract/complaint-clocks.ts): a clock runs within its target, or past it. */
export const SLA_FILTERS = ['due', 'overdue'] as const;

export const STATEMENT_GROUPS = ['type', 'country', 'model', 'team'] as const;
export type StatementGroup = (typeof STATEMENT_GROUPS)[number];

/** At most two years per statement: each month re-reads every complaint still open in it. */
export const STATEMENT_MAX_MONTHS = 24;

/** The group value of complaints without one (no team yet: first line; no country given). */
export const STATEMENT_NONE = 'none';
