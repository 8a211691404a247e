import { describe, expect, it } from 'vitest';
import type { CommandName, DeviceSettings } from '../../../contract/device-commands';
import { defaultSafetySettings, factorySettings, obey, type DeviceConditions, type DeviceProfile } from '../../../server/simulator/obey';

/**
 * A simulated device judges a command as a real one does: it refuses what is outside its own model and rating (the
 * portal filters first, a device checks again), fails what goes wrong while it does it, and otherwise reports every
 * setting it has after the change.
 */
const NOW = Date.parse('2026-03-01T12:00:00Z');
const H8: DeviceProfile = { model: 'ESS-H8 Hybrid', inverterKw: 8, batteryKwh: 10 };
const H5: DeviceProfile = { model: 'ESS-H5 Hybrid', inverterKw: 5, batteryKwh: 5 };
const calm: DeviceConditions = { now: NOW, batteryIdle: false, cycleTestRunning: false, recordedFrom: NOW - 86_400_000 };
const settings = factorySettings(H8, 'DE');

let nextId = 1;
function command(name: CommandName, params: Record<string, unknown> = {}) {
  return { id: nextId++, command: name, params, expires_at: new Date(NOW + 3_600_000).toISOString() };
}
const safety = {
  gridCode: 'VDE-AR-N 4105',
  overVoltageV: 255,
  overVoltageTripS: 0.2,
  underVoltageV: 190,
  underVoltageTripS: 1,
  overFrequencyHz: 51.5,
  overFrequencyTripS: 0.1,
  underFrequencyHz: 47.5,
  underFrequencyTripS: 0.1,
  reconnectDelayS: 300,
  powerFactorMode: 'cosPhiP',
  powerFactor: 0.95,
};

describe('a simulated device obeys', () => {
  it('reports its factory settings: every setting its model has, its country grid code', () => {
    expect(settings).toMatchObject({
      exportLimit: { limitW: 8000 },
      socWindow: { minSoc: 10, maxSoc: 95 },
      feedIn: { enabled: true },
      workMode: { mode: 'selfConsumption' },
      powerLimits: { chargeW: 8000, dischargeW: 8000 },
      safety: { gridCode: 'VDE-AR-N 4105', overFrequencyHz: 51.5 },
    });
    expect(factorySettings(H5, 'JP').powerLimits).toBeUndefined();
    expect(defaultSafetySettings('US')).toMatchObject({ gridCode: 'IEEE 1547', overFrequencyHz: 61.5, underFrequencyHz: 57.5 });
  });

  it('applies a change and reports all its settings with it', () => {
    const answer = obey(H8, settings, command('exportLimit', { limitW: 3000 }), calm);
    expect(answer.result).toBe('applied');
    expect(answer.settings).toEqual({ ...settings, exportLimit: { limitW: 3000 } });
    const modes = obey(H8, answer.settings, command('workMode', { mode: 'backup' }), calm);
    expect(modes.settings).toMatchObject({ exportLimit: { limitW: 3000 }, workMode: { mode: 'backup' } });
    const windows = [{ start: '23:00', end: '05:00' }];
    expect(obey(H8, settings, command('chargeSchedule', { gridCharge: true, windows }), calm).settings.chargeSchedule).toEqual({
      gridCharge: true,
      windows,
    });
    expect(obey(H8, settings, command('feedIn', { enabled: false }), calm).settings.feedIn).toEqual({ enabled: false });
  });

  it('answers readSettings with its settings, unchanged', () => {
    const changed: DeviceSettings = { ...settings, backupReserve: { reserveSoc: 30 } };
    expect(obey(H8, changed, command('readSettings'), calm)).toEqual({ result: 'applied', settings: changed, message: 'settings read' });
  });

  it('stores safety settings and reports them back', () => {
    const answer = obey(H8, settings, command('safetySettings', safety), calm);
    expect(answer.result).toBe('applied');
    expect(answer.settings.safety).toEqual(safety);
    expect(obey(H8, settings, command('safetySettings', { ...safety, underVoltageV: 230, overVoltageV: 230 }), calm)).toMatchObject({
      result: 'rejected',
      settings,
    });
  });

  it.each([
    ['an export limit above the inverter rating', H8, command('exportLimit', { limitW: 8100 }), /above the inverter's rating of 8000 W/],
    ['a SoC window with min at max', H8, command('socWindow', { minSoc: 60, maxSoc: 60 }), /not below the maximum/],
    ['a SoC window upside down', H8, command('socWindow', { minSoc: 80, maxSoc: 20 }), /not below the maximum/],
    ['power limits above the inverter rating', H8, command('powerLimits', { chargeW: 3000, dischargeW: 9000 }), /9000 W is above/],
    ['a command its model lacks', H5, command('powerLimits', { chargeW: 1000, dischargeW: 1000 }), /ESS-H5 Hybrid has no powerLimits/],
    ['a value outside the catalogue', H8, command('socWindow', { minSoc: -5, maxSoc: 50 }), /minSoc -5 is outside 0-100/],
    ['a missing parameter', H8, command('exportLimit', {}), /limitW is missing/],
    ['a mode it does not know', H8, command('workMode', { mode: 'turbo' }), /mode turbo is not known/],
    ['an empty charge window', H8, command('chargeSchedule', { gridCharge: true, windows: [{ start: '02:00', end: '02:00' }] }), /window/],
    ['a battery command without a battery', { ...H8, batteryKwh: 0 }, command('backupReserve', { reserveSoc: 20 }), /no battery/],
    ['a reserve at the top of the window', H8, command('backupReserve', { reserveSoc: 95 }), /not below the maximum SoC 95/],
    [
      'a re-collection longer than a week',
      H8,
      command('recollect', { from: '2026-02-01T00:00:00Z', to: '2026-02-20T00:00:00Z' }),
      /at most 7 days/,
    ],
  ])('refuses %s, changing nothing', (_what, profile, message, words) => {
    const answer = obey(profile, settings, message, calm);
    expect(answer.result).toBe('rejected');
    expect(answer.message).toMatch(words);
    expect(answer.settings).toBe(settings);
  });

  it('refuses a command that arrives after it expired, and a second cycle test', () => {
    const late = { ...command('feedIn', { enabled: false }), expires_at: new Date(NOW - 1).toISOString() };
    expect(obey(H8, settings, late, calm)).toMatchObject({ result: 'rejected', message: /expired/ });
    const busy = obey(H8, settings, command('cycleTest', { count: 1, durationMinutes: 60 }), { ...calm, cycleTestRunning: true });
    expect(busy).toMatchObject({ result: 'rejected', message: /already running/ });
  });

  it('fails a cycle test while a fault holds the battery idle, and starts one otherwise', () => {
    const test = command('cycleTest', { count: 2, durationMinutes: 90 });
    expect(obey(H8, settings, test, { ...calm, batteryIdle: true })).toMatchObject({ result: 'failed', message: /battery fault/ });
    expect(obey(H8, settings, test, calm)).toMatchObject({ result: 'cycleTest', count: 2, durationMinutes: 90 });
  });

  it('fails a re-collection of a range before it has data, and sends what it holds otherwise', () => {
    const range = { from: new Date(NOW - 3 * 86_400_000).toISOString(), to: new Date(NOW - 2 * 86_400_000).toISOString() };
    expect(obey(H8, settings, command('recollect', range), calm)).toMatchObject({ result: 'failed', message: /no data/ });
    expect(obey(H8, settings, command('recollect', range), { ...calm, recordedFrom: null })).toMatchObject({ result: 'failed' });
    const overlapping = { from: new Date(NOW - 2 * 86_400_000).toISOString(), to: new Date(NOW).toISOString() };
    expect(obey(H8, settings, command('recollect', overlapping), calm)).toMatchObject({
      result: 'recollect',
      from: calm.recordedFrom,
      to: NOW,
    });
  });

  it('reboots', () => {
    expect(obey(H8, settings, command('reboot'), calm)).toMatchObject({ result: 'reboot', settings });
  });
});
