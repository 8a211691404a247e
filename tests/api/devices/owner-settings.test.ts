import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../server/core/db';
import { sweepLedger } from '../../../server/devices/ledger/sweep';
import type { TestApp } from '../helpers';
import { as, CUSTOMER_SN, createMonitoringWorld } from '../monitoring/world';

/**
 * A customer's saved settings reach the device as commands (server/devices/owner-settings.ts), without a broker here:
 * each waits for its device as for an offline one. What is checked: a save sends what changed, and again what the
 * device never applied, so that "save again" on the settings screen does what it says.
 */
let t: TestApp;
let customer: Awaited<ReturnType<typeof as>>;
const settings = {
  sn: CUSTOMER_SN,
  backupReserveSoc: 30,
  gridCharge: false,
  feedInLimitPercent: 80,
  chargeWindows: [],
  workMode: 'timeOfUse',
};

async function ownerCommands(): Promise<{ command: string; state: string }[]> {
  return queryRows(
    t.db,
    sql`SELECT c.command, c.state FROM device_commands c JOIN systems s ON s.id = c.system_id
         WHERE s.sys_sn = ${CUSTOMER_SN} AND c.source = 'owner' ORDER BY c.id`,
  );
}

async function onDevice(): Promise<Record<string, string>> {
  const { body } = await customer.get<any>('/api/Account/GetCustomUseESSList');
  const row = body.data.find((r: { sys_sn: string }) => r.sys_sn === CUSTOMER_SN);
  return Object.fromEntries(row.device.settings.map((s: { command: string; state: string }) => [s.command, s.state]));
}

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  customer = await as(t, 'customer');
}, 120_000);
afterAll(() => t.close());

describe("a customer's save of their system settings (CustomUseESSSetting)", () => {
  it('sends every setting the first time, nothing when saved unchanged while they wait, and only the changed one after', async () => {
    expect((await customer.post('/api/Account/CustomUseESSSetting', settings)).body.code).toBe(200);
    expect(await onDevice()).toEqual({ workMode: 'pending', backupReserve: 'pending', exportLimit: 'pending', chargeSchedule: 'pending' });
    const first = (await ownerCommands()).length;
    expect(first).toBe(4);

    expect((await customer.post('/api/Account/CustomUseESSSetting', settings)).body.code).toBe(200);
    expect(await ownerCommands()).toHaveLength(first);

    expect((await customer.post('/api/Account/CustomUseESSSetting', { ...settings, backupReserveSoc: 40 })).body.code).toBe(200);
    const after = await ownerCommands();
    expect(after.slice(first)).toEqual([{ command: 'backupReserve', state: 'pending' }]);
    // The one it replaced is superseded; the screen reads the newest.
    expect(after.filter((c) => c.command === 'backupReserve').map((c) => c.state)).toEqual(['superseded', 'pending']);
  });

  it('sends again, unchanged, what the device never applied (expired), and only that', async () => {
    await sweepLedger(t.db, new Date(t.clock().getTime() + 8 * 24 * 3_600_000));
    expect(Object.values(await onDevice())).toEqual(['expired', 'expired', 'expired', 'expired']);
    const before = (await ownerCommands()).length;

    expect((await customer.post('/api/Account/CustomUseESSSetting', { ...settings, backupReserveSoc: 40 })).body.code).toBe(200);
    const sent = (await ownerCommands()).slice(before);
    expect(sent.map((c) => c.command).sort()).toEqual(['backupReserve', 'chargeSchedule', 'exportLimit', 'workMode']);
    expect(sent.every((c) => c.state === 'pending')).toBe(true);
    expect(Object.values(await onDevice())).toEqual(['pending', 'pending', 'pending', 'pending']);

    // Waiting again: a further unchanged save sends nothing.
    expect((await customer.post('/api/Account/CustomUseESSSetting', { ...settings, backupReserveSoc: 40 })).body.code).toBe(200);
    expect(await ownerCommands()).toHaveLength(before + 4);
  });
});
