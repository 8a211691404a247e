import { z } from 'zod';
import { BATCH_RATE_LIMITS, COMMAND_NAMES, COMMAND_STATES, MAX_BATCH_SYSTEMS } from './device-commands';
import { EMS_STATUSES } from './monitoring-constants';
import { FILTER_TEXT_MAX, LIST_MAX, rules } from './rules';

/**
 * The bodies and answers of the device-channel calls (contract/devices-calls.ts): commands, batch settings, safety
 * settings, a system's control tab. A command's parameters are checked against the catalogue
 * (contract/device-commands.ts) by the server, which answers the spec's codes (65 missing, 2 out of range naming the
 * parameter, 67-72 for a cycle test), so the body only bounds their shape here.
 */

const sn = z.string().trim().min(1).max(64);
const moment = z.iso.datetime({ offset: true }).max(40);
const paging = { pageIndex: rules.integer(1, 1_000_000).default(1), pageSize: rules.integer(1, 500).default(20) };

const window = z.object({ start: z.string().max(5), end: z.string().max(5) });
const paramValue = z.union([z.number(), z.boolean(), z.string().max(40), z.array(window).max(6)]);
/** Parameter values by name: numbers, switches, choices, moments and charge windows. */
export const commandParams = z
  .record(z.string().max(40), paramValue)
  .refine((p) => Object.keys(p).length <= 20, 'too many parameters')
  .default({});

/** The command's name is checked against the catalogue by the server (65 when missing or unknown). */
const commandName = z.string().trim().max(40).optional();

export const sendCommandBody = z.object({
  sn,
  command: commandName,
  params: commandParams,
  /**
   * Waits up to this many seconds for the device's result: a failure or refusal then answers 56 (instruction failed)
   * with the row and the device's words; no result by then answers the row as it stands.
   */
  wait_seconds: rules.integer(0, 30).default(0),
});
export type SendCommandBody = z.infer<typeof sendCommandBody>;

const commandEvent = z.object({
  state: z.enum(COMMAND_STATES),
  at: z.string(),
  /** Who caused it (a user's name) or null for the device and the portal itself. */
  by: z.string().nullable(),
  message: z.string().nullable(),
});

export const commandRow = z.object({
  id: z.number().int(),
  sys_sn: z.string(),
  sys_name: z.string(),
  model: z.string(),
  command: z.enum(COMMAND_NAMES),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(COMMAND_STATES),
  /** 'staff' (commandManagement, safety settings), 'batch', 'owner' (the customer's own settings). */
  source: z.string(),
  requested_by: z.string().nullable(),
  batch_id: z.number().int().nullable(),
  /** The command this one retried. */
  retry_of: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
  /** The device's words with its result (or the portal's, for an expiry or a timeout). */
  message: z.string().nullable(),
  time_zone: z.string(),
});
export type CommandRow = z.infer<typeof commandRow>;

export const commandDetail = commandRow.extend({ history: z.array(commandEvent) });
export type CommandDetail = z.infer<typeof commandDetail>;

export const commandListBody = z
  .object({
    ...paging,
    sn: z.string().trim().max(64).optional(),
    command: z.enum(COMMAND_NAMES).optional(),
    states: z.array(z.enum(COMMAND_STATES)).max(COMMAND_STATES.length).optional(),
    /** The sender's user name or name, contained. */
    sender: z.string().trim().max(FILTER_TEXT_MAX).optional(),
    from: moment.optional(),
    to: moment.optional(),
    batch_id: rules.id().optional(),
  })
  .default({ pageIndex: 1, pageSize: 20 });
export const commandPage = rules.pageOf(commandRow);
export const commandIdBody = z.object({ id: rules.id() });

/** Who is in a batch: systems matching every filter given, or the S/Ns listed (pasted or read from a file). */
export const batchTarget = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('filter'),
    models: z.array(z.string().trim().min(1).max(100)).max(LIST_MAX).optional(),
    firmware: z.array(z.string().trim().min(1).max(40)).max(LIST_MAX).optional(),
    countries: z.array(z.string().trim().length(2)).max(LIST_MAX).optional(),
    installer_ids: z.array(rules.id()).max(LIST_MAX).optional(),
    statuses: z
      .array(z.enum([...EMS_STATUSES, 'unknown']))
      .max(10)
      .optional(),
  }),
  z.object({
    kind: z.literal('list'),
    sns: z
      .array(sn)
      .min(1)
      .max(MAX_BATCH_SYSTEMS + 1),
  }),
]);
export type BatchTarget = z.infer<typeof batchTarget>;

export const batchPreviewBody = z.object({ command: commandName, params: commandParams, target: batchTarget });
export const batchPreview = z.object({
  /** Systems the target names in the caller's scope. */
  total: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  /** Systems whose model lacks the feature: left out of the batch. */
  refused: z.number().int(),
  refused_models: z.array(z.object({ model: z.string(), count: z.number().int() })),
  /** Listed S/Ns that are no system the caller may reach (a list target). */
  unknown_sns: z.array(z.string()).max(100),
  unknown_count: z.number().int(),
  /** The first systems that would get the command. */
  sample: z.array(z.object({ sys_sn: z.string(), sys_name: z.string(), model: z.string(), online: z.boolean() })),
});
export type BatchPreview = z.infer<typeof batchPreview>;

export const createBatchBody = batchPreviewBody.extend({
  rate_per_minute: rules.integer(BATCH_RATE_LIMITS.min, BATCH_RATE_LIMITS.max).default(BATCH_RATE_LIMITS.default),
  /** Optional start; the server refuses a malformed time with 57 and one in the past with 64. */
  start_at: z.string().max(40).optional(),
  remark: z.string().trim().max(500).default(''),
});
export type CreateBatchBody = z.infer<typeof createBatchBody>;

const stateCounts = z.partialRecord(z.enum(COMMAND_STATES), z.number().int());
export const batchRow = z.object({
  id: z.number().int(),
  command: z.enum(COMMAND_NAMES),
  params: z.record(z.string(), z.unknown()),
  target: z.record(z.string(), z.unknown()),
  remark: z.string(),
  requested_by: z.string().nullable(),
  created_at: z.string(),
  start_at: z.string(),
  rate_per_minute: z.number().int(),
  canceled_at: z.string().nullable(),
  /** One per system: the latest attempt's state (a retry replaces the failed one in the counts). */
  total: z.number().int(),
  counts: stateCounts,
  /** 'scheduled' (before its start), 'running', 'finished' (every system final), 'canceled'. */
  status: z.enum(['scheduled', 'running', 'finished', 'canceled']),
});
export type BatchRow = z.infer<typeof batchRow>;
export const batchListBody = z.object({ ...paging }).default({ pageIndex: 1, pageSize: 20 });
export const batchPage = rules.pageOf(batchRow);
export const batchSystemsBody = z.object({
  id: rules.id(),
  ...paging,
  states: z.array(z.enum(COMMAND_STATES)).max(COMMAND_STATES.length).optional(),
  sn: z.string().trim().max(64).optional(),
});

/** A system's control tab: what the device last said it has set, its connection, and its commands. */
export const systemControl = z.object({
  sys_sn: z.string(),
  model: z.string(),
  time_zone: z.string(),
  online: z.boolean(),
  /** When the device last connected or went away. */
  state_at: z.string().nullable(),
  settings: z.record(z.string(), z.record(z.string(), z.unknown())),
  settings_at: z.string().nullable(),
  /** The catalogue's commands this model accepts. */
  commands: z.array(z.enum(COMMAND_NAMES)),
  open: z.array(commandRow),
  recent: z.array(commandRow),
});
export type SystemControl = z.infer<typeof systemControl>;

export const noBody = rules.noBody();
/**
 * How the device channel of the answering node is doing: its broker, the systems in the caller's scope and how many
 * are connected, and the device messages this node handed on or dropped (malformed, oversized, a bad topic, a handler
 * failed) since it started.
 */
export const channelStatus = z.object({
  broker: z.enum(['embedded', 'external', 'none']),
  systems: z.number().int(),
  online: z.number().int(),
  received: z.number().int(),
  dropped: z.number().int(),
  since: z.string(),
});
export type ChannelStatus = z.infer<typeof channelStatus>;

export const snBody = z.object({ sn });
export const deviceKeyAnswer = z.object({
  sys_sn: z.string(),
  device_key: z.string().describe('shown this once; the portal keeps its hash'),
});

export const cosSettingsBody = z.object({ sn, refresh: z.boolean().default(false) });
export const cosSettingsAnswer = z.object({
  sys_sn: z.string(),
  time_zone: z.string(),
  /** As the device last reported them; null before it ever did. */
  settings: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  reported_at: z.string().nullable(),
  /** A change or read under way, and the last one that ended. */
  open: commandRow.nullable(),
  last: commandRow.nullable(),
});
export type CosSettings = z.infer<typeof cosSettingsAnswer>;
export const setCosSettingsBody = z.object({ sn, settings: commandParams });
