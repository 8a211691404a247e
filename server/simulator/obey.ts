import { commandSpec, MAX_RECOLLECT_DAYS, modelAccepts, type DeviceSettings, type ParamSpec } from '../../contract/device-commands';
import type { CommandMessage } from '../../contract/device-messages';
import { SOC_MAX, SOC_MIN } from './battery';

/**
 * How a device answers a command (DESIGN §12), as a pure function: the settings it has afterwards, or why it refused
 * or failed. The portal checks commands against the catalogue before it queues them, but a device trusts nobody: it
 * checks again against its own model and rating (`rejected`: it did nothing), and some things go wrong only while it
 * does them (`failed`). Commands that take time (a cycle test, a reboot, a re-collection) are answered as started;
 * the device reports their end itself.
 */

/** The facts of the device that bound what it accepts: its model (systems.minv) and rating. */
export interface DeviceProfile {
  model: string;
  /** Inverter rated power, kW: no export limit or power limit above it. */
  inverterKw: number;
  /** Usable battery capacity, kWh (0: no battery). */
  batteryKwh: number;
}

/** What the device knows about itself when the command arrives. */
export interface DeviceConditions {
  now: number;
  /** A fault holds the battery idle (or the inverter off). */
  batteryIdle: boolean;
  cycleTestRunning: boolean;
  /** The oldest measurement the device still holds; null before its first. */
  recordedFrom: number | null;
}

export type Obeyed =
  | { result: 'applied'; settings: DeviceSettings; message: string }
  | { result: 'cycleTest'; settings: DeviceSettings; count: number; durationMinutes: number; message: string }
  | { result: 'reboot'; settings: DeviceSettings; message: string }
  | { result: 'recollect'; settings: DeviceSettings; from: number; to: number; message: string }
  | { result: 'rejected' | 'failed'; settings: DeviceSettings; message: string };

const DAY_MS = 86_400_000;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const MAX_WINDOWS = 6;

const GRID_CODE_OF_COUNTRY: Record<string, string> = {
  DE: 'VDE-AR-N 4105',
  GB: 'G98/G99',
  IT: 'CEI 0-21',
  ES: 'UNE 217002',
  FR: 'NF C 15-712',
  AU: 'AS/NZS 4777.2',
  NZ: 'AS/NZS 4777.2',
  US: 'IEEE 1547',
  JP: 'JET',
  CN: 'GB/T 19964',
};
const SIXTY_HZ = new Set(['US', 'CA', 'MX', 'BR', 'KR', 'TW', 'PH']);

/** The grid-protection settings a device leaves the factory with for its country (its grid code's usual values). */
export function defaultSafetySettings(countryCode: string): Record<string, string | number> {
  const hz = SIXTY_HZ.has(countryCode) ? 60 : 50;
  return {
    gridCode: GRID_CODE_OF_COUNTRY[countryCode] ?? 'EN 50549-1',
    overVoltageV: 253,
    overVoltageTripS: 0.1,
    underVoltageV: 184,
    underVoltageTripS: 0.1,
    overFrequencyHz: hz + 1.5,
    overFrequencyTripS: 0.1,
    underFrequencyHz: hz - 2.5,
    underFrequencyTripS: 0.1,
    reconnectDelayS: 60,
    powerFactorMode: 'fixedCosPhi',
    powerFactor: 1,
  };
}

/**
 * Everything a device reports as set when nobody has changed anything: the simulator's factory behaviour
 * (self-consumption, the 10-95 % window, the battery port's rating, no export cap below the inverter's).
 */
export function factorySettings(profile: DeviceProfile, countryCode: string): DeviceSettings {
  const inverterW = Math.round(profile.inverterKw * 1000);
  const settings: DeviceSettings = {
    exportLimit: { limitW: inverterW },
    feedIn: { enabled: true },
    workMode: { mode: 'selfConsumption' },
    chargeSchedule: { gridCharge: false, windows: [] },
    safety: defaultSafetySettings(countryCode),
  };
  if (profile.batteryKwh > 0) {
    settings.socWindow = { minSoc: SOC_MIN, maxSoc: SOC_MAX };
    settings.backupReserve = { reserveSoc: SOC_MIN };
    const portW = Math.round(Math.min(profile.inverterKw, profile.batteryKwh) * 1000);
    if (accepts(profile, 'powerLimits')) settings.powerLimits = { chargeW: portW, dischargeW: portW };
  }
  return settings;
}

function accepts(profile: DeviceProfile, command: string): boolean {
  const spec = commandSpec(command);
  return spec !== undefined && modelAccepts(spec, profile.model);
}

/** Why a parameter is not acceptable, or null. */
function paramProblem(spec: ParamSpec, value: unknown): string | null {
  if (value === undefined || value === null) return spec.optional ? null : `${spec.name} is missing`;
  switch (spec.kind) {
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `${spec.name} is not a number`;
      if (spec.kind === 'integer' && !Number.isInteger(value)) return `${spec.name} is not a whole number`;
      if (value < spec.min || value > spec.max) return `${spec.name} ${value} is outside ${spec.min}-${spec.max}`;
      return null;
    case 'choice':
      return typeof value === 'string' && spec.options.includes(value) ? null : `${spec.name} ${String(value)} is not known here`;
    case 'switch':
      return typeof value === 'boolean' ? null : `${spec.name} is not on or off`;
    case 'time':
      return typeof value === 'string' && Number.isFinite(Date.parse(value)) ? null : `${spec.name} is not a time`;
    case 'windows': {
      if (!Array.isArray(value) || value.length > MAX_WINDOWS) return `${spec.name}: at most ${MAX_WINDOWS} windows`;
      const bad = value.find((w: unknown) => {
        const { start, end } = (w ?? {}) as { start?: unknown; end?: unknown };
        return typeof start !== 'string' || typeof end !== 'string' || !HHMM.test(start) || !HHMM.test(end) || start === end;
      });
      return bad === undefined ? null : `${spec.name}: each window is HH:mm-HH:mm and not empty`;
    }
  }
}

function windowsOf(value: unknown): { start: string; end: string }[] {
  return (value as { start: string; end: string }[]).map(({ start, end }) => ({ start, end }));
}

export function obey(profile: DeviceProfile, settings: DeviceSettings, command: CommandMessage, conditions: DeviceConditions): Obeyed {
  const refuse = (message: string): Obeyed => ({ result: 'rejected', settings, message });
  const fail = (message: string): Obeyed => ({ result: 'failed', settings, message });
  const apply = (change: DeviceSettings, message: string): Obeyed => ({ result: 'applied', settings: { ...settings, ...change }, message });

  const spec = commandSpec(command.command);
  if (!spec) return refuse(`unknown command ${command.command}`);
  if (Date.parse(command.expires_at) < conditions.now) return refuse('the command arrived after it expired');
  if (!modelAccepts(spec, profile.model)) return refuse(`${profile.model} has no ${spec.name} function`);
  for (const param of spec.params) {
    const problem = paramProblem(param, command.params[param.name]);
    if (problem) return refuse(problem);
  }
  const p = command.params;
  const inverterW = Math.round(profile.inverterKw * 1000);
  const needsBattery = ['socWindow', 'powerLimits', 'backupReserve', 'cycleTest'].includes(spec.name);
  if (needsBattery && profile.batteryKwh <= 0) return refuse('this system has no battery');

  switch (spec.name) {
    case 'exportLimit': {
      const limitW = p.limitW as number;
      if (limitW > inverterW) return refuse(`export limit ${limitW} W is above the inverter's rating of ${inverterW} W`);
      return apply({ exportLimit: { limitW } }, `export limited to ${limitW} W`);
    }
    case 'socWindow': {
      const minSoc = p.minSoc as number;
      const maxSoc = p.maxSoc as number;
      if (minSoc >= maxSoc) return refuse(`the minimum SoC ${minSoc} % is not below the maximum ${maxSoc} %`);
      return apply({ socWindow: { minSoc, maxSoc } }, `battery kept between ${minSoc} % and ${maxSoc} %`);
    }
    case 'feedIn': {
      const enabled = p.enabled as boolean;
      return apply({ feedIn: { enabled } }, enabled ? 'feed-in allowed' : 'feed-in stopped');
    }
    case 'workMode': {
      const mode = p.mode as NonNullable<DeviceSettings['workMode']>['mode'];
      return apply({ workMode: { mode } }, `work mode ${mode}`);
    }
    case 'powerLimits': {
      const chargeW = p.chargeW as number;
      const dischargeW = p.dischargeW as number;
      const over = Math.max(chargeW, dischargeW);
      if (over > inverterW) return refuse(`power limit ${over} W is above the inverter's rating of ${inverterW} W`);
      return apply({ powerLimits: { chargeW, dischargeW } }, `charge up to ${chargeW} W, discharge up to ${dischargeW} W`);
    }
    case 'backupReserve': {
      const reserveSoc = p.reserveSoc as number;
      const maxSoc = settings.socWindow?.maxSoc ?? SOC_MAX;
      if (reserveSoc >= maxSoc) return refuse(`a backup reserve of ${reserveSoc} % is not below the maximum SoC ${maxSoc} %`);
      return apply({ backupReserve: { reserveSoc } }, `backup reserve ${reserveSoc} %`);
    }
    case 'chargeSchedule': {
      const gridCharge = p.gridCharge as boolean;
      return apply({ chargeSchedule: { gridCharge, windows: windowsOf(p.windows) } }, 'charge schedule set');
    }
    case 'cycleTest': {
      if (conditions.cycleTestRunning) return refuse('a cycle test is already running');
      if (conditions.batteryIdle) return fail('a battery fault holds the battery idle; the cycle test did not start');
      const count = p.count as number;
      const durationMinutes = p.durationMinutes as number;
      return { result: 'cycleTest', settings, count, durationMinutes, message: `cycle test of ${count} cycles started` };
    }
    case 'safetySettings': {
      if ((p.underVoltageV as number) >= (p.overVoltageV as number))
        return refuse('the under-voltage level is not below the over-voltage level');
      if ((p.underFrequencyHz as number) >= (p.overFrequencyHz as number))
        return refuse('the under-frequency level is not below the over-frequency level');
      const safety = Object.fromEntries(spec.params.map(({ name }) => [name, p[name] as string | number]));
      return apply({ safety }, `grid protection set for ${String(p.gridCode)}`);
    }
    case 'reboot':
      return { result: 'reboot', settings, message: 'restarted' };
    case 'readSettings':
      return { result: 'applied', settings, message: 'settings read' };
    case 'recollect': {
      const from = Date.parse(p.from as string);
      const to = Date.parse(p.to as string);
      if (from >= to) return refuse('the range ends before it starts');
      if (to - from > MAX_RECOLLECT_DAYS * DAY_MS) return refuse(`a re-collection covers at most ${MAX_RECOLLECT_DAYS} days`);
      if (conditions.recordedFrom === null || to <= conditions.recordedFrom) return fail('the device holds no data for that range');
      return { result: 'recollect', settings, from: Math.max(from, conditions.recordedFrom), to, message: 'measurements sent again' };
    }
  }
}
