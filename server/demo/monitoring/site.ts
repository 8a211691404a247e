import type { SystemRow } from '../../core/system-scope';
// The demo plays its fleet's devices with the simulator: this folder is the simulator's one production user.
import type { Site } from '../../simulator/site';

/** The simulator's view of a stored system; the annual consumption scales with the PV size when unknown. */
export function siteOfSystem(system: SystemRow, annualLoadKwh?: number): Site {
  return {
    sn: system.sysSn,
    latitude: system.latitude,
    longitude: system.longitude,
    timeZone: system.timeZone,
    pvKwp: system.popv,
    inverterKw: system.poinv,
    batteryKwh: system.surpluscobat,
    load: system.siteKind === 'commercial' ? 'commercial' : 'household',
    annualLoadKwh: annualLoadKwh ?? (system.siteKind === 'commercial' ? system.popv * 1100 : Math.max(2500, system.popv * 600)),
  };
}
