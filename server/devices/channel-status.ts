import { sql } from 'drizzle-orm';
import type { ChannelStatus } from '../../contract/devices';
import type { Actor } from '../core/auth/actor';
import { queryRows } from '../core/db';
import { scopeOf } from './commands/service';
import type { AppDevices } from './register';

/**
 * The command screen's view of the channel: operators see at once whether devices are connected and whether the
 * node drops messages (a device speaking a wrong schema, an oversized batch) before commands start to expire. The
 * counts are this node's since it started; the systems and connections are the caller's scope's.
 */
export async function channelStatus(devices: AppDevices, actor: Actor): Promise<ChannelStatus> {
  const [row] = await queryRows<{ systems: number; online: number }>(
    devices.db,
    sql`
    SELECT count(*)::int AS systems, count(*) FILTER (WHERE d.online)::int AS online
      FROM systems
      LEFT JOIN device_states d ON d.system_id = systems.id
     WHERE ${await scopeOf(devices, actor)}`,
  );
  const counts = devices.counts();
  return {
    broker: devices.broker,
    systems: row?.systems ?? 0,
    online: row?.online ?? 0,
    received: counts.received,
    dropped: counts.dropped,
    since: devices.startedAt.toISOString(),
  };
}
