import type { AlarmSeverity } from '../../../contract/fault-codes';
import { CallError } from '../../api/call';
import { codeMessage } from '../../api/client';

/** The tag colour of each severity, the worst the strongest. */
export const SEVERITY_COLORS: Record<AlarmSeverity, string> = { critical: 'red', major: 'volcano', minor: 'orange', warning: 'gold' };

/** The tag colour of each state: active alarms stand out, cleared ones do not. */
export const STATE_COLORS = { active: 'red', clearing: 'blue', cleared: 'default' } as const;

/** A refusal as the user reads it: the catalogue's message of its code. */
export function refusalText(error: unknown): string {
  return codeMessage(error instanceof CallError ? error.code : -1);
}
