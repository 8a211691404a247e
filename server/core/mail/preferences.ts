import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  customerSettings,
  DEFAULT_CUSTOMER_SETTINGS,
  DEFAULT_INSTALLER_SETTINGS,
  DEFAULT_STAFF_SETTINGS,
  installerSettings,
  staffSettings,
  type CustomerSettings,
  type MailKind,
} from '../../../contract/account-settings';
import type { Database } from '../db';
import { users, userSettings } from '../db/schema';

/**
 * A user's own preferences (user_settings), read by the account settings calls (server/account/settings-*) and by
 * whoever sends mail: the fault mails (./fault-mails.ts), the monthly report (server/mailings), news by e-mail.
 */
export const SETTING_KINDS = {
  notifications: { schema: customerSettings, defaults: DEFAULT_CUSTOMER_SETTINGS },
  installer: { schema: installerSettings, defaults: DEFAULT_INSTALLER_SETTINGS },
  staff: { schema: staffSettings, defaults: DEFAULT_STAFF_SETTINGS },
} as const;
export type SettingKind = keyof typeof SETTING_KINDS;
type ValueOf<K extends SettingKind> = z.infer<(typeof SETTING_KINDS)[K]['schema']>;

/** The stored value read through its schema, merged over the defaults (a value stored by an older form keeps working). */
function parse<K extends SettingKind>(kind: K, stored: Record<string, unknown> | undefined): ValueOf<K> {
  const { schema, defaults } = SETTING_KINDS[kind];
  if (!stored) return defaults as ValueOf<K>;
  const merged = schema.safeParse({ ...defaults, ...stored });
  return (merged.success ? merged.data : defaults) as ValueOf<K>;
}

export async function readSetting<K extends SettingKind>(db: Database, userId: number, kind: K): Promise<ValueOf<K>> {
  const [row] = await db
    .select({ value: userSettings.value })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.kind, kind)));
  return parse(kind, row?.value);
}

export async function writeSetting<K extends SettingKind>(
  db: Database,
  userId: number,
  kind: K,
  value: ValueOf<K>,
  now: Date,
): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, kind, value: value as Record<string, unknown>, updatedAt: now })
    .onConflictDoUpdate({
      target: [userSettings.userId, userSettings.kind],
      set: { value: value as Record<string, unknown>, updatedAt: now },
    });
}

/** The settings of one kind of many users at once (a fault's recipients), defaults for those without. */
export async function readSettings<K extends SettingKind>(
  db: Database,
  userIds: readonly number[],
  kind: K,
): Promise<Map<number, ValueOf<K>>> {
  const found = new Map<number, ValueOf<K>>();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({ userId: userSettings.userId, value: userSettings.value })
    .from(userSettings)
    .where(and(inArray(userSettings.userId, [...userIds]), eq(userSettings.kind, kind)));
  const stored = new Map(rows.map((row) => [row.userId, row.value]));
  for (const id of userIds) found.set(id, parse(kind, stored.get(id)));
  return found;
}

/**
 * Whether the user wants mails of `kind` ('faultAlerts', 'monthlyReport', 'news'): a customer's own choice
 * (CustomUserSetting, on by default); every other user, and an unknown or locked one, as follows: staff get their
 * mails by the admin's rules and their subscriptions, so true; a locked or unknown user false.
 */
export async function wantsMail(db: Database, userId: number, kind: MailKind): Promise<boolean> {
  const [user] = await db.select({ roles: users.roles, locked: users.locked }).from(users).where(eq(users.id, userId));
  if (!user || user.locked) return false;
  if (!user.roles.includes('customer')) return true;
  return (await readSetting(db, userId, 'notifications'))[kind];
}

/** Minutes since midnight of `at` on the wall clock of `timeZone` (UTC when the zone is unknown). */
function minutesOfDay(at: Date, timeZone: string): number {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  }
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return value('hour') * 60 + value('minute');
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When a mail raised at `now` may go out under the customer's quiet hours: the end of the quiet period when `now`
 * falls in it (start inclusive, end exclusive, wrapping midnight when end <= start), else undefined (at once).
 */
export function quietUntil(settings: CustomerSettings, timeZone: string, now: Date): Date | undefined {
  const { enabled, start, end } = settings.quietHours;
  if (!enabled || start === end) return undefined;
  const at = minutesOfDay(now, timeZone);
  const from = toMinutes(start);
  const to = toMinutes(end);
  const inside = from < to ? at >= from && at < to : at >= from || at < to;
  if (!inside) return undefined;
  const wait = (to - at + 24 * 60) % (24 * 60);
  const until = new Date(now.getTime() + wait * 60_000);
  until.setUTCSeconds(0, 0);
  return until;
}
