import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { topics, type CommandMessage } from '../../../contract/device-messages';
import { PORTAL_SUBSCRIPTIONS } from './acl';
import type { ChannelCounts, DeviceMessageHandlers } from './channel';
import { createDispatcher } from './dispatch';
import { PORTAL_USERNAME } from './identities';
import type { TransportLog } from './log';

export interface PortalClientOptions {
  url: string;
  /** None: the broker's anonymous login (MQTT_USERNAME unset). */
  username?: string;
  password?: string;
  /**
   * On an external broker: MQTT 5 and the subscriptions shared in this group (`$share/{group}/…`), so that of the
   * API nodes on one broker exactly one gets each device message. None: MQTT 3.1.1 and plain subscriptions (aedes).
   */
  shareGroup?: string;
  handlers: DeviceMessageHandlers;
  log: TransportLog;
}

export interface PortalClient {
  publishCommand(sn: string, message: CommandMessage): Promise<void>;
  counts(): ChannelCounts;
  close(): Promise<void>;
}

/**
 * The portal's MQTT client: subscribes to every device's up-messages and state at QoS 1, hands each to its handler
 * (./dispatch.ts) and publishes commands. Resolves once connected and subscribed; refuses when the broker does
 * not accept the login or is not there, so that a wrong MQTT_URL stops the server at its start. Later losses of the
 * connection are retried by MQTT.js, which subscribes again.
 */
export async function connectPortalClient({
  url,
  username,
  password,
  shareGroup,
  handlers,
  log,
}: PortalClientOptions): Promise<PortalClient> {
  const dispatcher = createDispatcher(handlers, log);
  const inFlight = new Set<Promise<void>>();
  const client: MqttClient = await connectAsync(
    url,
    {
      username,
      password,
      clientId: `${PORTAL_USERNAME}_${randomBytes(8).toString('hex')}`,
      protocolVersion: shareGroup === undefined ? 4 : 5,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
    },
    false,
  );
  client.on('error', (error) => log.warn({ error: error.message }, 'MQTT portal client error'));
  client.on('offline', () => log.warn({ broker: withoutCredentials(url) }, 'MQTT portal client lost the broker; reconnecting'));
  client.on('message', (topic, payload) => {
    const handled = dispatcher.dispatch(topic, payload).finally(() => inFlight.delete(handled));
    inFlight.add(handled);
  });
  const filters = PORTAL_SUBSCRIPTIONS.map((filter) => (shareGroup === undefined ? filter : `$share/${shareGroup}/${filter}`));
  const granted = await client.subscribeAsync(filters, { qos: 1 });
  const refused = granted.filter((grant) => grant.qos > 2);
  if (refused.length > 0) {
    await client.endAsync(true);
    throw new Error(`the MQTT broker refused the portal's subscriptions ${refused.map((grant) => grant.topic).join(', ')}`);
  }

  return {
    async publishCommand(sn, message) {
      await client.publishAsync(topics.command(sn), JSON.stringify(message), { qos: 1 });
    },
    counts: () => dispatcher.counts(),
    async close() {
      await client.endAsync();
      await Promise.allSettled(inFlight);
    },
  };
}

/** The broker's address for the log: MQTT_URL may carry a user name and password. */
export function withoutCredentials(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname === '/' ? '' : pathname}`;
  } catch {
    return '(an unreadable MQTT_URL)';
  }
}
