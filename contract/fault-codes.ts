import type { FaultLevel } from './monitoring-constants';

/**
 * The catalogue of the fault codes devices report: the component each belongs to, the level a device reports it
 * with, and the severity alarms sort and notify by (ThingsBoard's four, research/fleet-operations.md). Its texts
 * (title, cause, what to do) live in the four `monitoring` locales under `faultCodes.<code>`, so the system page,
 * the fleet lists, the mails and the exports read one text. A code the catalogue does not know keeps the words the
 * device sent. Free of zod and i18next: the web app, the mails and the exports all import it.
 */

/** The part a fault belongs to; 'system' for a code the catalogue does not know. */
export const FAULT_COMPONENTS = ['battery', 'inverter', 'meter', 'ems', 'pv', 'grid', 'backup', 'system'] as const;
export type FaultComponent = (typeof FAULT_COMPONENTS)[number];

export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

export interface FaultCode {
  code: string;
  component: FaultComponent;
  /** The level a device reports it with; none for the portal's own alarm of a silent system. */
  level: FaultLevel | null;
  severity: AlarmSeverity;
}

export const FAULT_CODES: readonly FaultCode[] = [
  { code: 'W101', component: 'battery', level: 'warning', severity: 'minor' },
  { code: 'W102', component: 'battery', level: 'warning', severity: 'minor' },
  { code: 'W103', component: 'battery', level: 'warning', severity: 'warning' },
  { code: 'W201', component: 'meter', level: 'warning', severity: 'minor' },
  { code: 'W202', component: 'ems', level: 'warning', severity: 'warning' },
  { code: 'W301', component: 'pv', level: 'warning', severity: 'warning' },
  { code: 'P301', component: 'grid', level: 'protection', severity: 'major' },
  { code: 'P302', component: 'grid', level: 'protection', severity: 'major' },
  { code: 'P303', component: 'grid', level: 'protection', severity: 'major' },
  { code: 'F401', component: 'inverter', level: 'fault', severity: 'critical' },
  { code: 'F402', component: 'battery', level: 'fault', severity: 'critical' },
  { code: 'F403', component: 'inverter', level: 'fault', severity: 'major' },
  { code: 'F404', component: 'inverter', level: 'fault', severity: 'critical' },
  { code: 'F501', component: 'backup', level: 'fault', severity: 'critical' },
  { code: 'OFFLINE', component: 'ems', level: null, severity: 'major' },
];

const BY_CODE = new Map(FAULT_CODES.map((entry) => [entry.code, entry]));

/** The catalogue's entry of a code; none for a code the portal does not know. */
export function faultCodeOf(code: string): FaultCode | undefined {
  return BY_CODE.get(code);
}

/** Severity of a code the catalogue does not know, from the level the device reported it with. */
const SEVERITY_OF_LEVEL: Record<FaultLevel, AlarmSeverity> = { fault: 'major', protection: 'major', warning: 'warning' };

/** The component and severity an alarm of this code gets: the catalogue's, or guessed from the reported level. */
export function alarmClassOf(code: string, level: FaultLevel): { component: FaultComponent; severity: AlarmSeverity } {
  const known = BY_CODE.get(code);
  return known ? { component: known.component, severity: known.severity } : { component: 'system', severity: SEVERITY_OF_LEVEL[level] };
}

/** The translate function of i18next as the catalogue needs it (the web's `t`, the mails' `mailTexts`). */
type Translate = (key: string, options?: { defaultValue?: string }) => string;

/** A fault's title in the reader's language: the catalogue's for a known code, else the words the device sent. */
export function faultTitle(t: Translate, fault: { code: string; description: string }): string {
  return BY_CODE.has(fault.code) ? t(`monitoring:faultCodes.${fault.code}.title`, { defaultValue: fault.description }) : fault.description;
}

/** The cause and the remedy of a known code in the reader's language; none for a code the catalogue does not know. */
export function faultAdvice(t: Translate, code: string): { cause: string; remedy: string } | undefined {
  if (!BY_CODE.has(code)) return undefined;
  return { cause: t(`monitoring:faultCodes.${code}.cause`), remedy: t(`monitoring:faultCodes.${code}.remedy`) };
}
