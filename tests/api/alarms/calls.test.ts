import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../../server/core/db';
import { alarms, systems, users } from '../../../server/core/db/schema';
import type { TestApp } from '../helpers';
import { as, createMonitoringWorld } from '../monitoring/world';

/**
 * The fault search and the work on alarms over HTTP, on the demo world: a German system (the customer's, installed by
 * a German company) and an Italian one of the demo installer's company each get alarms; who sees, acknowledges,
 * assigns and comments which.
 */
let t: TestApp;
const GERMAN = 'ESS2024A0001';
let italian: string;
const HOUR = 3_600_000;
const period = () => ({ from: new Date(t.clock().getTime() - 48 * HOUR).toISOString(), to: t.clock().toISOString() });
const ids: Record<string, number> = {};

async function addAlarm(sn: string, name: string, values: Partial<typeof alarms.$inferInsert>) {
  const [system] = await t.db.select({ id: systems.id }).from(systems).where(eq(systems.sysSn, sn));
  const seen = new Date(t.clock().getTime() - 5 * HOUR);
  const [row] = await t.db
    .insert(alarms)
    .values({
      systemId: system!.id,
      code: 'F401',
      component: 'inverter',
      severity: 'critical',
      description: 'ISO fault',
      state: 'active',
      firstSeenAt: seen,
      lastSeenAt: seen,
      ...values,
    })
    .returning({ id: alarms.id });
  ids[name] = row!.id;
}

const list = async (username: string, search: Record<string, unknown> = {}) =>
  (await as(t, username)).post('/api/ESSMainTain/GetFaultList', { pageIndex: 1, pageSize: 50, ...period(), ...search });

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  await t.db.execute(sql`DELETE FROM alarms`);
  const [installer] = await t.db.select({ company: users.installerCompanyId }).from(users).where(eq(users.username, 'installer'));
  const [own] = await queryRows<{ sys_sn: string }>(
    t.db,
    sql`SELECT sys_sn FROM systems WHERE installer_company_id = ${installer!.company} ORDER BY sys_sn LIMIT 1`,
  );
  italian = own!.sys_sn;
  await addAlarm(GERMAN, 'iso', {});
  await addAlarm(GERMAN, 'hot', { code: 'W101', component: 'battery', severity: 'minor', occurrences: 7 });
  await addAlarm(GERMAN, 'old', {
    code: 'P301',
    component: 'grid',
    severity: 'major',
    state: 'cleared',
    firstSeenAt: new Date(t.clock().getTime() - 30 * HOUR),
    clearedAt: new Date(t.clock().getTime() - 29 * HOUR),
  });
  // Cleared before the period: not in a search of the last two days.
  await addAlarm(GERMAN, 'ancient', {
    code: 'W201',
    component: 'meter',
    severity: 'minor',
    state: 'cleared',
    firstSeenAt: new Date(t.clock().getTime() - 100 * HOUR),
    lastSeenAt: new Date(t.clock().getTime() - 99 * HOUR),
    clearedAt: new Date(t.clock().getTime() - 90 * HOUR),
  });
  await addAlarm(italian, 'italian', { code: 'F402', component: 'battery' });
}, 120_000);
afterAll(() => t.close());

describe('the fault search', () => {
  test('lists the alarms of the period, the worst first, with the count of each state', async () => {
    const { body } = await list('servicer');
    expect(body.code).toBe(200);
    const rows = body.data.data as Array<{ id: number; severity: string; sys_sn: string; code: string; installer: string | null }>;
    // The two critical ones first (the newest first among equals: they were seen at the same time, the later id first).
    expect(rows.map((r) => r.id)).toEqual([ids.italian, ids.iso, ids.old, ids.hot]);
    expect(rows.map((r) => r.severity)).toEqual(['critical', 'critical', 'major', 'minor']);
    expect(rows.map((r) => r.id)).not.toContain(ids.ancient);
    expect(body.data.counts).toEqual({ active: 3, clearing: 0, cleared: 1 });
    expect(body.data.dataCount).toBe(4);
    expect(rows.find((r) => r.id === ids.hot)).toMatchObject({ sys_sn: GERMAN, code: 'W101', occurrences: 7, state: 'active' });
  });

  test('filters by state, severity, code, S/N, country and acknowledgement; the counts follow every filter but the state', async () => {
    let { body } = await list('servicer', { states: ['active'] });
    expect(body.data.data.map((r: { id: number }) => r.id).sort()).toEqual([ids.iso, ids.hot, ids.italian].sort());
    expect(body.data.counts).toEqual({ active: 3, clearing: 0, cleared: 1 });
    expect(body.data.dataCount).toBe(3);
    ({ body } = await list('servicer', { severities: ['critical'], countryCode: 'de' }));
    expect(body.data.data.map((r: { id: number }) => r.id)).toEqual([ids.iso]);
    ({ body } = await list('servicer', { code: 'w101' }));
    expect(body.data.data.map((r: { id: number }) => r.id)).toEqual([ids.hot]);
    ({ body } = await list('servicer', { q: italian.slice(-6) }));
    expect(body.data.data.map((r: { id: number }) => r.id)).toEqual([ids.italian]);
    ({ body } = await list('servicer', { sort: [{ field: 'occurrences', order: 'desc' }] }));
    expect(body.data.data[0].id).toBe(ids.hot);
  });

  test('without a period answers 32, with one back to front 2, and a page too large 2', async () => {
    const servicer = await as(t, 'servicer');
    let { body } = await servicer.post('/api/ESSMainTain/GetFaultList', { pageIndex: 1, pageSize: 20 });
    expect(body).toMatchObject({ code: 32 });
    ({ body } = await list('servicer', { from: period().to, to: period().from }));
    expect(body).toMatchObject({ code: 2 });
    ({ body } = await list('servicer', { pageSize: 501 }));
    expect(body.code).toBe(2);
    ({ body } = await list('servicer', { severities: ['fatal'] }));
    expect(body.code).toBe(2);
  });

  test("an installer sees only their company's systems' alarms; roles without the screen get 45", async () => {
    const { body } = await list('installer');
    expect(body.data.data.map((r: { id: number }) => r.id)).toEqual([ids.italian]);
    expect(body.data.counts).toEqual({ active: 1, clearing: 0, cleared: 0 });
    for (const username of ['customer', 'servicepartner', 'supplier', 'vppmanager', 'sharer']) {
      const answer = (await list(username)).body;
      expect(answer.code, username).toBe(45);
      expect(answer.data ?? null).toBeNull();
    }
  });
});

describe('the work on an alarm', () => {
  test('acknowledging in bulk records who and the note once; those acknowledged before stay as they were', async () => {
    const servicer = await as(t, 'servicer');
    let { body } = await servicer.post('/api/Alarm/AcknowledgeAlarms', { ids: [ids.iso, ids.hot], note: 'Visit booked for Thursday' });
    expect(body.data).toEqual({ acknowledged: 2, already: 0 });
    ({ body } = await servicer.post('/api/Alarm/AcknowledgeAlarms', { ids: [ids.iso, ids.old] }));
    expect(body.data).toEqual({ acknowledged: 1, already: 1 });
    ({ body } = await servicer.post('/api/Alarm/GetAlarm', { id: ids.iso }));
    expect(body.data).toMatchObject({ acknowledged_by: 'servicer', acknowledge_note: 'Visit booked for Thursday', state: 'active' });
    expect(body.data.history.map((e: { kind: string }) => e.kind)).toEqual(['acknowledged']);
    expect((await list('servicer', { acknowledged: false })).body.data.data.map((r: { id: number }) => r.id)).toEqual([ids.italian]);
  });

  test('an alarm outside the scope is refused with 45 and nothing changes, alone or among others', async () => {
    const installer = await as(t, 'installer');
    const before = await t.db.select().from(alarms).orderBy(alarms.id);
    for (const [path, body] of [
      ['/api/Alarm/GetAlarm', { id: ids.hot }],
      ['/api/Alarm/AcknowledgeAlarms', { ids: [ids.italian, ids.hot] }],
      ['/api/Alarm/AssignAlarm', { id: ids.hot, assignee_id: null }],
      ['/api/Alarm/CommentAlarm', { id: ids.hot, note: 'mine now' }],
      ['/api/Alarm/GetAssignees', { id: ids.hot }],
      ['/api/Alarm/GetAlarm', { id: 987_654 }],
    ] as const) {
      const answer = (await installer.post(path, body)).body;
      expect(answer.code, path).toBe(45);
      expect(answer.data ?? null).toBeNull();
    }
    expect(await t.db.select().from(alarms).orderBy(alarms.id)).toEqual(before);
  });

  test('assigns to staff of the fault search who see the system, refuses anyone else (2), and takes it back', async () => {
    const servicer = await as(t, 'servicer');
    const options = (await servicer.post('/api/Alarm/GetAssignees', { id: ids.hot })).body.data as Array<{ id: number; name: string }>;
    const [dasw] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'dasw'));
    const [customer] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'customer'));
    const [installer] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'installer'));
    const optionIds = options.map((o) => o.id);
    expect(optionIds).toContain(dasw!.id);
    // The customer has no fault search; the Italian installer does not see this German system.
    expect(optionIds).not.toContain(customer!.id);
    expect(optionIds).not.toContain(installer!.id);

    let { body } = await servicer.post('/api/Alarm/AssignAlarm', { id: ids.hot, assignee_id: customer!.id });
    expect(body).toMatchObject({ code: 2 });
    expect((await servicer.post('/api/Alarm/GetAlarm', { id: ids.hot })).body.data.assignee_id).toBeNull();
    ({ body } = await servicer.post('/api/Alarm/AssignAlarm', { id: ids.hot, assignee_id: dasw!.id }));
    expect(body.data).toMatchObject({ assignee_id: dasw!.id });
    expect(body.data.assignee).toEqual(options.find((o) => o.id === dasw!.id)!.name);
    ({ body } = await servicer.post('/api/Alarm/AssignAlarm', { id: ids.hot, assignee_id: null }));
    expect(body.data.assignee_id).toBeNull();
    expect(body.data.history.map((e: { kind: string }) => e.kind)).toEqual(['acknowledged', 'assigned', 'assigned']);
  });

  test('comments go into the history; an empty or oversized one is refused and nothing is written', async () => {
    const servicer = await as(t, 'servicer');
    const { body } = await servicer.post('/api/Alarm/CommentAlarm', { id: ids.old, note: '  Grid operator confirmed a tap change  ' });
    expect(body.data.history.at(-1)).toMatchObject({ kind: 'commented', by: 'servicer', note: 'Grid operator confirmed a tap change' });
    const [{ n: before }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM alarm_events`);
    // Blank is missing (3); too long is a bad parameter (2).
    for (const [note, code] of [
      ['   ', 3],
      ['x'.repeat(2001), 2],
    ] as const)
      expect((await servicer.post('/api/Alarm/CommentAlarm', { id: ids.old, note })).body.code).toBe(code);
    expect((await servicer.post('/api/Alarm/AcknowledgeAlarms', { ids: [] })).body.code).toBe(3);
    expect((await servicer.post('/api/Alarm/AcknowledgeAlarms', { ids: Array.from({ length: 501 }, (_, i) => i + 1) })).body.code).toBe(2);
    const [{ n: after }] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM alarm_events`);
    expect(after).toBe(before);
  });
});

describe('the export', () => {
  test("holds the list's rows for the same search, in its order, in the caller's language; 8 when empty", async () => {
    const search = { ...period(), states: ['active', 'cleared'] };
    const listed = (await list('servicer', search)).body.data.data as Array<{ sys_sn: string; code: string; occurrences: number }>;
    await t.db.update(users).set({ languageCode: 'de-DE' }).where(eq(users.username, 'servicer'));
    const servicer = await as(t, 'servicer');
    const response = await t.inject({
      method: 'POST',
      url: '/api/ColddataExport/ExportFaultList',
      payload: search,
      headers: { authorization: `Bearer ${servicer.token}` },
    });
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('fault-list.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Störungen');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = (sheet.getSheetValues().slice(2) as unknown[][]).map((r) => r.slice(1));
    expect(rows.map((r) => r[header.indexOf('Seriennummer')])).toEqual(listed.map((r) => r.sys_sn));
    expect(rows.map((r) => r[header.indexOf('Code')])).toEqual(listed.map((r) => r.code));
    expect(rows.map((r) => r[header.indexOf('Vorkommen')])).toEqual(listed.map((r) => r.occurrences));
    // The catalogue's title in the reader's language, not the device's words.
    const iso = listed.findIndex((r) => r.code === 'F401');
    expect(rows[iso]![header.indexOf('Störung')]).toBe('Isolationsfehler am Wechselrichter (Isolationswiderstand zu niedrig)');

    const empty = await servicer.post('/api/ColddataExport/ExportFaultList', { ...search, code: 'NOPE' });
    expect(empty.body.code).toBe(8);
  });
});
