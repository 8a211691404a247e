import { describe, expect, it } from 'vitest';
import { COMMAND_STATES, type CommandState } from '../../../contract/device-commands';
import { nextState, type LedgerEvent } from '../../../server/devices/ledger/transitions';

/**
 * Every state × every event of the command ledger (DESIGN §12), against a table written out by hand: a change to the
 * machine must change this table too. null = the event does not apply; the row stays as it is.
 */
const EVENTS: Record<string, LedgerEvent> = {
  published: { kind: 'published' },
  delivered: { kind: 'reply', status: 'delivered' },
  succeeded: { kind: 'reply', status: 'succeeded' },
  failed: { kind: 'reply', status: 'failed' },
  rejected: { kind: 'reply', status: 'rejected' },
  expire: { kind: 'expire' },
  timeout: { kind: 'timeout' },
  cancel: { kind: 'cancel' },
  supersede: { kind: 'supersede' },
};

type Row = Record<keyof typeof EVENTS, CommandState | null>;
const FINAL: Row = {
  published: null,
  delivered: null,
  succeeded: null,
  failed: null,
  rejected: null,
  expire: null,
  timeout: null,
  cancel: null,
  supersede: null,
};

const EXPECTED: Record<CommandState, Row> = {
  pending: {
    published: 'sent',
    // The device may answer before the broker's acknowledgement reached the portal.
    delivered: 'delivered',
    succeeded: 'succeeded',
    failed: 'failed',
    rejected: 'rejected',
    expire: 'expired',
    timeout: null,
    cancel: 'canceled',
    supersede: 'superseded',
  },
  sent: {
    published: null,
    delivered: 'delivered',
    succeeded: 'succeeded',
    failed: 'failed',
    rejected: 'rejected',
    expire: 'expired',
    timeout: null,
    cancel: 'canceled',
    supersede: 'superseded',
  },
  delivered: {
    published: null,
    delivered: null,
    succeeded: 'succeeded',
    failed: 'failed',
    rejected: 'rejected',
    // Acknowledged: it reached the device, so it cannot expire or be called back; no result in time is a timeout.
    expire: null,
    timeout: 'timed_out',
    cancel: null,
    supersede: 'superseded',
  },
  succeeded: FINAL,
  failed: FINAL,
  rejected: FINAL,
  timed_out: FINAL,
  expired: FINAL,
  canceled: FINAL,
  superseded: FINAL,
};

describe('the command ledger state machine', () => {
  it('has a row for every state', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...COMMAND_STATES].sort());
  });

  for (const state of COMMAND_STATES) {
    for (const [name, event] of Object.entries(EVENTS)) {
      it(`${state} + ${name} → ${EXPECTED[state][name] ?? 'no change'}`, () => {
        expect(nextState(state, event)).toBe(EXPECTED[state][name]);
      });
    }
  }
});
