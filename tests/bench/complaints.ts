import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/core/db';
import { vacuumComplaintTables } from '../../server/complaints/maintenance';
import { withStatementTimeout } from '../../server/core/db/statement-timeout';
import type { TestDatabase } from '../api/helpers/database';
import { buildFleet } from './fleet-world';
import { benchApp, compareLatency, log, loginAs, type Backend, type LatencyFigure, type NamedCall } from './monitoring-common';

/**
 * The complaint list at scale: p99 of a list page with filters and sorting, and of a keyword search over
 * the complaints and their messages, with 100,000 complaints (two messages each) against the same calls with 1,000.
 * Both worlds are the 60-system demo fleet with complaints made by the same generator, and differ only in their
 * number; the phrases searched for are planted in the same few complaints of both, so both searches find the same
 * rows and what grows is only what the search must not read.
 */
const BIG = 100_000;
const SMALL = 1_000;
/** Complaints whose texts hold the searched phrases, in both worlds. */
const PLANTED = 5;

interface World {
  database: TestDatabase;
  app: FastifyInstance;
  calls: NamedCall[];
  statement: NamedCall;
  /** The complaints filed in the statement's month. */
  inMonth: number;
}

/** A figure with the ratio its budget allows, where it is not the list's usual one. */
export type ComplaintFigure = LatencyFigure & { budgetRatio?: number };

/** The statement's budget over what its months hold: what must not cost is the years of complaints before them. */
const STATEMENT_BUDGET = 1.5;

export async function complaintListLatency(backend: Backend): Promise<ComplaintFigure[]> {
  const now = new Date();
  const small = await buildWorld(backend, SMALL, now);
  const big = await buildWorld(backend, BIG, now);
  try {
    const list = await compareLatency(backend.label, {
      reference: small.calls,
      ours: big.calls,
      sizes: { reference: SMALL, ours: BIG },
    });
    // Both worlds file a complaint every 15 minutes back from now, so the big one holds more of this month (all
    // of its days, where the small one's 1,000 span 10 days): the statement must grow with those, not with the
    // years before. Fewer requests: one statement reads every complaint of its month.
    const [statement] = await compareLatency(
      backend.label,
      { reference: [small.statement], ours: [big.statement], sizes: { reference: SMALL, ours: BIG } },
      { requests: 20 },
    );
    const monthRatio = big.inMonth / small.inMonth;
    log(`${backend.label}: the statement's month holds ${big.inMonth} vs ${small.inMonth} complaints (${monthRatio.toFixed(2)}×)`);
    return [
      ...list,
      {
        ...statement!,
        call: `${statement!.call} (budget ${STATEMENT_BUDGET}× its month's ${monthRatio.toFixed(2)}× complaints)`,
        budgetRatio: STATEMENT_BUDGET * monthRatio,
      },
    ];
  } finally {
    for (const world of [small, big]) {
      await world.app.close();
      await world.database.close();
    }
  }
}

async function buildWorld(backend: Backend, count: number, now: Date): Promise<World> {
  const started = performance.now();
  const database = await buildFleet(backend, { size: 60, rawDays: 0 }, now);
  await addComplaints(database, count, now);
  log(
    `${backend.label}: ${count.toLocaleString('en')} complaints, ${(2 * count).toLocaleString('en')} messages, built in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const app = await benchApp(database.db, now);
  const servicer = await loginAs(app, 'servicer');
  const list = (body: Record<string, unknown>) => () =>
    servicer('/api/Complaints/GetComplaintPageList', { pageIndex: 1, pageSize: 20, ...body });
  const newest = [{ field: 'created_at', order: 'desc' }];
  const calls: World['calls'] = [
    {
      name: 'complaint list page (open statuses, one type, newest first)',
      run: list({ status: ['accepted', 'processing', 'forwarded'], type: 'battery', sort: newest }),
    },
    { name: 'complaint keyword search in a reply (Latin)', run: list({ keyword: 'handshake timeout f9z', sort: newest }) },
    { name: 'complaint keyword search in a description (Chinese)', run: list({ keyword: '风扇异响严重', sort: newest }) },
  ];
  // The searches must find the planted complaints, and only them: a search that finds nothing is fast for nothing.
  for (const call of calls.slice(1)) {
    const page = (await call.run()) as { dataCount: number };
    if (page.dataCount !== PLANTED) throw new Error(`${call.name}: found ${page.dataCount} complaints, planted ${PLANTED}`);
  }
  // The statistical statement of this month, by type (staff's usual view).
  const month = now.toISOString().slice(0, 7);
  const statement: NamedCall = {
    name: 'statistical statement of this month by type',
    run: () => servicer('/api/Complaints/GetStatisticalStatement', { from: month, to: month, groupBy: 'type' }),
  };
  const figures = (await statement.run()) as { rows: Array<{ group: string | null; complaints_in: number }> };
  const inMonth = figures.rows.find((row) => row.group === null)!.complaints_in;
  return { database, app, calls, statement, inMonth };
}

/**
 * `count` complaints on the fleet's systems in every status, type and priority (each combination alike often: the
 * columns are not correlated), over three years, with a comment
 * and a reply each, in English, German, Chinese and Japanese; the first PLANTED of them hold the searched phrases.
 * Bulk SQL, as the fleet's history is: through the API it would take the bench longer than the figures.
 */
export async function addComplaints(database: TestDatabase, count: number, now: Date) {
  // Bulk statements of a bench world may take longer than an interactive call's statement timeout.
  await withStatementTimeout(database.db, 0, (db) => insertComplaints(db, count, now));
  // As the nightly maintenance job leaves the tables (PGlite has no autovacuum; VACUUM runs outside a transaction).
  await vacuumComplaintTables(database.db);
}

async function insertComplaints(db: Database, count: number, now: Date) {
  await db.execute(sql`
    WITH fleet AS (SELECT sys_sn, row_number() OVER (ORDER BY sys_sn) - 1 AS n, count(*) OVER () AS size FROM systems)
    INSERT INTO complaints (title, description, type, sys_sn, contact_email, priority, status, team, processor, created_by, created_at, updated_at)
    SELECT (ARRAY['Battery stops charging', 'Inverter fan is loud', 'App shows no data', 'Meter offline', 'Backup box does not switch',
                  'PV yield too low', '电池不充电', '逆变器报警', 'Wechselrichter piept', 'アプリにデータがない'])[1 + g % 10] || ' ' || g,
           (ARRAY['Since Monday the battery stays at 20 % all day.', 'The fan runs at full speed at night.',
                  'The portal shows the last value of yesterday.', 'Der Zähler meldet sich seit dem Update nicht mehr.',
                  '停电时备用电源没有切换。', '夏天的发电量比去年低很多。', 'ファームウェア更新後に通信が切れる。',
                  'Error W201 comes back every morning.'])[1 + (g / 10) % 8]
             || CASE WHEN g <= ${PLANTED} THEN ' 逆变器风扇异响严重，晚上无法入睡。' ELSE '' END || ' ' || md5(g::text),
           (ARRAY['battery', 'inverter', 'meter', 'monitoring', 'ems', 'app', 'backupBox', 'other'])[1 + g % 8],
           fleet.sys_sn, 'owner@example.com', (ARRAY['high', 'normal', 'low'])[1 + (g / 128) % 3],
           (ARRAY['new', 'accepted', 'processing', 'forwarded', 'waitingConfirmation', 'confirmed', 'notConfirmed', 'toBeVerified',
                  'verifying', 'verificationCompleted', 'completed', 'evaluated', 'waitingArchive', 'archived', 'reopened', 'rejected'])[1 + (g / 8) % 16],
           CASE WHEN (g / 8) % 16 = 3 THEN 'rnd' END, CASE WHEN (g / 8) % 16 <> 0 THEN 'servicer' END, 'customer',
           ${now.toISOString()}::timestamptz - make_interval(mins => (g * 15) % (3 * 365 * 1440)),
           ${now.toISOString()}::timestamptz - make_interval(mins => (g * 15) % (3 * 365 * 1440))
      FROM generate_series(1, ${count}) AS g
      JOIN fleet ON fleet.n = (g * 7919) % fleet.size`);
  await db.execute(sql`
    INSERT INTO complaint_messages (complaint_id, kind, author, author_side, content, created_at)
    SELECT c.id, m.kind, m.author, m.side,
           CASE WHEN m.kind = 'comment'
                THEN (ARRAY['Please restart the inverter and send a photo of the display.', 'Bitte senden Sie ein Foto des Typenschilds.',
                            '请提供系统序列号和故障照片。', '現場の写真を送ってください。'])[1 + c.id % 4]
                ELSE (ARRAY['Done, the photo is attached.', 'Das Foto ist im Anhang.', '照片已附上。', '写真を添付しました。'])[1 + c.id % 4]
                     || CASE WHEN c.id <= ${PLANTED} THEN ' The log shows a BMS handshake timeout F9Z at 03:00.' ELSE '' END
           END,
           c.created_at + make_interval(hours => m.after)
      FROM complaints c
      CROSS JOIN (VALUES ('comment', 'servicer', 'staff', 2), ('reply', 'customer', 'customer', 5)) AS m(kind, author, side, after)`);
  // Each complaint that moved on got there in one step three hours after filing (its history, which the clocks and the
  // statement read, and its last change).
  await db.execute(sql`
    INSERT INTO workflow_history (entity, record_id, action, from_state, to_state, username, created_at)
    SELECT 'complaint', c.id,
           CASE WHEN c.status IN ('completed', 'evaluated', 'waitingArchive', 'archived') THEN 'complete'
                WHEN c.status = 'rejected' THEN 'reject' ELSE 'accept' END,
           'new', c.status, 'servicer', least(c.created_at + interval '3 hours', ${now.toISOString()}::timestamptz)
      FROM complaints c WHERE c.status <> 'new'`);
  await db.execute(sql`
    UPDATE complaints SET updated_at = least(created_at + interval '3 hours', ${now.toISOString()}::timestamptz) WHERE status <> 'new'`);
}
