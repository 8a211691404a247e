import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/core/db';
import { withStatementTimeout } from '../../server/core/db/statement-timeout';
import type { TestDatabase } from '../api/helpers/database';
import { buildFleet } from './fleet-world';
import { benchApp, compareLatency, log, loginAs, type Backend, type LatencyFigure, type NamedCall } from './monitoring-common';

/**
 * The complaint list at scale (issue 13): p99 of a list page with filters and sorting, and of a keyword search over
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
}

export async function complaintListLatency(backend: Backend): Promise<LatencyFigure[]> {
  const now = new Date();
  const small = await buildWorld(backend, SMALL, now);
  const big = await buildWorld(backend, BIG, now);
  try {
    return await compareLatency(backend.label, {
      reference: small.calls,
      ours: big.calls,
      sizes: { reference: SMALL, ours: BIG },
    });
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
  return { database, app, calls };
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
  await db.execute(sql`ANALYZE complaints`);
  await db.execute(sql`ANALYZE complaint_messages`);
}
