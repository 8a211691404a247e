import { count, eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { customerRecords as recordsDeclaration, RECORD_KINDS, type RecordKind } from '../../resources/customerRecords';
import { queryRows, type Database } from '../core/db';
import { customerArchives, customerRecords, uploads, users } from '../core/db/schema';
import type { Storage } from '../core/storage';
import { reportPdf } from './complaint-files';
import { stateOfCity } from '../reference/service';
import { demoMoment } from './time';
import { DEMO_HOME_MARKET, demoOwnerName } from './monitoring/fleet';
import { demoPhone, PLACES } from './monitoring/places';

/**
 * The demo customer archives: a dozen customer files on the demo fleet (the demo customer's and
 * the demo installer's systems first, so that those users' screens show them, then one system per country), each
 * with a few visit, phone, mail and processing records and remarks by the after-sales staff, one carrying a small
 * real file (a visit report, PDF). Each file says what the rest of the demo says: the owner (the portal user, or the
 * person the system's name tells), the system's address and components, a phone of the town, the installer's file.
 */
const ARCHIVES = 12;

/** The sales area a country's customers belong to. */
const AREAS: Readonly<Record<string, string>> = {
  DE: 'DACH',
  AT: 'DACH',
  CH: 'DACH',
  NL: 'Benelux',
  GB: 'United Kingdom',
  IT: 'Southern Europe',
  JP: 'East Asia',
  CN: 'China',
  AU: 'Oceania',
  ZA: 'Southern Africa',
  US: 'North America',
};

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
/** Who keeps a customer's file: the service center and the after-sales team of the customer's market. */
const staffOf = (country: string) => ['servicer', country === DEMO_HOME_MARKET ? 'dasw' : 'fasw'] as const;

/** 'Laura García' → laura.garcia@mail.example. */
const emailOf = (name: string) =>
  `${name
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .replace(/ +/g, '.')}@mail.example`;

/** The demo archives, unless the database has archives already; `now` is the demo's present. */
export async function seedArchivesDemo(db: Database, { now, storage }: { now: Date; storage: Storage }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(customerArchives);
  if (Number(existing?.n ?? 0) > 0) return;
  const systems = await queryRows<{
    sys_sn: string;
    sys_name: string;
    site_kind: string;
    customer_user_id: number | null;
    country_code: string;
    postcode: string;
    city: string;
    latitude: number;
    longitude: number;
    address: string;
    mbat: string;
    inverter_sn: string | null;
    battery_model: string | null;
    installer: string | null;
    installer_contact: string | null;
    installer_phone: string | null;
    installer_email: string | null;
    installer_address: string | null;
    installer_remark: string | null;
    user_name: string | null;
    user_email: string | null;
    user_phone: string | null;
  }>(
    db,
    // One archive per customer: the demo customer's first system, then one per country (the demo installer's first in his).
    sql`SELECT * FROM (
          SELECT DISTINCT ON (coalesce(s.customer_user_id, -s.id)) s.sys_sn, s.sys_name, s.site_kind, s.customer_user_id,
                 s.country_code, s.postcode, s.city, s.latitude, s.longitude, s.address, s.mbat,
                 (SELECT sn FROM system_components WHERE system_id = s.id AND kind = 'inverter' ORDER BY id LIMIT 1) AS inverter_sn,
                 (SELECT model FROM system_components WHERE system_id = s.id AND kind = 'battery' ORDER BY id LIMIT 1) AS battery_model,
                 c.name AS installer, c.contact AS installer_contact, c.phone AS installer_phone, c.email AS installer_email,
                 c.address AS installer_address, c.remark AS installer_remark,
                 nullif(u.display_name, '') AS user_name, nullif(u.email, '') AS user_email, nullif(u.phone, '') AS user_phone,
                 (s.customer_user_id = (SELECT id FROM users WHERE username = 'customer')) AS own,
                 (s.installer_company_id = (SELECT installer_company_id FROM users WHERE username = 'installer')) AS installed
          FROM systems s LEFT JOIN installer_companies c ON c.id = s.installer_company_id
          LEFT JOIN users u ON u.id = s.customer_user_id
          ORDER BY coalesce(s.customer_user_id, -s.id), s.sys_sn) one
        ORDER BY own DESC NULLS LAST,
                 row_number() OVER (PARTITION BY country_code ORDER BY installed DESC NULLS LAST, sys_sn), sys_sn
        LIMIT ${ARCHIVES}`,
  );
  const [servicer] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'servicer')).limit(1);
  let fileAttached = false;
  for (const [i, system] of systems.entries()) {
    // A customer with a portal account is filed under the name, e-mail and phone of the account; the others under
    // the owner the system's name tells, a business under its name with the owner as contact.
    const owner =
      system.user_name ??
      demoOwnerName({ sysSn: system.sys_sn, sysName: system.sys_name, countryCode: system.country_code }) ??
      system.sys_name;
    const name = system.user_name ?? (system.site_kind === 'commercial' ? system.sys_name : owner);
    const place = PLACES.find((p) => p.countryCode === system.country_code && p.city === system.city);
    const staff = staffOf(system.country_code);
    const createdAt = demoMoment(now, 200 - i * 10, `archive:${system.sys_sn}`);
    const [archive] = await db
      .insert(customerArchives)
      .values({
        name,
        contact: owner,
        phone: system.user_phone ?? (place ? demoPhone(place, 140 + i * 7) : ''),
        email: system.user_email ?? emailOf(owner),
        address: system.address,
        area: AREAS[system.country_code] ?? '',
        country: system.country_code,
        // The state the reference data gives the system's town (the archive form's pickers); '' where it has none.
        state: await stateOfCity(system.country_code, system.city, {
          latitude: Number(system.latitude),
          longitude: Number(system.longitude),
        }),
        city: system.city,
        postcode: system.postcode,
        remarks: i % 3 === 0 ? 'Key account: answer within a day.' : '',
        // The installer's file (server/demo/installer-files.ts), as the installer's page shows it.
        installer_company: system.installer ?? '',
        installer_contact: system.installer_contact ?? '',
        installer_phone: system.installer_phone ?? '',
        installer_email: system.installer_email ?? '',
        installer_address: system.installer_address ?? '',
        installer_remark: system.installer_remark ?? '',
        license: `CUST-${String(2026001 + i)}`,
        sys_sn: system.sys_sn,
        inverter_sn: system.inverter_sn ?? '',
        battery_model: system.battery_model ?? system.mbat,
        user_id: system.customer_user_id,
        created_by: staff[0],
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning({ id: customerArchives.id });
    // Two to four records each, the newest a few days ago.
    const kinds = RECORD_KINDS.slice(0, 2 + (i % 3)).concat(i % 4 === 0 ? ['remark'] : []);
    for (const [k, kind] of kinds.entries()) {
      const at = demoMoment(now, 1 + i + k * 6, `record:${system.sys_sn}:${k}`);
      const recordDate = at.toISOString().slice(0, 10);
      const person = staff[(i + k) % staff.length]!;
      const [record] = await db
        .insert(customerRecords)
        .values({
          archive_id: archive!.id,
          kind,
          record_date: recordDate,
          person,
          contents: NOTES[kind][(i + k) % 2]!,
          sys_sn: system.sys_sn,
          created_by: person,
          created_at: at,
          updated_at: at,
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
          createdAt: at,
          recordId: record!.id,
        });
      }
    }
  }
}
