import { z } from 'zod';
import { COMMAND_NAMES } from './device-commands';
import { faultReportSchema, ingestBatchSchema, MAX_FAULTS_PER_BATCH } from './ingest';

/**
 * What devices and the portal say to each other over MQTT (DESIGN §12). Topics carry the S/N; the broker lets a
 * device publish and subscribe under its own S/N only. QoS 1 everywhere, and every message carries an `id`, so a
 * message delivered twice has its effect once.
 *
 * - `ess/{sn}/up/telemetry`: samples (the HTTP ingest's batch, with an id);
 * - `ess/{sn}/up/event`: the status and faults;
 * - `ess/{sn}/up/reply`: a command's acknowledgement and result;
 * - `ess/{sn}/down/command`: a command for the device;
 * - `ess/{sn}/state`: retained 'online' on connect; the Last Will publishes 'offline'.
 */

export const TOPIC_ROOT = 'ess';
export const UP_KINDS = ['telemetry', 'event', 'reply'] as const;
export type UpKind = (typeof UP_KINDS)[number];

export const topics = {
  up: (sn: string, kind: UpKind) => `${TOPIC_ROOT}/${sn}/up/${kind}`,
  command: (sn: string) => `${TOPIC_ROOT}/${sn}/down/command`,
  state: (sn: string) => `${TOPIC_ROOT}/${sn}/state`,
};

/** The largest message either side accepts (a full telemetry batch is ~250 kB); a bigger one is dropped and counted. */
export const MAX_MESSAGE_BYTES = 512 * 1024;
/** S/Ns as the portal issues them (systems.sys_sn): letters, digits, dashes. No MQTT wildcard or separator. */
export const SN_PATTERN = /^[A-Za-z0-9-]{4,32}$/;

const messageId = z.string().trim().min(1).max(64);

export const telemetryMessage = ingestBatchSchema.extend({ id: messageId });
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

export const eventMessage = z.object({
  id: messageId,
  status: ingestBatchSchema.shape.status,
  faults: z.array(faultReportSchema).max(MAX_FAULTS_PER_BATCH).default([]),
});
export type EventMessage = z.infer<typeof eventMessage>;

export const DEVICE_REPLY_STATUSES = ['delivered', 'succeeded', 'failed', 'rejected'] as const;
export type DeviceReplyStatus = (typeof DEVICE_REPLY_STATUSES)[number];

const settingsShape = z.record(z.string().max(40), z.record(z.string().max(40), z.unknown())).refine((s) => Object.keys(s).length <= 20);

export const replyMessage = z.object({
  id: messageId,
  /** The ledger row the reply is about (the `id` of the command message). */
  command_id: z.number().int().positive(),
  status: z.enum(DEVICE_REPLY_STATUSES),
  /** The device's words (why it refused or failed, what it did). */
  message: z.string().max(500).optional(),
  /** Everything the device has set now, after the command (readSettings and every change report it). */
  settings: settingsShape.optional(),
});
export type ReplyMessage = z.infer<typeof replyMessage>;

export const stateMessage = z.object({
  id: messageId,
  state: z.enum(['online', 'offline']),
  /** One per connection: the Last Will of an earlier connection must not mark a reconnected device offline. */
  session: z.string().trim().min(1).max(64),
  /** Everything the device has set, announced with 'online' (its birth message), so the portal knows it from the start. */
  settings: settingsShape.optional(),
});
export type StateMessage = z.infer<typeof stateMessage>;

export const commandMessage = z.object({
  /** The ledger row: the device answers with it and ignores a command id it has already done. */
  id: z.number().int().positive(),
  command: z.enum(COMMAND_NAMES),
  params: z.record(z.string(), z.unknown()),
  /** Not to be started after this moment (the ledger expires it). */
  expires_at: z.string(),
});
export type CommandMessage = z.infer<typeof commandMessage>;
