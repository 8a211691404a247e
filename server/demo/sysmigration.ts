import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../core/db';
import { hashDeviceKey } from '../monitoring/ingest/device-keys';
import { confirmMigration, runMigration, startMigration } from '../sysmigration/service';
import { demoMinutes, demoMoment } from './time';

/** The system the demo's data migration moved into, and the one it replaced (same house, same family). */
const NEW_SN = 'ESS2024A0002';
const OLD_SN = 'ESS2020B0417';

/**
 * A past data migration: the parents' house in Freiburg (ESS2024A0002) replaced a system of 2020 whose inverter
 * failed; the servicer moved its three years of energy and its faults to the new S/N and confirmed it. The old system
 * stays in the fleet, offline, with nothing of its own left; the new one's lifetime figures start in 2020.
 * Done through the migration's own service, so its rows are what the screen shows for any migration.
 */
export async function seedSysMigrationDemo(db: Database, { now }: { now: Date }): Promise<void> {
  const [target] = await queryRows<{ id: number; commissioned_on: string | null; time_zone: string }>(
    db,
    sql`SELECT id, commissioned_on::text, time_zone FROM systems WHERE sys_sn = ${NEW_SN}`,
  );
  const [done] = await queryRows<{ id: number }>(db, sql`SELECT id FROM systems WHERE sys_sn = ${OLD_SN}`);
  if (!target?.commissioned_on || done) return;
  const [servicer] = await queryRows<{ id: number }>(db, sql`SELECT id FROM users WHERE username = 'servicer'`);
  if (!servicer) return;
  // Its life: three years up to the week before the replacement was commissioned.
  const last = sql`(${target.commissioned_on}::date - 6)`;
  const first = sql`(${target.commissioned_on}::date - 6 - 3 * 365)`;
  const [old] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO systems (sys_sn, sys_name, popv, minv, poinv, cobat, mbat, surpluscobat, uscapacity, trans_frequency, site_kind,
                             latitude, longitude, address, postcode, city, country_code, time_zone, installer_company_id,
                             customer_user_id, commissioned_on, currency, ems_status, device_key_hash, last_seen_at, created_at)
        SELECT ${OLD_SN}, sys_name, 5.2, 'ESS-H5 Hybrid', 5, 9.6, 'CW-LFP 4.8', 8.64, 90, 300, site_kind, latitude, longitude, address,
               postcode, city, country_code, time_zone, installer_company_id, customer_user_id, ${first}, currency, 'offline',
               ${hashDeviceKey(randomBytes(24).toString('base64url'))}, (${last} + time '17:40') AT TIME ZONE time_zone,
               (${first} + time '10:00') AT TIME ZONE time_zone
          FROM systems WHERE id = ${target.id}
        RETURNING id`,
  );
  // Its days: PV after the season of a 5.2 kWp roof in Freiburg, a family's load heavier in winter.
  await db.execute(sql`
    INSERT INTO energy_daily (system_id, day, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, self_consumption_kwh, samples)
    SELECT ${old!.id}, d, pv, load, round((pv * 0.18)::numeric, 3), round((pv * 0.162)::numeric, 3),
           round(greatest(load - least(pv * 0.6, load) - pv * 0.162, 0)::numeric, 3),
           round(greatest(pv - least(pv * 0.6, load) - pv * 0.18, 0)::numeric, 3), round(least(pv * 0.6, load)::numeric, 3), 288
      FROM (SELECT d::date AS d,
                   round((5.2 * (2.4 + 2.0 * cos(2 * pi() * (extract(doy FROM d) - 172) / 365.25)) * (0.75 + 0.25 * abs(sin(extract(doy FROM d) * 7.3))))::numeric, 3)::float8 AS pv,
                   round((10.5 + 2.5 * cos(2 * pi() * (extract(doy FROM d) - 15) / 365.25))::numeric, 3)::float8 AS load
              FROM generate_series(${first}, ${last}, interval '1 day') d) days`);
  await db.execute(sql`
    INSERT INTO energy_monthly (system_id, month, pv_kwh, load_kwh, charge_kwh, discharge_kwh, import_kwh, export_kwh, self_consumption_kwh, samples)
    SELECT system_id, date_trunc('month', day)::date, sum(pv_kwh), sum(load_kwh), sum(charge_kwh), sum(discharge_kwh), sum(import_kwh),
           sum(export_kwh), sum(self_consumption_kwh), sum(samples)
      FROM energy_daily WHERE system_id = ${old!.id} GROUP BY 1, 2`);
  // A hot summer's warnings, and the inverter failure that ended it.
  await db.execute(sql`
    INSERT INTO system_faults (system_id, code, level, description, started_at, ended_at)
    SELECT ${old!.id}, f.code, f.level, f.description, (f.day + f.at) AT TIME ZONE s.time_zone, (f.day + f.until) AT TIME ZONE s.time_zone
      FROM systems s, (VALUES
        ('W204', 'warning', 'Battery temperature high', ${last} - 160, time '14:10', time '16:45'),
        ('W204', 'warning', 'Battery temperature high', ${last} - 158, time '13:35', time '17:05'),
        ('E301', 'fault', 'Inverter IGBT failure', ${last}, time '11:20', time '17:40')
      ) AS f(code, level, description, day, at, until)
     WHERE s.id = ${old!.id}`);
  const actor = { id: servicer.id, username: 'servicer', roles: ['servicer'], menuDenied: [], sessionId: 'demo', address: '127.0.0.1' };
  const started = demoMoment(now, 40, 'sysmigration.start');
  const at = (ms: number) => () => new Date(started.getTime() + ms);
  const migration = await startMigration(db, actor, { old_sn: OLD_SN, new_sn: NEW_SN }, started, async () => {});
  await runMigration(db, migration.id, at(demoMinutes('sysmigration.run', 4)));
  // Confirmed the next morning, once the family's charts looked right.
  await confirmMigration(db, actor, migration.id, demoMoment(now, 39, 'sysmigration.confirm', [7, 10]));
}
