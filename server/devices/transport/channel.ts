import type { CommandMessage, EventMessage, ReplyMessage, StateMessage, TelemetryMessage } from '../../../contract/device-messages';

/**
 * The portal's side of the device channel (DESIGN §12), whatever broker carries it: the embedded aedes broker or an
 * external one at MQTT_URL. The transport parses and bounds what devices publish and hands each message, with the
 * S/N its topic names (the broker's ACL made sure the device may publish there), to these handlers; the ledger and
 * ingest (server/devices/messages.ts) do the rest. A handler that throws has the message logged and counted, never
 * crashes the server.
 */
export interface DeviceMessageHandlers {
  telemetry(sn: string, message: TelemetryMessage): Promise<void>;
  event(sn: string, message: EventMessage): Promise<void>;
  reply(sn: string, message: ReplyMessage): Promise<void>;
  state(sn: string, message: StateMessage): Promise<void>;
}

/** Messages the transport handed on and those it dropped (malformed, oversized, under a bad topic, or a handler threw). */
export interface ChannelCounts {
  received: number;
  dropped: number;
}

export interface DeviceChannel {
  /** Publishes a command to the device at QoS 1; resolves once the broker took it (the ledger's 'sent'). */
  publishCommand(sn: string, message: CommandMessage): Promise<void>;
  /** Closes the device's connection where the portal runs the broker (its key changed); an external broker's ACL does it there. */
  disconnectDevice(sn: string): Promise<void>;
  counts(): ChannelCounts;
  close(): Promise<void>;
}
