import { isCustomerOrSharer } from '../../permissions/roles';
import { Code } from '../../contract/codes';
import type { Database } from '../core/db';
import { ApiError } from '../core/http/envelope';
import { systemInScope, systemsInScope, type SystemRow, type Viewer } from '../core/system-scope';

/** The synthetic selector entry of spec §3: every system of a customer (or sharer) at once. */
export const ALL = 'All';

/** What a statistics call is about: one system, or all of a customer's or sharer's systems ('All'). */
export interface Target {
  systems: SystemRow[];
  /** Days and hours are cut in this zone (a customer's systems share one in practice; the first wins). */
  timeZone: string;
  currency: string;
}

export async function resolveTarget(db: Database, viewer: Viewer, sn: string, now: Date): Promise<Target> {
  if (sn === ALL) {
    if (!isCustomerOrSharer(viewer.roles)) throw new ApiError(Code.NO_PERMISSION);
    const systems = await systemsInScope(db, viewer, now);
    if (systems.length === 0) throw new ApiError(Code.NO_DATA);
    return { systems, timeZone: systems[0]!.timeZone, currency: systems[0]!.currency };
  }
  const system = await systemInScope(db, viewer, sn, now);
  return { systems: [system], timeZone: system.timeZone, currency: system.currency };
}

/** The target of a call about a local day or the period around it, and that day: the one asked for, or the target's today. */
export async function resolveTargetDay(db: Database, viewer: Viewer, sn: string, day: string | undefined, now: Date) {
  const target = await resolveTarget(db, viewer, sn, now);
  return { target, date: day ?? localDate(now, target.timeZone) };
}

/** One formatter per zone: building an Intl.DateTimeFormat costs about a millisecond, using one microseconds. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) at an instant in a time zone. */
export function localDate(at: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

export const round2 = (value: number) => Math.round(value * 100) / 100;
