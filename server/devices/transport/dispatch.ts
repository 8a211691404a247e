import type { z } from 'zod';
import { eventMessage, MAX_MESSAGE_BYTES, replyMessage, stateMessage, telemetryMessage } from '../../../contract/device-messages';
import type { ChannelCounts, DeviceMessageHandlers } from './channel';
import type { TransportLog } from './log';
import { parseDeviceTopic, type DeviceTopic } from './topics';

export interface Dispatcher {
  /** Parses one message the broker delivered and hands it to its handler; never throws. */
  dispatch(topic: string, payload: Buffer): Promise<void>;
  counts(): ChannelCounts;
}

/**
 * From a delivered message to a handler call: the S/N from the topic, the message through its schema. Whatever
 * cannot be handed on (oversized, not JSON, not the schema, an unknown topic) or whose handler throws is dropped
 * with one warning and counted: one device's bad message must not stop the others'.
 */
export function createDispatcher(handlers: DeviceMessageHandlers, log: TransportLog): Dispatcher {
  const counts: ChannelCounts = { received: 0, dropped: 0 };
  const drop = (topic: string, reason: string, error?: unknown) => {
    counts.dropped++;
    log.warn({ topic, reason, ...(error === undefined ? {} : { error: describe(error) }) }, 'device message dropped');
  };

  return {
    async dispatch(topic, payload) {
      const target = parseDeviceTopic(topic);
      if (!target) return drop(topic, 'unknown topic');
      if (payload.length > MAX_MESSAGE_BYTES) return drop(topic, `over ${MAX_MESSAGE_BYTES} bytes`);
      let json: unknown;
      try {
        json = JSON.parse(payload.toString('utf8'));
      } catch {
        return drop(topic, 'not JSON');
      }
      const handle = handlerFor(handlers, target, json);
      if (typeof handle === 'string') return drop(topic, `not a ${target.kind} message: ${handle}`);
      try {
        await handle();
        counts.received++;
      } catch (error) {
        drop(topic, 'handler failed', error);
      }
    },
    counts: () => ({ ...counts }),
  };
}

/** The call of the topic's handler with the message its schema parsed, or what the schema found wrong. */
function handlerFor(handlers: DeviceMessageHandlers, { sn, kind }: DeviceTopic, json: unknown): (() => Promise<void>) | string {
  switch (kind) {
    case 'telemetry': {
      const parsed = telemetryMessage.safeParse(json);
      return parsed.success ? () => handlers.telemetry(sn, parsed.data) : firstIssue(parsed.error);
    }
    case 'event': {
      const parsed = eventMessage.safeParse(json);
      return parsed.success ? () => handlers.event(sn, parsed.data) : firstIssue(parsed.error);
    }
    case 'reply': {
      const parsed = replyMessage.safeParse(json);
      return parsed.success ? () => handlers.reply(sn, parsed.data) : firstIssue(parsed.error);
    }
    case 'state': {
      const parsed = stateMessage.safeParse(json);
      return parsed.success ? () => handlers.state(sn, parsed.data) : firstIssue(parsed.error);
    }
  }
}

function firstIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  return issue ? `${issue.path.join('.') || '(message)'}: ${issue.message}` : 'invalid';
}

/** An error with its cause (the database's words behind a failed query), for the log line. */
function describe(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause === undefined ? String(error) : `${String(error)} (${String(cause)})`;
}
