import { createHash } from 'node:crypto';
import { asc, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../core/db';
import { emailRules, licenses, notificationCategories, snRegistry } from '../core/db/schema';
import { systemComponents, systemFaults, systems } from '../core/db/schema/monitoring';
import { faultMails } from '../core/mail/fault-mails';
import { DEFAULT_PORTAL_URL } from '../core/mail/links';
import { deliverDueMails, queueMails } from '../core/mail/outbox';
import { DEMO_HOME_MARKET } from './monitoring/fleet';
import { demoMoment } from './time';

/**
 * The administration part of the demo, seeded by `npm start` on an empty database after the
 * monitoring demo (server/boot.ts): licenses, the S/N registry (the demo fleet's S/Ns and free stock),
 * e-mail notification categories and delivery rules, the mails they produced, and the menu tree. Kept out of `seedDemo`, which every
 * API test runs. Runs once: a database that already has licenses is left alone.
 */
const DAY_MS = 86_400_000;

function day(now: Date, offsetDays: number): string {
  return new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

/** The check code printed on a unit's label next to its S/N: six letters and digits derived from the S/N. */
export function demoCheckCode(sn: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const digest = createHash('sha256').update(`check:${sn}`).digest();
  return Array.from({ length: 6 }, (_, i) => alphabet[digest[i]! % alphabet.length]).join('');
}

export async function seedAdminDemo(
  db: Database,
  { now, portalUrl = DEFAULT_PORTAL_URL }: { now: Date; portalUrl?: string },
): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(licenses);
  if (Number(existing?.n ?? 0) > 0) return;
  await seedLicenses(db, now);
  await seedSerialNumbers(db, now);
  await seedEmailRules(db, now);
  await seedFaultMails(db, now, portalUrl);
}

/**
 * The mails the rules produced for the fleet's faults still open, as the outbox of a portal without a
 * mail server holds them (the demo sends nothing): the 'Sent e-mails' tab shows what would have gone out.
 */
async function seedFaultMails(db: Database, now: Date, portalUrl: string): Promise<void> {
  const open = await db
    .select({ fault: systemFaults, system: systems })
    .from(systemFaults)
    .innerJoin(systems, eq(systems.id, systemFaults.systemId))
    .where(isNull(systemFaults.endedAt));
  for (const { fault, system } of open) {
    await queueMails(db, await faultMails(db, system, [fault], portalUrl, now), fault.startedAt);
  }
  await deliverDueMails(db, undefined, '', now);
}

async function seedLicenses(db: Database, now: Date): Promise<void> {
  // Issued during someone's working day (each licence has its own day), not all at the minute the demo was seeded.
  const at = (daysAgo: number) => demoMoment(now, daysAgo, `license:${daysAgo}`);
  const rows: (typeof licenses.$inferInsert)[] = [
    // Held by the demo installer and the demo service partner (their companies in server/demo/users.ts).
    {
      license_key: 'INST-IT-2025-0417',
      company: 'Sole Impianti S.r.l.',
      license_type: 'installer',
      expires_at: day(now, 540),
      assigned_user: 'installer',
      remark: 'Framework contract Lombardy 2025–2027',
      created_at: at(220),
    },
    {
      license_key: 'SVCP-NL-2025-0032',
      company: 'ZonService B.V.',
      license_type: 'servicepartner',
      expires_at: day(now, 400),
      assigned_user: 'servicepartner',
      remark: 'Service area NL, BE, DE-NRW',
      created_at: at(200),
    },
    // Issued to the fleet's installer companies, waiting for their accounts.
    {
      license_key: 'INST-DE-2025-0121',
      company: 'SonnenDach Montage GmbH',
      license_type: 'installer',
      expires_at: day(now, 610),
      remark: '',
      created_at: at(180),
    },
    {
      license_key: 'INST-NL-2025-0088',
      company: 'Zon & Dak Installatie B.V.',
      license_type: 'installer',
      expires_at: day(now, 480),
      remark: '',
      created_at: at(160),
    },
    {
      license_key: 'INST-AT-2025-0203',
      company: 'Alpen Solartechnik GmbH',
      license_type: 'installer',
      expires_at: day(now, 330),
      remark: 'Also covers Switzerland',
      created_at: at(150),
    },
    {
      license_key: 'INST-GB-2025-0310',
      company: 'Helios Home Energy Ltd',
      license_type: 'installer',
      expires_at: day(now, 700),
      remark: '',
      created_at: at(120),
    },
    {
      license_key: 'INST-JP-2025-0056',
      company: 'Kansai Solar K.K.',
      license_type: 'installer',
      expires_at: day(now, 25),
      remark: 'Renewal requested',
      created_at: at(340),
    },
    {
      license_key: 'INST-CN-2025-0142',
      company: 'Sunrise PV Engineering Co., Ltd.',
      license_type: 'installer',
      expires_at: day(now, 450),
      remark: 'Shanghai and Jiangsu',
      created_at: at(260),
    },
    {
      license_key: 'INST-AU-2026-0011',
      company: 'Southern Cross Solar Pty Ltd',
      license_type: 'installer',
      expires_at: day(now, 720),
      remark: '',
      created_at: at(30),
    },
    {
      license_key: 'INST-US-2026-0004',
      company: 'Pacific Home Solar Inc.',
      license_type: 'installer',
      expires_at: day(now, 690),
      remark: 'Pilot, California only',
      created_at: at(12),
    },
    {
      license_key: 'SVCP-DE-2026-0007',
      company: 'Nordlicht Service GmbH',
      license_type: 'servicepartner',
      expires_at: day(now, 365),
      remark: '',
      created_at: at(9),
    },
    // Ran out: refused when someone tries to register with it (code 38).
    {
      license_key: 'INST-ZA-2024-0019',
      company: 'Cape Sun Energy (Pty) Ltd',
      license_type: 'installer',
      expires_at: day(now, -45),
      remark: 'Expired, renewal not yet paid',
      created_at: at(410),
    },
  ];
  await db
    .insert(licenses)
    .values(rows.map((r) => ({ created_by: 'admin', updated_at: r.created_at, ...r })))
    .onConflictDoNothing();
}

async function seedSerialNumbers(db: Database, now: Date): Promise<void> {
  const fleet = await db
    .select({ id: systems.id, sn: systems.sysSn, commissionedOn: systems.commissionedOn, createdAt: systems.createdAt })
    .from(systems)
    .orderBy(asc(systems.id));
  const components = await db.select().from(systemComponents).orderBy(asc(systemComponents.id));
  const rows: (typeof snRegistry.$inferInsert)[] = [];
  const add = (sn: string, product_type: string, model: string, production_date: string, state: string, createdDaysAgo: number) =>
    rows.push({
      sn: sn.toUpperCase(),
      check_code: demoCheckCode(sn.toUpperCase()),
      product_type,
      model,
      production_date,
      state,
      created_by: 'sncreator',
      created_at: demoMoment(now, createdDaysAgo, `sn:${sn}`),
      updated_at: demoMoment(now, createdDaysAgo, `sn:${sn}`),
    });
  // A unit is built some weeks before its system is commissioned.
  const builtBefore = (commissionedOn: string | null, weeks: number) => {
    const base = commissionedOn ? new Date(`${commissionedOn}T00:00:00Z`) : now;
    return new Date(base.getTime() - weeks * 7 * DAY_MS).toISOString().slice(0, 10);
  };
  const daysAgo = (date: string) => Math.max(1, Math.round((now.getTime() - new Date(`${date}T00:00:00Z`).getTime()) / DAY_MS));
  const bySystem = new Map<number, (typeof components)[number][]>();
  for (const c of components) (bySystem.get(c.systemId) ?? bySystem.set(c.systemId, []).get(c.systemId)!).push(c);

  for (const [i, system] of fleet.entries()) {
    const built = builtBefore(system.commissionedOn, 6 + (i % 5));
    // One system is being moved to a new site; the rest are in the field.
    const state = i === 7 ? 'moving' : 'installed';
    const parts = bySystem.get(system.id) ?? [];
    const inverter = parts.find((p) => p.kind === 'inverter');
    add(system.sn, 'system', inverter?.model ?? '', built, state, daysAgo(built) - 2);
    for (const part of parts) {
      if (part.kind !== 'inverter' && part.kind !== 'battery') continue;
      // A battery batch with a known BMS issue is kept from firmware upgrades.
      const banned = part.kind === 'battery' && i % 17 === 3;
      add(part.sn, part.kind, part.model, built, banned ? 'banned' : state, daysAgo(built));
    }
  }

  // Free stock in the warehouse, recently produced.
  const stock: [string, string, string][] = [
    ['inverter', 'INV', 'ESS-H5 Hybrid'],
    ['inverter', 'INV', 'ESS-H10 Hybrid'],
    ['battery', 'BAT', 'LFP-5.0 HV'],
    ['battery', 'BAT', 'CW-LFP 6.6'],
    ['system', 'ESS2026B', 'ESS-H8 Hybrid'],
  ];
  let serial = 1;
  for (const [type, prefix, model] of stock) {
    for (let n = 0; n < 3; n++, serial++) {
      const produced = day(now, -(4 + serial * 3));
      const sn =
        prefix === 'ESS2026B' ? `${prefix}${String(serial).padStart(4, '0')}` : `${prefix}9${String(70000 + serial * 37).padStart(5, '0')}`;
      add(sn, type, model, produced, 'free', daysAgo(produced) - 1);
    }
  }
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.sn) && seen.add(r.sn));
  for (let i = 0; i < unique.length; i += 500)
    await db
      .insert(snRegistry)
      .values(unique.slice(i, i + 500))
      .onConflictDoNothing();
}

async function seedEmailRules(db: Database, now: Date): Promise<void> {
  const categories = [
    { category_code: 'system_fault', name: 'System fault', description: 'A system reports a fault or a protection event.' },
    { category_code: 'system_offline', name: 'System offline', description: 'A system has not reported for more than two hours.' },
    {
      category_code: 'battery_warning',
      name: 'Battery warning',
      description: 'Cell imbalance, high temperature or a low state of health.',
    },
    {
      category_code: 'firmware_release',
      name: 'Firmware release',
      description: 'A new firmware version is available for installed systems.',
    },
    {
      category_code: 'license_expiry',
      name: 'License expiry',
      description: 'An installer or service-partner license runs out within 30 days.',
    },
    { category_code: 'monthly_report', name: 'Monthly report', description: 'The monthly energy report of a system.' },
    // The complaint mails (server/complaints/mail.ts): a new complaint goes to those these rules name.
    { category_code: 'complaint_new', name: 'New complaint', description: 'A customer or their installer files a complaint.' },
  ];
  await db
    .insert(notificationCategories)
    .values(
      categories.map((c, i) => {
        const at = demoMoment(now, 200 - i * 7, `category:${c.category_code}`);
        return { ...c, created_by: 'admin', created_at: at, updated_at: at };
      }),
    )
    .onConflictDoNothing();
  const rules: (typeof emailRules.$inferInsert)[] = [
    { category_code: 'system_fault', recipient_kind: 'role', recipient_value: 'servicer', country: '', remark: 'Service center on duty' },
    {
      category_code: 'system_fault',
      recipient_kind: 'role',
      recipient_value: 'servicepartner',
      country: 'NL',
      remark: 'ZonService covers the Netherlands',
    },
    {
      category_code: 'system_fault',
      recipient_kind: 'address',
      recipient_value: 'alarms@ess-portal.example',
      country: '',
      remark: 'Ticket system',
    },
    {
      category_code: 'system_offline',
      recipient_kind: 'role',
      recipient_value: 'installer',
      country: '',
      remark: 'The installer of the system',
    },
    { category_code: 'system_offline', recipient_kind: 'country', recipient_value: 'DE', country: 'DE', remark: 'German hotline' },
    { category_code: 'battery_warning', recipient_kind: 'role', recipient_value: 'fasw', country: '', remark: 'Factory after-sales' },
    {
      category_code: 'battery_warning',
      recipient_kind: 'role',
      recipient_value: 'supplier',
      country: '',
      remark: 'Battery maker of the module',
      enabled: false,
    },
    { category_code: 'firmware_release', recipient_kind: 'role', recipient_value: 'dev', country: '', remark: '' },
    {
      category_code: 'firmware_release',
      recipient_kind: 'role',
      recipient_value: 'dasw',
      country: DEMO_HOME_MARKET,
      remark: 'Domestic after-sales',
    },
    {
      category_code: 'license_expiry',
      recipient_kind: 'address',
      recipient_value: 'licensing@ess-portal.example',
      country: '',
      remark: '',
    },
    { category_code: 'monthly_report', recipient_kind: 'role', recipient_value: 'customer', country: '', remark: 'Owners of each system' },
    {
      category_code: 'complaint_new',
      recipient_kind: 'role',
      recipient_value: 'servicer',
      country: '',
      remark: 'First line takes new complaints',
    },
    {
      category_code: 'complaint_new',
      recipient_kind: 'role',
      recipient_value: 'dasw',
      country: DEMO_HOME_MARKET,
      remark: 'Domestic after-sales',
    },
  ];
  await db.insert(emailRules).values(
    rules.map((r, i) => {
      const at = demoMoment(now, 150 - i * 6, `rule:${i}`);
      return { enabled: true, created_by: 'admin', created_at: at, updated_at: at, ...r };
    }),
  );
}
