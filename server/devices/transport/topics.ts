import { SN_PATTERN, TOPIC_ROOT, UP_KINDS, type UpKind } from '../../../contract/device-messages';

/** What a topic a device publishes on says: whose it is and which message it carries. */
export interface DeviceTopic {
  sn: string;
  kind: UpKind | 'state';
}

/** `ess/{sn}/up/{telemetry|event|reply}` or `ess/{sn}/state` with an S/N as the portal issues them; anything else is none. */
export function parseDeviceTopic(topic: string): DeviceTopic | undefined {
  const [root, sn, third, fourth, ...rest] = topic.split('/');
  if (root !== TOPIC_ROOT || sn === undefined || !SN_PATTERN.test(sn) || rest.length > 0) return undefined;
  if (third === 'state' && fourth === undefined) return { sn, kind: 'state' };
  if (third === 'up' && (UP_KINDS as readonly string[]).includes(fourth ?? '')) return { sn, kind: fourth as UpKind };
  return undefined;
}
