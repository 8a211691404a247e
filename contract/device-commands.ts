/**
 * The catalogue of what the portal can tell a device (DESIGN §12), in one place: each command's parameters with
 * their bounds and units, the setting it changes, the models that accept it and who may send it. The server checks
 * a command against it before anything is queued (server/devices/commands/validate.ts), the web draws the command
 * forms from it (src/features/devices), and the simulator obeys what it names (server/simulator/obey.ts).
 *
 * Plain data, no zod: the web reads it at run time.
 */

export const COMMAND_NAMES = [
  'exportLimit',
  'socWindow',
  'feedIn',
  'workMode',
  'powerLimits',
  'backupReserve',
  'chargeSchedule',
  'cycleTest',
  'safetySettings',
  'reboot',
  'readSettings',
  'recollect',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

export const WORK_MODES = ['selfConsumption', 'timeOfUse', 'backup', 'feedInPriority'] as const;
export type WorkMode = (typeof WORK_MODES)[number];

/** Grid codes a system can be set to (the country's connection rule for generators). */
export const GRID_CODES = [
  'VDE-AR-N 4105',
  'EN 50549-1',
  'G98/G99',
  'CEI 0-21',
  'UNE 217002',
  'NF C 15-712',
  'AS/NZS 4777.2',
  'IEEE 1547',
  'JET',
  'GB/T 19964',
] as const;
export const POWER_FACTOR_MODES = ['fixedCosPhi', 'cosPhiP', 'qU', 'fixedQ'] as const;

export type ParamUnit = 'W' | '%' | 'min' | 's' | 'V' | 'Hz' | 'cycles';

interface ParamBase {
  /** The parameter's key in a command's `params`; its label is the translation `devices:param.<name>`. */
  readonly name: string;
  /** Optional parameters may be left out (none is today). */
  readonly optional?: boolean;
}
export interface NumberParam extends ParamBase {
  readonly kind: 'integer' | 'number';
  readonly min: number;
  readonly max: number;
  readonly unit?: ParamUnit;
  /** The input's step in the form (whole watts, tenths of a volt). */
  readonly step?: number;
}
export interface ChoiceParam extends ParamBase {
  readonly kind: 'choice';
  /** Each option's label is the translation `devices:option.<name>.<option>` (grid codes are shown as they are). */
  readonly options: readonly string[];
}
export interface SwitchParam extends ParamBase {
  readonly kind: 'switch';
}
/** A moment (ISO 8601 with offset). */
export interface TimeParam extends ParamBase {
  readonly kind: 'time';
}
/** Up to six daily windows 'HH:mm'-'HH:mm' in the system's own time. */
export interface WindowsParam extends ParamBase {
  readonly kind: 'windows';
}
export type ParamSpec = NumberParam | ChoiceParam | SwitchParam | TimeParam | WindowsParam;

/**
 * Who may send a command: 'commands' the commandManagement screen's roles (batches: sysBatchSetting's), 'safety' the
 * staff who may change grid-protection settings (SetCosSettings), 'owner' also the system's customer (their own
 * settings, sent by the portal when they save them).
 */
export type CommandAudience = 'commands' | 'safety' | 'owner';

export interface CommandSpec {
  readonly name: CommandName;
  readonly params: readonly ParamSpec[];
  /**
   * The device setting it changes: a newer command for the same setting supersedes an open older one (DESIGN §12).
   * None: every one stands on its own (a reboot, a read).
   */
  readonly setting?: string;
  /** The models (systems.minv) that have the feature; none: every model. */
  readonly models?: readonly string[];
  readonly audience: CommandAudience;
  /** Until then an undelivered command waits for its device, then it expires (minutes). */
  readonly ttlMinutes: number;
  /** After the device acknowledged it, how long its result may take before the command times out (minutes). */
  readonly resultMinutes: number | ((params: Record<string, unknown>) => number);
  /** Shown in the fleet-wide batch screen (reads and re-collection are one system's business). */
  readonly batchable: boolean;
}

export const MAX_EXPORT_LIMIT_W = 5_000_000;
/** Spec §5 and §8: a cycle test runs at most 500 cycles; its duration is whole minutes. */
export const MAX_TEST_CYCLES = 500;
export const MAX_CYCLE_MINUTES = 1440;
/** A re-collection asks for at most this many days at once. */
export const MAX_RECOLLECT_DAYS = 7;

const HYBRID_MODELS = ['ESS-H5 Hybrid', 'ESS-H6 Hybrid', 'ESS-H8 Hybrid', 'ESS-H10 Hybrid'] as const;
const COMMERCIAL_MODELS = ['ESS-C30 Commercial', 'ESS-C50 Commercial'] as const;

const soc = (name: string): NumberParam => ({ name, kind: 'integer', min: 0, max: 100, unit: '%' });
const watts = (name: string): NumberParam => ({ name, kind: 'integer', min: 0, max: MAX_EXPORT_LIMIT_W, unit: 'W', step: 100 });

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'exportLimit',
    params: [watts('limitW')],
    setting: 'exportLimit',
    audience: 'owner',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: true,
  },
  {
    name: 'socWindow',
    params: [soc('minSoc'), soc('maxSoc')],
    setting: 'socWindow',
    audience: 'commands',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: true,
  },
  // Spec 'feed-in switch control': export to the grid allowed or stopped.
  {
    name: 'feedIn',
    params: [{ name: 'enabled', kind: 'switch' }],
    setting: 'feedIn',
    audience: 'commands',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: true,
  },
  {
    name: 'workMode',
    params: [{ name: 'mode', kind: 'choice', options: WORK_MODES }],
    setting: 'workMode',
    audience: 'owner',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: true,
  },
  // The small hybrid's battery port has no separate limits (its firmware lacks the register).
  {
    name: 'powerLimits',
    params: [watts('chargeW'), watts('dischargeW')],
    setting: 'powerLimits',
    models: [...HYBRID_MODELS.filter((m) => m !== 'ESS-H5 Hybrid'), ...COMMERCIAL_MODELS],
    audience: 'commands',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: true,
  },
  {
    name: 'backupReserve',
    params: [soc('reserveSoc')],
    setting: 'backupReserve',
    audience: 'owner',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: true,
  },
  {
    name: 'chargeSchedule',
    params: [
      { name: 'gridCharge', kind: 'switch' },
      { name: 'windows', kind: 'windows' },
    ],
    setting: 'chargeSchedule',
    audience: 'owner',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: true,
  },
  {
    name: 'cycleTest',
    params: [
      { name: 'count', kind: 'integer', min: 1, max: MAX_TEST_CYCLES, unit: 'cycles' },
      { name: 'durationMinutes', kind: 'integer', min: 1, max: MAX_CYCLE_MINUTES, unit: 'min' },
    ],
    setting: 'cycleTest',
    audience: 'commands',
    ttlMinutes: 24 * 60,
    // Each cycle charges and discharges once; the device answers when the last one ends.
    resultMinutes: (params) => Number(params.count ?? 1) * Number(params.durationMinutes ?? 1) + 30,
    batchable: true,
  },
  {
    name: 'safetySettings',
    params: [
      { name: 'gridCode', kind: 'choice', options: GRID_CODES },
      { name: 'overVoltageV', kind: 'number', min: 230, max: 300, unit: 'V', step: 0.1 },
      { name: 'overVoltageTripS', kind: 'number', min: 0.05, max: 60, unit: 's', step: 0.01 },
      { name: 'underVoltageV', kind: 'number', min: 100, max: 230, unit: 'V', step: 0.1 },
      { name: 'underVoltageTripS', kind: 'number', min: 0.05, max: 60, unit: 's', step: 0.01 },
      { name: 'overFrequencyHz', kind: 'number', min: 50, max: 65, unit: 'Hz', step: 0.01 },
      { name: 'overFrequencyTripS', kind: 'number', min: 0.05, max: 60, unit: 's', step: 0.01 },
      { name: 'underFrequencyHz', kind: 'number', min: 45, max: 60, unit: 'Hz', step: 0.01 },
      { name: 'underFrequencyTripS', kind: 'number', min: 0.05, max: 60, unit: 's', step: 0.01 },
      { name: 'reconnectDelayS', kind: 'integer', min: 0, max: 900, unit: 's' },
      { name: 'powerFactorMode', kind: 'choice', options: POWER_FACTOR_MODES },
      { name: 'powerFactor', kind: 'number', min: 0.8, max: 1, step: 0.01 },
    ],
    setting: 'safety',
    audience: 'safety',
    ttlMinutes: 24 * 60,
    resultMinutes: 5,
    batchable: false,
  },
  { name: 'reboot', params: [], audience: 'commands', ttlMinutes: 60, resultMinutes: 10, batchable: true },
  { name: 'readSettings', params: [], audience: 'commands', ttlMinutes: 60, resultMinutes: 5, batchable: false },
  // The device sends again what it measured in the range (the portal keeps what it lacked).
  {
    name: 'recollect',
    params: [
      { name: 'from', kind: 'time' },
      { name: 'to', kind: 'time' },
    ],
    audience: 'commands',
    ttlMinutes: 24 * 60,
    resultMinutes: 30,
    batchable: false,
  },
];

const BY_NAME = new Map<string, CommandSpec>(COMMANDS.map((c) => [c.name, c]));

export function commandSpec(name: string): CommandSpec | undefined {
  return BY_NAME.get(name);
}

/** Whether a model has the command's feature. */
export function modelAccepts(spec: CommandSpec, model: string): boolean {
  return !spec.models || spec.models.includes(model);
}

/** The minutes a delivered command may take for its result. */
export function resultMinutesOf(spec: CommandSpec, params: Record<string, unknown>): number {
  return typeof spec.resultMinutes === 'function' ? spec.resultMinutes(params) : spec.resultMinutes;
}

/**
 * DESIGN §12's ledger states. Open: pending (waits for its device or its wave), sent (the broker took it), delivered
 * (the device itself acknowledged it). The others are final.
 */
export const COMMAND_STATES = [
  'pending',
  'sent',
  'delivered',
  'succeeded',
  'failed',
  'rejected',
  'timed_out',
  'expired',
  'canceled',
  'superseded',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];
export const OPEN_COMMAND_STATES = ['pending', 'sent', 'delivered'] as const satisfies readonly CommandState[];
export const FAILED_COMMAND_STATES = ['failed', 'rejected', 'timed_out', 'expired'] as const satisfies readonly CommandState[];

/**
 * The states a command is sent again from, as a new attempt: it ended without success. Not a superseded one (a newer
 * command for the same setting replaced it: sending the old value again would undo that).
 */
export const RETRYABLE_COMMAND_STATES = [...FAILED_COMMAND_STATES, 'canceled'] as const satisfies readonly CommandState[];

export function isRetryable(state: CommandState): boolean {
  return (RETRYABLE_COMMAND_STATES as readonly string[]).includes(state);
}

export function isOpenState(state: CommandState): boolean {
  return (OPEN_COMMAND_STATES as readonly string[]).includes(state);
}

/** What the device reported it has set (its reply to readSettings and to every change). */
export interface DeviceSettings {
  exportLimit?: { limitW: number };
  socWindow?: { minSoc: number; maxSoc: number };
  feedIn?: { enabled: boolean };
  workMode?: { mode: WorkMode };
  powerLimits?: { chargeW: number; dischargeW: number };
  backupReserve?: { reserveSoc: number };
  chargeSchedule?: { gridCharge: boolean; windows: { start: string; end: string }[] };
  safety?: Record<string, string | number>;
}

/** A batch over more systems than this is refused: split the fleet by a filter. */
export const MAX_BATCH_SYSTEMS = 50_000;
export const BATCH_RATE_LIMITS = { min: 1, max: 100_000, default: 600 } as const;
