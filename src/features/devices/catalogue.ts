import type { TFunction } from 'i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  COMMANDS,
  commandSpec,
  FAILED_COMMAND_STATES,
  type CommandSpec,
  type CommandState,
  type ParamSpec,
} from '../../../contract/device-commands';
import { CallError } from '../../api/call';
import { codeMessage } from '../../api/client';
import type { Formatter } from '../../i18n/format';

/** The commands of the commandManagement screen (safety settings have their own card on the system page). */
export const STAFF_COMMANDS = COMMANDS.filter((c) => c.audience !== 'safety');
export const BATCH_COMMANDS = COMMANDS.filter((c) => c.batchable);
export const SAFETY_SPEC = commandSpec('safetySettings')!;

/** The colour of a state's tag: open ones blue, success green, failures red, the ones that were called off grey. */
export const STATE_COLORS: Record<CommandState, string> = {
  pending: 'default',
  sent: 'processing',
  delivered: 'blue',
  succeeded: 'success',
  failed: 'error',
  rejected: 'error',
  timed_out: 'warning',
  expired: 'warning',
  canceled: 'default',
  superseded: 'default',
};

/** Cancel is possible while the device has not acknowledged the command. */
export const mayCancel = (state: CommandState) => state === 'pending' || state === 'sent';
/** Retry: a command that ended without success. */
export const isFailed = (state: CommandState) => (FAILED_COMMAND_STATES as readonly string[]).includes(state);

export const paramLabel = (t: TFunction, name: string) => t(`devices:param.${name}`, { defaultValue: name });
export const commandLabel = (t: TFunction, name: string) => t(`devices:command.${name}`, { defaultValue: name });

/** A choice's label: grid codes are names of standards and are shown as they are. */
export function optionLabel(t: TFunction, param: string, option: string): string {
  return param === 'gridCode' ? option : t(`devices:option.${param}.${option}`, { defaultValue: option });
}

export const unitLabel = (t: TFunction, unit: string | undefined) => (unit ? t(`devices:unit.${unit}`) : '');

/** The decimals a number parameter is shown with: those of its step. */
export function decimalsOf(spec: ParamSpec): number {
  if (spec.kind !== 'integer' && spec.kind !== 'number') return 0;
  if (spec.kind === 'integer' || !spec.step) return 0;
  const text = String(spec.step);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

interface Window {
  start: string;
  end: string;
}

/** One value as a user reads it: a number with its unit, a switch as on/off, a choice by its label, a moment in the system's zone. */
export function valueText(t: TFunction, fmt: Formatter, spec: ParamSpec | undefined, name: string, value: unknown, timeZone?: string) {
  if (value === null || value === undefined) return '–';
  if (!spec) return typeof value === 'object' ? JSON.stringify(value) : String(value);
  switch (spec.kind) {
    case 'integer':
    case 'number': {
      // A percentage as the language writes it ('30%' in English, '30 %' in German).
      if (spec.unit === '%') return fmt.percent(Number(value), decimalsOf(spec));
      const text = fmt.number(Number(value), { digits: decimalsOf(spec), trim: true });
      return spec.unit ? `${text}\u00a0${unitLabel(t, spec.unit)}` : text;
    }
    case 'switch':
      return value ? t('devices:on') : t('devices:off');
    case 'choice':
      return optionLabel(t, name, String(value));
    case 'time':
      return fmt.dateTime(String(value), { timeZone });
    case 'windows': {
      const windows = Array.isArray(value) ? (value as Window[]) : [];
      return windows.length ? windows.map((w) => `${w.start}–${w.end}`).join(', ') : t('devices:noWindows');
    }
  }
}

/** A command's parameters in one line ('Min. state of charge 10%, Max. state of charge 90%'; one parameter: its value). */
export function paramsText(t: TFunction, fmt: Formatter, command: string, params: Record<string, unknown>, timeZone?: string) {
  const spec = commandSpec(command);
  if (!spec) return '';
  // A command of one parameter is named by the command already ('Export limit: 3,000 W', not 'Export limit Export
  // limit 3,000 W'): its value alone.
  if (spec.params.length === 1) {
    const p = spec.params[0]!;
    return params[p.name] === undefined ? '' : valueText(t, fmt, p, p.name, params[p.name], timeZone);
  }
  return spec.params
    .filter((p) => params[p.name] !== undefined)
    .map((p) => `${paramLabel(t, p.name)} ${valueText(t, fmt, p, p.name, params[p.name], timeZone)}`)
    .join(', ');
}

/** The form's value of a parameter: what the form controls hold (dayjs for moments and windows). */
export type FormValue = number | boolean | string | Dayjs | null | undefined | { range?: [Dayjs, Dayjs] | null }[];

/** The form's starting values: what the device reported for the setting, else a switch off and the rest empty. */
export function initialValues(spec: CommandSpec, reported?: Record<string, unknown> | null): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const p of spec.params) {
    const value = reported?.[p.name];
    if (p.kind === 'switch') out[p.name] = typeof value === 'boolean' ? value : false;
    else if (p.kind === 'windows')
      out[p.name] = Array.isArray(value)
        ? (value as Window[]).map((w) => ({ range: [dayjs(w.start, 'HH:mm'), dayjs(w.end, 'HH:mm')] as [Dayjs, Dayjs] }))
        : [];
    else if (p.kind === 'time') out[p.name] = undefined;
    else if (value !== undefined && value !== null) out[p.name] = p.kind === 'choice' ? String(value) : Number(value);
  }
  return out;
}

/** The body's `params` from the form's values (moments as ISO 8601 with offset, windows as 'HH:mm' pairs). */
export function toParams(spec: CommandSpec, values: Record<string, FormValue> | undefined) {
  const out: Record<string, number | boolean | string | Window[]> = {};
  for (const p of spec.params) {
    const value = values?.[p.name];
    if (value === undefined || value === null) continue;
    if (p.kind === 'time') out[p.name] = (value as Dayjs).format();
    else if (p.kind === 'windows')
      out[p.name] = (value as { range?: [Dayjs, Dayjs] | null }[])
        .filter((w) => w?.range)
        .map((w) => ({ start: w.range![0].format('HH:mm'), end: w.range![1].format('HH:mm') }));
    else out[p.name] = value as number | boolean | string;
  }
  return out;
}

/** The parameter a refusal names (2 carries `data.field`, e.g. 'limitW' or 'params.limitW'). */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof CallError)) return undefined;
  const field = (error.data as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field.split('.').at(-1) : undefined;
}

/** A refusal as the user reads it: the catalogue's message of its code, with the parameter it names. */
export function callErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof CallError)) return codeMessage(-1);
  const field = refusedField(error);
  const text = codeMessage(error.code);
  return field ? `${text}: ${paramLabel(t, field)}` : text;
}

/**
 * What a command's message says to the user. The device's own words (a refusal, a failure) are shown as they came;
 * the portal's notes on the states it sets itself (superseded, expired, timed out, canceled) are written in English
 * in the ledger and are read here in the user's language.
 */
export function messageText(t: TFunction, state: CommandState, message: string | null): string | null {
  if (message === null) return null;
  switch (state) {
    case 'superseded':
    case 'expired':
    case 'timed_out':
      return t(`devices:portalMessage.${state}`);
    case 'canceled':
      return t(message === 'the batch was canceled' ? 'devices:portalMessage.batchCanceled' : 'devices:portalMessage.canceled');
    default:
      return message;
  }
}
