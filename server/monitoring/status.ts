import type { EmsStatus } from '../../contract/monitoring-constants';
import type { FaultLevel } from '../../contract/monitoring-constants';

/** How bad a state is: an open fault outranks a protection trip, which outranks a warning. */
export const SEVERITY: Record<Exclude<EmsStatus, 'offline'>, number> = { normal: 0, warning: 1, protection: 2, fault: 3 };

/** The system's status: what it reports, raised by the worst fault still open. */
export function effectiveStatus(
  reported: Exclude<EmsStatus, 'offline'>,
  openFaultLevels: readonly FaultLevel[],
): Exclude<EmsStatus, 'offline'> {
  let status = reported;
  for (const level of openFaultLevels) if (SEVERITY[level] > SEVERITY[status]) status = level;
  return status;
}
