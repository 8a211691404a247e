import type { EmsStatus } from './monitoring-constants';

/**
 * The system as it was when a complaint was filed: what the detail page shows beside the text,
 * as the complaint's `snapshot` field (null for a complaint filed before snapshots were kept). Bounded: at most
 * SNAPSHOT_FAULTS faults and SNAPSHOT_POWER_POINTS power points (15-minute means of the last 24 h).
 */
export const SNAPSHOT_FAULTS = 10;
export const SNAPSHOT_POWER_STEP_MINUTES = 15;
export const SNAPSHOT_POWER_POINTS = (24 * 60) / SNAPSHOT_POWER_STEP_MINUTES;

export interface SnapshotComponent {
  kind: string;
  sn: string;
  model: string;
  firmware_version: string;
}

export interface SnapshotFault {
  code: string;
  level: string;
  description: string;
  started_at: string;
  ended_at: string | null;
}

/** Means over one step, W (battery + charge / − discharge, grid + import / − export); soc in %. */
export interface SnapshotPowerPoint {
  ts: string;
  pv_w: number;
  load_w: number;
  battery_w: number;
  grid_w: number;
  soc: number;
}

export interface SystemSnapshot {
  /** The system's id, for the link to its page. */
  system_id: number;
  sys_sn: string;
  sys_name: string;
  /** System model (inverter family) and battery model. */
  model: string;
  battery_model: string;
  ems_status: EmsStatus | null;
  last_seen_at: string | null;
  components: SnapshotComponent[];
  /** Newest first. */
  faults: SnapshotFault[];
  /** Oldest first, the 24 h before filing. */
  power: SnapshotPowerPoint[];
  taken_at: string;
}
