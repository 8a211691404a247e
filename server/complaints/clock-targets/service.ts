import { eq } from 'drizzle-orm';
import { clockTargetsSchema, DEFAULT_CLOCK_TARGETS, type ClockTargets } from '../../../contract/complaint-clocks';
import type { Actor } from '../../core/auth/actor';
import { writeAudit } from '../../core/crud/audit';
import type { Database } from '../../core/db';
import { appSettings } from '../../core/db/schema/app-settings';
import { refreshAllDueAt } from '../clock-store';

/**
 * The service-level targets per priority (DESIGN §9): whoever reads complaints reads them (the detail shows each
 * clock against its target); admins and system managers change them, and every running clock's due time follows.
 */

/** The service-level targets per priority (DESIGN §9: defaults, admins may change them), one app_settings row. */
export const CLOCK_TARGETS_KEY = 'complaint_clock_targets';

/** The targets in force: the saved ones, or DESIGN §9's defaults (also when a stored row no longer fits the rule). */
export async function readClockTargets(db: Database): Promise<ClockTargets> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, CLOCK_TARGETS_KEY));
  const parsed = clockTargetsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_CLOCK_TARGETS;
}

export async function saveClockTargets(db: Database, targets: ClockTargets, now: Date): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: CLOCK_TARGETS_KEY, value: targets, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: targets, updatedAt: now } });
}

/** New targets, audited; every running clock's due time follows them. */
export async function changeClockTargets(db: Database, actor: Actor, targets: ClockTargets, now: Date): Promise<ClockTargets> {
  const before = await readClockTargets(db);
  await db.transaction(async (tx) => {
    await saveClockTargets(tx, targets, now);
    await refreshAllDueAt(tx, now, targets);
    await writeAudit(tx, actor, now, { action: 'complaint.clockTargets', target: 'complaint_clock_targets', before, after: targets });
  });
  return targets;
}
