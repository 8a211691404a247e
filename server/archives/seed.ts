import { count, eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { customerRecords as recordsDeclaration, RECORD_KINDS, type RecordKind } from '../../resources/customerRecords';
import { queryRows, type Database } from '../core/db';
import { customerArchives, customerRecords, uploads, users } from '../core/db/schema';
import type { Storage } from '../core/storage';
import { reportPdf } from '../complaints/demo-files';
import { stateOfCity } from '../reference/service';

/**
 * The demo customer archives (issue 14 point 7): a dozen customer files on the demo fleet (the demo customer's and
 * the demo installer's systems first, so that those users' screens show them), each with a few visit, phone, mail and
 * processing records and remarks by the after-sales staff, one carrying a small real file (a visit report, PDF).
 */

const PEOPLE = [
  ['Anna Schmidt', 'Hauptstraße 12'],
  ['Lukas Weber', 'Lindenweg 3'],
  ['Sofia Rossi', 'Via Roma 21'],
  ['Jan de Vries', 'Keizersgracht 88'],
  ['Marie Dubois', 'Rue de la Paix 5'],
  ['Wang Fang', '中山路 18号'],
  ['Emma Johnson', '14 Baker Street'],
  ['Paul Becker', 'Bergstraße 40'],
  ['Laura García', 'Calle Mayor 7'],
  ['Tanaka Yui', '桜町 2-4-1'],
  ['Max Müller', 'Am Markt 9'],
  ['Olivia Brown', '22 Park Lane'],
] as const;

const NOTES: Readonly<Record<RecordKind, readonly string[]>> = {
  visit: [
    'On-site check of the battery and the wiring; all connectors tight, firmware up to date.',
    'Commissioning visit with the installer: owner shown the app.',
  ],
  phone: [
    'Customer called: the battery stays at 20 % in the mornings. Explained the low-temperature protection.',
    'Called back after the firmware update: charging normal again.',
  ],
  mail: ['Sent the warranty certificate and the service report by mail.', 'Customer asked by e-mail for the annual yield report; sent.'],
  processing: ['Remote firmware update of the BMS scheduled for the night.', 'Replacement meter ordered from the warehouse.'],
  remark: ['Prefers calls after 17:00.', 'Has a second system planned for the garage.'],
};
const STAFF = ['servicer', 'fasw', 'dasw'] as const;

/** 'Laura García' → laura.garcia@example.com. */
const emailOf = (name: string) =>
  `${name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '.')}@example.com`;

const day = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The demo archives, unless the database has archives already; `now` is the demo's present. */
export async function seedArchivesDemo(db: Database, { now, storage }: { now: Date; storage: Storage }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(customerArchives);
  if (Number(existing?.n ?? 0) > 0) return;
  const systems = await queryRows<{
    sys_sn: string;
    customer_user_id: number | null;
    country_code: string;
    postcode: string;
    city: string;
    latitude: number;
    longitude: number;
    address: string;
    mbat: string;
    installer: string | null;
    user_name: string | null;
    user_email: string | null;
    user_phone: string | null;
  }>(
    db,
    // One archive per customer: the demo customer's first system and the demo installer's first, then others.
    sql`SELECT * FROM (
          SELECT DISTINCT ON (coalesce(s.customer_user_id, -s.id)) s.sys_sn, s.customer_user_id, s.country_code, s.postcode,
                 s.city, s.latitude, s.longitude, s.address, s.mbat, c.name AS installer, nullif(u.display_name, '') AS user_name,
                 nullif(u.email, '') AS user_email, nullif(u.phone, '') AS user_phone,
                 (s.customer_user_id = (SELECT id FROM users WHERE username = 'customer')) AS own,
                 (s.installer_company_id = (SELECT installer_company_id FROM users WHERE username = 'installer')) AS installed
          FROM systems s LEFT JOIN installer_companies c ON c.id = s.installer_company_id
          LEFT JOIN users u ON u.id = s.customer_user_id
          ORDER BY coalesce(s.customer_user_id, -s.id), s.sys_sn) one
        ORDER BY own DESC NULLS LAST, installed DESC NULLS LAST, sys_sn
        LIMIT ${PEOPLE.length}`,
  );
  const [servicer] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'servicer')).limit(1);
  let fileAttached = false;
  for (const [i, system] of systems.entries()) {
    // A customer with a portal account is filed under the name, e-mail and phone of the account.
    const name = system.user_name ?? PEOPLE[i]![0];
    const street = PEOPLE[i]![1];
    const [archive] = await db
      .insert(customerArchives)
      .values({
        name,
        contact: name,
        phone: system.user_phone ?? `+49 30 ${String(5550100 + i)}`,
        email: system.user_email ?? emailOf(name),
        address: system.address || street,
        area: system.country_code === 'DE' ? 'DACH' : 'Europe',
        country: system.country_code,
        // The state the reference data gives the system's town (the archive form's pickers); '' where it has none.
        state: await stateOfCity(system.country_code, system.city, {
          latitude: Number(system.latitude),
          longitude: Number(system.longitude),
        }),
        city: system.city,
        postcode: system.postcode || String(10115 + i),
        remarks: i % 3 === 0 ? 'Key account: answer within a day.' : '',
        installer_company: system.installer ?? '',
        installer_contact: system.installer ? 'Service desk' : '',
        license: `CUST-${String(2026001 + i)}`,
        sys_sn: system.sys_sn,
        inverter_sn: `INV${system.sys_sn.slice(-8)}`,
        battery_model: system.mbat,
        user_id: system.customer_user_id,
        created_by: 'servicer',
        created_at: new Date(now.getTime() - (200 - i * 10) * 86_400_000),
        updated_at: now,
      })
      .returning({ id: customerArchives.id });
    // Two to four records each, the newest a few days ago.
    const kinds = RECORD_KINDS.slice(0, 2 + (i % 3)).concat(i % 4 === 0 ? ['remark'] : []);
    for (const [k, kind] of kinds.entries()) {
      const recordDate = day(now, 1 + i + k * 6);
      const [record] = await db
        .insert(customerRecords)
        .values({
          archive_id: archive!.id,
          kind,
          record_date: recordDate,
          person: STAFF[(i + k) % STAFF.length]!,
          contents: NOTES[kind][(i + k) % 2]!,
          sys_sn: system.sys_sn,
          created_by: STAFF[(i + k) % STAFF.length]!,
          created_at: new Date(`${recordDate}T09:30:00Z`),
          updated_at: new Date(`${recordDate}T09:30:00Z`),
        })
        .returning({ id: customerRecords.id });
      if (kind === 'visit' && !fileAttached) {
        fileAttached = true;
        const bytes = reportPdf(['Visit report', `Customer ${name}`, `System ${system.sys_sn}`, `Date ${recordDate}`, NOTES.visit[0]!]);
        const stored = await storage.put(Readable.from([bytes]));
        await db.insert(uploads).values({
          ownerId: servicer?.id ?? null,
          resource: recordsDeclaration.name,
          field: 'attachments',
          storageKey: stored.key,
          originalName: 'visit-report.pdf',
          mime: 'application/pdf',
          size: stored.size,
          sha256: stored.sha256,
          createdAt: new Date(`${recordDate}T09:30:00Z`),
          recordId: record!.id,
        });
      }
    }
  }
}
