import { sql } from 'drizzle-orm';
import type { Database } from '../core/db';
import { queryRows } from '../core/db';
import type { DeviceIdentities } from '../monitoring/ingest/device-identities';
import { ingestBatch, type NewFaultsListener } from '../monitoring/ingest/service';
import type { Dispatcher } from './dispatch';
import { ReplyBatcher } from './ledger/replies';
import type { DeviceMessageHandlers } from './transport/channel';

/**
 * What the portal does with each device message (DESIGN §12). Telemetry and events go through the HTTP ingest's own
 * service, into the same tables; replies move the command's ledger row (many at a time, ./ledger/replies.ts); the state message keeps the connection and,
 * on a (re)connect, sends the device its open commands in order. Each message is idempotent: samples and faults are
 * keyed, a ledger row changes only from the state it is in, and a Last Will of an earlier connection is ignored.
 * A message naming a system that does not exist, or a command of another system, is refused (the transport counts it).
 */
export interface DeviceMessageDeps {
  db: Database;
  clock: () => Date;
  identities: DeviceIdentities;
  dispatcher: Dispatcher;
  onNewFaults?: NewFaultsListener;
  rawRetentionDays?: number;
}

export function deviceMessageHandlers(deps: DeviceMessageDeps): DeviceMessageHandlers {
  const { db, clock, identities, dispatcher } = deps;
  const systemOf = async (sn: string) => {
    const system = await identities.findBySn(sn);
    if (!system) throw new Error(`no system ${sn}`);
    return system;
  };
  const replies = new ReplyBatcher(db, clock);
  return inOrderPerDevice({
    async telemetry(sn, { status, samples }) {
      await ingestBatch(db, await systemOf(sn), { status, samples }, clock(), deps.onNewFaults, deps.rawRetentionDays);
    },

    async event(sn, { status, faults }) {
      await ingestBatch(db, await systemOf(sn), { status, samples: [], faults }, clock(), deps.onNewFaults, deps.rawRetentionDays);
    },

    async reply(sn, reply) {
      await replies.apply({ systemId: (await systemOf(sn)).id, reply });
    },

    async state(sn, { state, session, settings }) {
      const system = await systemOf(sn);
      const now = clock().toISOString();
      if (state === 'online') {
        // The settings it announces with it (when it does) are what it has set now.
        const announced = settings ? JSON.stringify(settings) : null;
        await db.execute(sql`
          INSERT INTO device_states (system_id, online, session, state_at, settings, settings_at)
          VALUES (${system.id}, true, ${session}, ${now}::timestamptz, coalesce(${announced}::jsonb, '{}'::jsonb),
                  CASE WHEN ${announced}::jsonb IS NULL THEN NULL ELSE ${now}::timestamptz END)
          ON CONFLICT (system_id) DO UPDATE SET online = true, session = excluded.session, state_at = excluded.state_at,
                 settings = CASE WHEN ${announced}::jsonb IS NULL THEN device_states.settings ELSE excluded.settings END,
                 settings_at = CASE WHEN ${announced}::jsonb IS NULL THEN device_states.settings_at ELSE excluded.settings_at END`);
        await dispatcher.dispatch([system.id], { redeliver: true });
        return;
      }
      const [went] = await queryRows<{ system_id: number }>(
        db,
        sql`UPDATE device_states SET online = false, state_at = ${now}::timestamptz
             WHERE system_id = ${system.id} AND online AND session = ${session} RETURNING system_id`,
      );
      // The Last Will is the broker's word that the device is gone: the fleet sees it at once, not after the silence watch.
      if (went)
        await db.execute(sql`UPDATE systems SET ems_status = 'offline' WHERE id = ${system.id} AND ems_status IS DISTINCT FROM 'offline'`);
    },
  });
}

/**
 * Each device's messages handled one after the other, in the order they arrived (a device's acknowledgement before
 * its result, its samples in order), different devices' in parallel. Across nodes of a shared subscription the
 * ledger's optimistic transitions keep it right whatever the order.
 */
function inOrderPerDevice(handlers: DeviceMessageHandlers): DeviceMessageHandlers {
  const queues = new Map<string, Promise<void>>();
  const queued =
    <M>(handle: (sn: string, message: M) => Promise<void>) =>
    (sn: string, message: M): Promise<void> => {
      const run = (queues.get(sn) ?? Promise.resolve()).catch(() => {}).then(() => handle(sn, message));
      const tail = run.catch(() => {});
      queues.set(sn, tail);
      // A device that went quiet leaves nothing behind.
      void tail.then(() => {
        if (queues.get(sn) === tail) queues.delete(sn);
      });
      return run;
    };
  return {
    telemetry: queued(handlers.telemetry),
    event: queued(handlers.event),
    reply: queued(handlers.reply),
    state: queued(handlers.state),
  };
}
