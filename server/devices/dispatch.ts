import { sql } from 'drizzle-orm';
import type { CommandName, CommandState } from '../../contract/device-commands';
import { queryRows, type Database } from '../core/db';
import { pgArray } from '../monitoring/sql-arrays';
import { applyEventWhere } from './ledger/store';
import type { DeviceChannel } from './transport/channel';

/**
 * Tells devices their commands (DESIGN §12). Only a connected device is told: a command for an offline one stays
 * pending ("waiting for the device") and goes out, with every other open command of the system in the order they
 * were queued, when the device says it is online again. A publish the broker took makes the row `sent`.
 */
export interface DispatchOptions {
  /**
   * A reconnect: the device may have missed what was sent before, or its result may have been lost on the way (a
   * broker or portal that went down after taking it), so every open row goes again: `sent` and `delivered` too. The
   * device answers an id it did again from memory and does not start one it is still doing.
   */
  redeliver?: boolean;
}

/** Commands in flight at once: enough to keep the broker busy, few enough not to flood one event loop. */
const IN_FLIGHT = 5000;

interface Outgoing extends Record<string, unknown> {
  system_id: number;
  sys_sn: string;
  id: number;
  state: CommandState;
  command: CommandName;
  params: Record<string, unknown>;
  expires_at: string | Date;
}

export class Dispatcher {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly channel: () => DeviceChannel | null,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /**
   * Tells again every online device whose commands wait on it (`sent` or `delivered`) since before `before`: their
   * message or the device's answer may have been lost on the way (a portal that died with replies in flight, a broker
   * that dropped them while no node listened). The device answers what it did from memory. At start with the start's
   * time (everything open), then by the sweep for what waits unusually long.
   */
  async redeliverWaiting(before: Date, states: readonly ('sent' | 'delivered')[] = ['sent', 'delivered']): Promise<number> {
    const waiting = await queryRows<{ system_id: number }>(
      this.db,
      sql`SELECT DISTINCT c.system_id FROM device_commands c JOIN device_states d ON d.system_id = c.system_id AND d.online
           WHERE c.state = ANY(${pgArray([...states])}::text[]) AND coalesce(c.delivered_at, c.sent_at) < ${before.toISOString()}::timestamptz`,
    );
    const ids = waiting.map((r) => Number(r.system_id));
    await this.dispatch(ids, { redeliver: true });
    return ids.length;
  }

  /** Sends the released open commands of these systems (those online). Never throws: what fails stays pending. */
  async dispatch(systemIds: readonly number[], options: DispatchOptions = {}): Promise<void> {
    const channel = this.channel();
    if (!channel || systemIds.length === 0) return;
    const now = this.clock();
    const states = options.redeliver ? ['pending', 'sent', 'delivered'] : ['pending'];
    const rows = await queryRows<Outgoing>(
      this.db,
      sql`SELECT c.system_id, systems.sys_sn, c.id::float8 AS id, c.state, c.command, c.params, c.expires_at
            FROM device_commands c
            JOIN systems ON systems.id = c.system_id
            JOIN device_states d ON d.system_id = c.system_id AND d.online
           WHERE c.system_id = ANY(${pgArray([...systemIds])}::int[]) AND c.state = ANY(${pgArray(states)}::text[])
             AND c.released_at IS NOT NULL AND c.expires_at > ${now.toISOString()}::timestamptz
           ORDER BY c.system_id, c.id`,
    );
    // One connection carries them all, in the order they are handed to it, so a system's commands reach it in order
    // without waiting for each acknowledgement; a bounded number is in flight at once.
    const published: number[] = [];
    for (let i = 0; i < rows.length; i += IN_FLIGHT) {
      const chunk = rows.slice(i, i + IN_FLIGHT);
      const outcomes = await Promise.allSettled(
        chunk.map((row) =>
          channel.publishCommand(row.sys_sn, {
            id: Number(row.id),
            command: row.command,
            params: row.params,
            expires_at: new Date(row.expires_at).toISOString(),
          }),
        ),
      );
      outcomes.forEach((outcome, n) => {
        const row = chunk[n]!;
        // What the broker did not take stays pending and goes again, in order, when the device next connects.
        if (outcome.status === 'rejected') this.log(`command #${row.id} for ${row.sys_sn} not published; it stays pending`, outcome.reason);
        else if (row.state === 'pending') published.push(Number(row.id));
      });
    }
    if (published.length > 0) {
      await applyEventWhere(this.db, { kind: 'published' }, ['pending'], sql`id = ANY(${pgArray(published)}::bigint[])`, this.clock());
    }
  }
}
