import { SN_PATTERN, TOPIC_ROOT } from '../../../contract/device-messages';
import { PORTAL_USERNAME, type BrokerIdentity } from './identities';
import { parseDeviceTopic } from './topics';

/** What the portal's client subscribes to on the embedded broker (an external one gets them as shared subscriptions). */
export const PORTAL_SUBSCRIPTIONS = [`${TOPIC_ROOT}/+/up/#`, `${TOPIC_ROOT}/+/state`] as const;

/** A device publishes its own up-messages and state; the portal publishes commands to any S/N; nothing else. */
export function mayPublish(identity: BrokerIdentity, topic: string): boolean {
  if (identity.kind === 'device') return parseDeviceTopic(topic)?.sn === identity.sn;
  const [root, sn, down, command, ...rest] = topic.split('/');
  return root === TOPIC_ROOT && SN_PATTERN.test(sn ?? '') && down === 'down' && command === 'command' && rest.length === 0;
}

/** A device subscribes to its own commands only; the portal to every device's up-messages and state. */
export function maySubscribe(identity: BrokerIdentity, filter: string): boolean {
  if (identity.kind === 'portal') return (PORTAL_SUBSCRIPTIONS as readonly string[]).includes(filter);
  return filter === `${TOPIC_ROOT}/${identity.sn}/down/#` || filter === `${TOPIC_ROOT}/${identity.sn}/down/command`;
}

/**
 * A device's client id is its S/N, or its S/N, '_' and anything ('_' is outside SN_PATTERN). The broker closes an
 * older connection under the same client id and hands over its session: without this rule one device could
 * cut another off, or take the commands queued for it, by connecting with the other's client id.
 */
export function mayUseClientId(identity: BrokerIdentity, clientId: string): boolean {
  if (identity.kind === 'portal') return clientId.startsWith(`${PORTAL_USERNAME}_`);
  return clientId === identity.sn || clientId.startsWith(`${identity.sn}_`);
}
