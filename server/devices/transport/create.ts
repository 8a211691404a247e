import type { Server as HttpServer } from 'node:http';
import type { MqttConfig } from '../../config';
import type { Database } from '../../core/db';
import type { DeviceChannel, DeviceMessageHandlers } from './channel';
import { startEmbeddedBroker } from './embedded-broker';
import { PORTAL_USERNAME, portalPassword } from './identities';
import type { TransportLog } from './log';
import { connectPortalClient, withoutCredentials } from './portal-client';

export const DEFAULT_MQTT_PORT = 1883;
/** The shared-subscription group of the portal's nodes on an external broker. */
export const DEFAULT_SHARE_GROUP = 'portal';

export interface DeviceChannelOptions {
  db: Database;
  /** The token secret: the portal's password on the embedded broker is derived from it. */
  jwtSecret: string;
  mqtt?: MqttConfig;
  /** The portal's HTTP server (app.server): the embedded broker also speaks MQTT over WebSocket at /mqtt on it. */
  httpServer?: HttpServer;
  handlers: DeviceMessageHandlers;
  log: TransportLog;
}

export interface DeviceChannelHandle {
  channel: DeviceChannel;
  /** The embedded broker's TCP port (the one asked for, or the free one found for port 0); none with MQTT_URL. */
  brokerPort?: number;
}

/**
 * The device channel of DESIGN §12: with `mqtt.url`, the portal's client on that external broker (MQTT 5, shared
 * subscriptions); without, an embedded broker on `mqtt.port` (default 1883) and the portal's client on it. Close
 * the channel when the app closes.
 */
export async function createDeviceChannel({
  db,
  jwtSecret,
  mqtt = {},
  httpServer,
  handlers,
  log,
}: DeviceChannelOptions): Promise<DeviceChannelHandle> {
  if (mqtt.url) {
    const client = await connectPortalClient({
      url: mqtt.url,
      username: mqtt.username,
      password: mqtt.password,
      shareGroup: mqtt.shareGroup ?? DEFAULT_SHARE_GROUP,
      handlers,
      log,
    });
    log.info({ broker: withoutCredentials(mqtt.url) }, 'device channel on an external MQTT broker');
    return {
      channel: {
        publishCommand: client.publishCommand,
        // The external broker holds the connections; its own authentication (against the new key) keeps a device
        // with an old key out once it reconnects. The portal cannot close another client's connection there.
        disconnectDevice: async () => {},
        counts: client.counts,
        close: once(client.close),
      },
    };
  }

  const broker = await startEmbeddedBroker({ db, jwtSecret, port: mqtt.port ?? DEFAULT_MQTT_PORT, httpServer, log });
  let client;
  try {
    client = await connectPortalClient({
      url: `mqtt://127.0.0.1:${broker.port}`,
      username: PORTAL_USERNAME,
      password: portalPassword(jwtSecret),
      handlers,
      log,
    });
  } catch (error) {
    await broker.close();
    throw error;
  }
  log.info({ port: broker.port, webSocket: httpServer ? '/mqtt' : undefined }, 'embedded MQTT broker listening');
  return {
    brokerPort: broker.port,
    channel: {
      publishCommand: client.publishCommand,
      disconnectDevice: broker.disconnect,
      counts: client.counts,
      close: once(async () => {
        await client.close();
        await broker.close();
      }),
    },
  };
}

/** Closing twice (the app's hook and a test's clean-up) closes once; the second waits for the first. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
