import { Code, type ResponseCode } from '../../../contract/codes';
import { commandSpec, MAX_RECOLLECT_DAYS, modelAccepts, type CommandSpec, type ParamSpec } from '../../../contract/device-commands';
import { firstOverlap } from '../../../contract/tariffPeriods';
import { ApiError } from '../../core/http/envelope';

/**
 * A command checked against the catalogue before anything is queued: its name (65 when missing), every parameter
 * present (65, a cycle test 72), of its kind and inside its bounds (2 naming it; a cycle test's count 67 / 70 and
 * duration 68 / 71), no parameter the command does not have, the rules between parameters, and a model that has
 * the feature. Answers the parameters as the device gets them (numbers as numbers, nothing else).
 */
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MS = 86_400_000;

export function checkCommandName(name: string | undefined): CommandSpec {
  if (!name) throw new ApiError(Code.COMMAND_REQUIRED, 'Command name and parameter required: command', { data: { field: 'command' } });
  const spec = commandSpec(name);
  if (!spec) throw paramError('command', 'not a command of the catalogue');
  return spec;
}

/** The parameters alone (a batch checks them once, and each system's model apart). */
export function checkParams(spec: CommandSpec, params: Record<string, unknown>, model: string | null, now: Date): Record<string, unknown> {
  for (const key of Object.keys(params)) {
    if (!spec.params.some((p) => p.name === key)) throw paramError(key, `${spec.name} has no such parameter`);
  }
  const checked: Record<string, unknown> = {};
  for (const param of spec.params) {
    const value = params[param.name];
    if (value === undefined || value === null || value === '') {
      if (param.optional) continue;
      throw missing(spec, param);
    }
    checked[param.name] = checkValue(spec, param, value);
  }
  checkRules(spec, checked, now);
  if (model !== null && !modelAccepts(spec, model)) throw paramError('command', `the model ${model} lacks ${spec.name}`);
  return checked;
}

function missing(spec: CommandSpec, param: ParamSpec): ApiError {
  if (spec.name === 'cycleTest') return fieldError(Code.CYCLE_REQUIRED, param.name);
  if (param.kind === 'time') return fieldError(Code.DATE_TIME_REQUIRED, param.name);
  return fieldError(Code.COMMAND_REQUIRED, param.name);
}

function checkValue(spec: CommandSpec, param: ParamSpec, value: unknown): unknown {
  const cycle = spec.name === 'cycleTest';
  switch (param.kind) {
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        if (cycle) throw fieldError(param.name === 'count' ? Code.CYCLE_COUNT_NOT_NUMBER : Code.CYCLE_DURATION_NOT_NUMBER, param.name);
        throw paramError(param.name, 'not a number');
      }
      if (param.kind === 'integer' && !Number.isInteger(value)) {
        if (cycle) throw fieldError(param.name === 'count' ? Code.CYCLE_COUNT_NOT_NUMBER : Code.CYCLE_DURATION_MINUTES, param.name);
        throw paramError(param.name, 'not a whole number');
      }
      if (cycle && param.name === 'count' && value > param.max) throw fieldError(Code.CYCLE_COUNT_TOO_HIGH, param.name);
      if (value < param.min || value > param.max) {
        throw paramError(param.name, `outside ${param.min}-${param.max}${param.unit ? ` ${param.unit}` : ''}`);
      }
      return value;
    }
    case 'choice':
      if (typeof value !== 'string' || !param.options.includes(value)) throw paramError(param.name, 'not one of its options');
      return value;
    case 'switch':
      if (typeof value !== 'boolean') throw paramError(param.name, 'not on or off');
      return value;
    case 'time': {
      if (
        typeof value !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ||
        Number.isNaN(Date.parse(value))
      )
        throw fieldError(Code.TIME_FORMAT, param.name);
      return new Date(value).toISOString();
    }
    case 'windows': {
      const windows = value as unknown;
      if (!Array.isArray(windows) || windows.length > 6) throw paramError(param.name, 'at most 6 windows');
      const checked = windows.map((w: unknown, i) => {
        const { start, end } = (w ?? {}) as { start?: unknown; end?: unknown };
        if (typeof start !== 'string' || typeof end !== 'string' || !HHMM.test(start) || !HHMM.test(end) || start === end)
          throw paramError(`${param.name}.${i}`, 'not a window HH:mm-HH:mm');
        return { start, end };
      });
      const overlap = firstOverlap(checked);
      if (overlap)
        throw new ApiError(Code.TIME_RANGES_OVERLAP, `Time ranges overlap: windows ${overlap.first + 1} and ${overlap.second + 1}`, {
          data: { field: param.name, rows: [overlap.first + 1, overlap.second + 1] },
        });
      return checked;
    }
  }
}

/** Rules between parameters of one command. */
function checkRules(spec: CommandSpec, params: Record<string, unknown>, now: Date): void {
  const n = (key: string) => params[key] as number;
  if (spec.name === 'socWindow' && n('minSoc') >= n('maxSoc')) throw paramError('maxSoc', 'not above minSoc');
  if (spec.name === 'safetySettings') {
    if (n('overVoltageV') <= n('underVoltageV')) throw paramError('overVoltageV', 'not above underVoltageV');
    if (n('overFrequencyHz') <= n('underFrequencyHz')) throw paramError('overFrequencyHz', 'not above underFrequencyHz');
  }
  if (spec.name === 'recollect') {
    const from = Date.parse(params.from as string);
    const to = Date.parse(params.to as string);
    if (to <= from) throw paramError('to', 'not after from');
    if (to > now.getTime()) throw paramError('to', 'in the future');
    if (to - from > MAX_RECOLLECT_DAYS * DAY_MS) throw paramError('to', `more than ${MAX_RECOLLECT_DAYS} days after from`);
  }
}

function paramError(field: string, why: string): ApiError {
  return new ApiError(Code.PARAM_ERROR, `Parameter error: ${field} (${why})`, { data: { field } });
}

function fieldError(code: ResponseCode, field: string): ApiError {
  return new ApiError(code, undefined, { data: { field } });
}
