import { sql } from 'drizzle-orm';
import type { CommandState } from '../../../contract/device-commands';
import type { ReplyMessage } from '../../../contract/device-messages';
import { queryRows, type Database } from '../../core/db';
import { pgArray } from '../../monitoring/sql-arrays';
import { applyEvent, ledgerRow, noteHistory } from './store';
import { nextState } from './transitions';

/**
 * Devices' replies applied to the ledger (DESIGN §12). A fleet answering a batch sends thousands at once, so they are
 * applied many at a time (ReplyBatcher): one read of their rows, one statement moving every row with its history, one
 * for the settings the devices reported. A row another node or the sweep moved meanwhile takes the careful path of
 * one reply at a time (applyReply), which reads it again.
 */
export interface DeviceReply {
  systemId: number;
  reply: ReplyMessage;
}

/** The device's results; 'delivered' is its acknowledgement only. */
const FINAL_REPLY_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'failed', 'rejected']);
/** States in which the portal gave up on a command (or replaced it): a late result is kept in the history only. */
const GAVE_UP: ReadonlySet<string> = new Set(['superseded', 'expired', 'timed_out', 'canceled']);

const lateNote = (reply: ReplyMessage) => `the device reported ${reply.status} late${reply.message ? `: ${reply.message}` : ''}`;

/** Stores what the devices report they have set now (the last report of each system wins). */
async function storeSettings(db: Database, replies: readonly DeviceReply[], now: Date): Promise<void> {
  const latest = new Map<number, Record<string, unknown>>();
  for (const { systemId, reply } of replies)
    if (FINAL_REPLY_STATUSES.has(reply.status) && reply.settings) latest.set(systemId, reply.settings);
  if (latest.size === 0) return;
  await db.execute(sql`
    INSERT INTO device_states (system_id, settings, settings_at)
    SELECT u.id, u.settings::jsonb, ${now.toISOString()}::timestamptz
      FROM unnest(${pgArray([...latest.keys()])}::int[], ${pgArray([...latest.values()].map((s) => JSON.stringify(s)))}::text[]) AS u(id, settings)
    ON CONFLICT (system_id) DO UPDATE SET settings = excluded.settings, settings_at = excluded.settings_at`);
}

/**
 * One reply, carefully: the row is read, moved from the state it was read in, and read again if it moved meanwhile
 * (a device's acknowledgement and result racing on two nodes).
 */
export async function applyReply(db: Database, { systemId, reply }: DeviceReply, now: Date): Promise<void> {
  const row = await ledgerRow(db, reply.command_id, systemId);
  // Only the system's own commands: a device cannot answer for another's.
  if (!row) throw new Error(`no command #${reply.command_id} of system ${systemId}`);
  let current = row;
  let moved = await applyEvent(db, current, { kind: 'reply', status: reply.status }, now, { message: reply.message ?? null });
  for (let attempt = 0; !moved && attempt < 3; attempt++) {
    const fresh = await ledgerRow(db, row.id, systemId);
    if (!fresh || fresh.state === current.state) break;
    current = fresh;
    moved = await applyEvent(db, current, { kind: 'reply', status: reply.status }, now, { message: reply.message ?? null });
  }
  if (!moved && FINAL_REPLY_STATUSES.has(reply.status) && GAVE_UP.has(current.state)) await noteHistory(db, current, now, lateNote(reply));
}

interface Step {
  state: CommandState;
  message: string | null;
}

/**
 * Many replies at once, in the order they came. Answers, per reply, null or why it was refused (a command of
 * another system, or none).
 */
export async function applyReplies(db: Database, replies: readonly DeviceReply[], now: Date): Promise<(Error | null)[]> {
  const outcome: (Error | null)[] = replies.map(() => null);
  await storeSettings(db, replies, now);
  const rows = await queryRows<{ system_id: number; id: number; state: CommandState }>(
    db,
    sql`SELECT c.system_id, c.id::float8 AS id, c.state FROM device_commands c
          JOIN unnest(${pgArray(replies.map((r) => r.systemId))}::int[], ${pgArray(replies.map((r) => r.reply.command_id))}::bigint[]) AS u(s, i)
            ON c.system_id = u.s AND c.id = u.i`,
  );
  const key = (systemId: number, id: number) => `${systemId}:${id}`;
  const read = new Map(rows.map((r) => [key(Number(r.system_id), Number(r.id)), r.state]));
  // Each row's state as the replies move it, and the steps it takes (its history rows).
  const current = new Map<string, CommandState>(read);
  const steps = new Map<string, Step[]>();
  const late: { systemId: number; id: number; state: CommandState; note: string }[] = [];
  replies.forEach(({ systemId, reply }, i) => {
    const k = key(systemId, reply.command_id);
    const state = current.get(k);
    if (!state) {
      outcome[i] = new Error(`no command #${reply.command_id} of system ${systemId}`);
      return;
    }
    const next = nextState(state, { kind: 'reply', status: reply.status });
    if (next) {
      current.set(k, next);
      steps.set(k, [...(steps.get(k) ?? []), { state: next, message: reply.message ?? null }]);
    } else if (FINAL_REPLY_STATUSES.has(reply.status) && GAVE_UP.has(state)) {
      late.push({ systemId, id: reply.command_id, state, note: lateNote(reply) });
    }
  });
  const moving = [...steps.entries()].map(([k, taken]) => {
    const [systemId, id] = k.split(':').map(Number) as [number, number];
    return { systemId, id, from: read.get(k)!, taken };
  });
  if (moving.length > 0) {
    const at = now.toISOString();
    const history = moving.flatMap((m) => m.taken.map((step) => ({ ...m, step })));
    const moved = await queryRows<{ system_id: number; id: number }>(
      db,
      sql`WITH target AS (
            SELECT * FROM unnest(${pgArray(moving.map((m) => m.systemId))}::int[], ${pgArray(moving.map((m) => m.id))}::bigint[],
                                 ${pgArray(moving.map((m) => m.from))}::text[], ${pgArray(moving.map((m) => m.taken.at(-1)!.state))}::text[],
                                 ${pgArray(moving.map((m) => String(m.taken.some((s) => s.state === 'delivered'))))}::boolean[],
                                 ${pgArray(moving.map((m) => m.taken.findLast((s) => s.message !== null)?.message ?? null))}::text[])
                   AS t(system_id, id, from_state, to_state, acknowledged, message)
          ), changed AS (
            UPDATE device_commands c SET state = t.to_state,
                   delivered_at = CASE WHEN t.acknowledged THEN ${at}::timestamptz ELSE c.delivered_at END,
                   finished_at = CASE WHEN t.to_state IN ('succeeded', 'failed', 'rejected') THEN ${at}::timestamptz ELSE c.finished_at END,
                   message = coalesce(t.message, c.message)
              FROM target t
             WHERE c.system_id = t.system_id AND c.id = t.id AND c.state = t.from_state
            RETURNING c.system_id, c.id
          ), history AS (
            INSERT INTO device_command_events (system_id, command_id, state, at, by_name, message)
            SELECT h.system_id, h.id, h.state, ${at}::timestamptz, NULL, h.message
              FROM unnest(${pgArray(history.map((h) => h.systemId))}::int[], ${pgArray(history.map((h) => h.id))}::bigint[],
                          ${pgArray(history.map((h) => h.step.state))}::text[], ${pgArray(history.map((h) => h.step.message))}::text[],
                          ${pgArray(history.map((_, n) => n))}::int[]) AS h(system_id, id, state, message, n)
              JOIN changed ON changed.system_id = h.system_id AND changed.id = h.id
             ORDER BY h.n
          )
          SELECT system_id, id::float8 AS id FROM changed`,
    );
    // Rows that moved meanwhile (another node, the sweep): their replies again, one at a time.
    const done = new Set(moved.map((r) => key(Number(r.system_id), Number(r.id))));
    for (const [i, item] of replies.entries()) {
      const k = key(item.systemId, item.reply.command_id);
      if (outcome[i] === null && steps.has(k) && !done.has(k))
        await applyReply(db, item, now).catch((error: Error) => (outcome[i] = error));
    }
  }
  for (const entry of late) await noteHistory(db, entry, now, entry.note);
  return outcome;
}

/** Replies wait at most this many for one statement; a bigger burst is several. */
const MAX_BATCH = 2000;

/**
 * Collects the replies that arrive while the previous group is being applied and applies them together (a group
 * commit): one device's reply is applied at once, a fleet's thousands in a few statements.
 */
export class ReplyBatcher {
  private waiting: { item: DeviceReply; done: (error: Error | null) => void }[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  apply(item: DeviceReply): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, done: (error) => (error ? reject(error) : resolve()) });
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    // Let the replies of this turn of the event loop join.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, MAX_BATCH);
      try {
        const outcome = await applyReplies(
          this.db,
          group.map((g) => g.item),
          this.clock(),
        );
        group.forEach((g, i) => g.done(outcome[i] ?? null));
      } catch (error) {
        for (const g of group) g.done(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.running = null;
  }
}
