import type { CommandState } from '../../../contract/device-commands';
import type { DeviceReplyStatus } from '../../../contract/device-messages';

/**
 * The command ledger's state machine (DESIGN §12), as one pure function so every state × event is tested
 * (tests/api/devices/ledger-transitions.test.ts):
 *
 *   pending → sent → delivered → succeeded | failed | rejected
 *   pending | sent → expired (its time to live passed before the device acknowledged it), canceled, superseded
 *   delivered → timed_out (no result in time), superseded (a newer command for the same setting; its late result is
 *   kept in the history but changes nothing)
 *
 * `sent` is the broker's acceptance; only the device's own acknowledgement makes `delivered`. A device may answer
 * before the portal saw the broker's acknowledgement (or skip `delivered` and answer its result at once), so a reply
 * is taken from pending and sent too. A final state is final: a replayed or late message changes nothing.
 */
export type LedgerEvent =
  | { kind: 'published' }
  | { kind: 'reply'; status: DeviceReplyStatus }
  | { kind: 'expire' }
  | { kind: 'timeout' }
  | { kind: 'cancel' }
  | { kind: 'supersede' };

/** The state after the event, or null when the event does not apply to a row in that state (nothing changes). */
export function nextState(state: CommandState, event: LedgerEvent): CommandState | null {
  const open = state === 'pending' || state === 'sent' || state === 'delivered';
  if (!open) return null;
  switch (event.kind) {
    case 'published':
      return state === 'pending' ? 'sent' : null;
    case 'reply':
      if (event.status === 'delivered') return state === 'delivered' ? null : 'delivered';
      return event.status;
    case 'expire':
      return state === 'delivered' ? null : 'expired';
    case 'timeout':
      return state === 'delivered' ? 'timed_out' : null;
    case 'cancel':
      return state === 'delivered' ? null : 'canceled';
    case 'supersede':
      return 'superseded';
  }
}
