import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db';
import { electricityTariffs, systemComponents, systems, vpps } from '../../core/db/schema/monitoring';
import { installerCompanies } from '../../core/db/schema/organizations';
import { systemShares } from '../../core/db/schema/shares';
import { users } from '../../core/db/schema/users';
// The demo plays its fleet's devices with the simulator: this folder is the simulator's one production user.
import { toIngestBatches } from '../../simulator/batches';
import { FAULT_TYPES_BY_CODE } from '../../simulator/faults';
import { alignToStep, SiteSimulator } from '../../simulator/simulate';
import { demoDeviceKey, hashDeviceKey } from '../../monitoring/ingest/device-keys';
import { MAX_SAMPLES_PER_BATCH } from '../../../contract/ingest';
import { DeviceIdentities } from '../../monitoring/ingest/device-identities';
import { ingestWithDeviceKey } from '../../monitoring/ingest/service';
import { DEFAULT_RAW_RETENTION_DAYS } from '../../monitoring/retention';
import { markSilentSystemsOffline } from '../../monitoring/systems/service';
import { weatherHours } from '../../monitoring/weather/service';
import { DEMO_EXPIRED_SHARE_SN, DEMO_FLEET_SIZE, DEMO_INSTALLERS, DEMO_VPP, demoFleet, type DemoSystem } from './fleet';
import { rawHistoryStart, seedEarlyYears } from './history';
import { markDemoSeeded } from './marker';
import { DEMO_INSTALLER_AREAS, insertDemoOrganizations, linkDemoUsers, type DemoOrganizationIds } from './organizations';
import { PRICE_LEVELS } from '../../monitoring/income/price-levels';
import { siteOfSystem } from './site';
import { sweepAlarms } from '../../alarms/lifecycle';

/**
 * The monitoring part of the demo (DESIGN §8): the fleet, its components and tariffs, the expired share,
 * and 60 days of 5-minute history pushed through the device ingest service, the same code a device's HTTP
 * batch runs; with `lifetime`, before those each system's days from its commissioning as daily and
 * monthly rollups (history.ts). Runs once: a database that already has systems is left alone.
 */
export interface MonitoringSeedOptions {
  password: string;
  now: Date;
  /** Days of raw 5-minute history (60 for the demo; tests use fewer). */
  days?: number;
  /**
   * Also the years before, from each system's commissioning, as rollups; the raw history then starts at
   * a local midnight. The first start of a portal sets it; tests that need only recent data leave it off.
   */
  lifetime?: boolean;
  /** How many systems (60 for the demo). */
  size?: number;
}

const DAY_MS = 86_400_000;
const STEP_MS = 300_000;
const INITIAL_SOC = 55;
/** The fault (server/simulator/faults.ts) a system planned to end in that status has open at the end. */
const FAULT_FOR_STATUS = { warning: 'W102', fault: 'F401', protection: 'P301' } as const;

export async function seedMonitoringDemo(
  db: Database,
  { password, now, days = 60, size, lifetime = false }: MonitoringSeedOptions,
): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(systems);
  if (Number(existing?.n) > 0) return;
  const fleet = demoFleet(size);
  const userIds = await demoUserIds(db);
  const organizationIds = await insertDemoOrganizations(db, fleet);
  const installerIds = await insertInstallers(db, organizationIds);
  await linkDemoUsers(db, installerIds, organizationIds);
  const vppId = await insertVpp(db, userIds.get(DEMO_VPP.managerUsername) ?? null);

  const rows = await db
    .insert(systems)
    .values(
      fleet.map((s) =>
        demoSystemRow(s, {
          installerId: installerIds.get(s.installer) ?? null,
          customerId: s.customerUsername ? (userIds.get(s.customerUsername) ?? null) : null,
          vppId: s.inVpp ? vppId : null,
          password,
          now,
        }),
      ),
    )
    .returning();

  await db.insert(systemComponents).values(rows.flatMap((row, i) => componentsOf(row.id, fleet[i]!, organizationIds)));
  await insertCustomerTariff(db, userIds.get('customer'));
  await insertExpiredShare(db, userIds, now);

  for (const [i, row] of rows.entries()) {
    const demo = fleet[i]!;
    const start = lifetime ? rawHistoryStart(row, now, days) : alignToStep(now.getTime() - days * DAY_MS, STEP_MS);
    await weatherHours(db, row, new Date(start), new Date(now.getTime() + 2 * DAY_MS));
    if (demo.status === null) continue; // registered, never reported: status unknown
    const soc = lifetime ? await seedEarlyYears(db, row, demo.annualLoadKwh, start, INITIAL_SOC) : undefined;
    await pushHistory(db, row, demo, password, start, now, soc ?? INITIAL_SOC);
  }
  await markSilentSystemsOffline(db, now);
  // The fleet's alarms as the minute's sweep leaves them (offline ones, faults still open): the world starts settled,
  // so the first sweep after start finds nothing to change.
  await sweepAlarms(db, now);
  await markDemoSeeded(db, { size: size ?? DEMO_FLEET_SIZE, seededAt: now.toISOString() }, now);
}

async function demoUserIds(db: Database): Promise<Map<string, number>> {
  const rows = await db.select({ id: users.id, username: users.username }).from(users);
  return new Map(rows.map((r) => [r.username.toLowerCase(), r.id]));
}

async function insertInstallers(db: Database, organizationIds: DemoOrganizationIds): Promise<Map<string, number>> {
  const rows = await db
    .insert(installerCompanies)
    .values(
      DEMO_INSTALLERS.map((c) => ({
        name: c.name,
        country: c.country,
        areas: DEMO_INSTALLER_AREAS[c.name] ?? c.countries.join(', '),
        resellerId: c.reseller ? organizationIds.reseller.get(c.reseller)! : null,
        servicePartnerId: c.servicePartner ? organizationIds.servicepartner.get(c.servicePartner)! : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: installerCompanies.id, name: installerCompanies.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function insertVpp(db: Database, managerUserId: number | null): Promise<number> {
  const [row] = await db.insert(vpps).values({ name: DEMO_VPP.name, managerUserId }).returning({ id: vpps.id });
  return row!.id;
}

/** A locally administered MAC derived from the EMS's serial, as the gateways of the demo model are numbered. */
function demoMac(serial: string): string {
  const digits = serial.replace(/\D/g, '').padStart(6, '0').slice(-6);
  return `02:E5:50:${digits.slice(0, 2)}:${digits.slice(2, 4)}:${digits.slice(4, 6)}`;
}

function componentsOf(systemId: number, demo: DemoSystem, organizationIds: DemoOrganizationIds) {
  const serial = demo.sn.slice(-6);
  const modules = Math.max(1, Math.round(demo.cobat / (demo.mbat.includes('Rack') ? 51.2 : 5.5)));
  return [
    { systemId, kind: 'inverter', sn: `INV${serial}`, model: demo.minv, firmwareVersion: 'ARM 1.4.12 / DSP 2.07', supplierId: null },
    ...Array.from({ length: Math.min(modules, 4) }, (_, m) => ({
      systemId,
      kind: 'battery',
      sn: `BAT${serial}${m + 1}`,
      model: demo.mbat,
      firmwareVersion: 'BMS 3.2.5',
      supplierId: organizationIds.supplier.get(demo.batterySupplier)!,
    })),
    { systemId, kind: 'meter', sn: `MTR${serial}`, model: 'SDM630 three-phase', firmwareVersion: '1.7', supplierId: null },
    {
      systemId,
      kind: 'ems',
      sn: `EMS${serial}`,
      model: 'EMS-Gateway 2',
      firmwareVersion: 'EMS 2.9.3',
      supplierId: null,
      mac: demoMac(serial),
    },
  ];
}

/** The demo customer pays a time-of-use tariff in euros (cheap nights, a dear evening peak). */
async function insertCustomerTariff(db: Database, customerId: number | undefined): Promise<void> {
  if (customerId === undefined) return;
  const eur = PRICE_LEVELS.EUR!;
  await db.insert(electricityTariffs).values({
    userId: customerId,
    systemId: null,
    currency: 'EUR',
    basePrice: eur.buy,
    feedInPrice: eur.feedIn,
    periods: [
      { start: '00:00', end: '06:00', price: 0.27 },
      { start: '17:00', end: '21:00', price: 0.41 },
    ],
    updatedAt: new Date(0),
  });
}

/** Besides the live share of server/demo/users.ts, the sharer holds one that ran out ten days ago. */
async function insertExpiredShare(db: Database, userIds: Map<string, number>, now: Date): Promise<void> {
  const ownerUserId = userIds.get('customer');
  const sharerUserId = userIds.get('sharer');
  if (ownerUserId === undefined || sharerUserId === undefined) return;
  const [sharer] = await db.select({ email: users.email }).from(users).where(eq(users.id, sharerUserId));
  await db.insert(systemShares).values({
    systemSn: DEMO_EXPIRED_SHARE_SN,
    ownerUserId,
    sharerUserId,
    email: sharer?.email ?? '',
    expiresAt: new Date(now.getTime() - 10 * DAY_MS),
    createdAt: new Date(now.getTime() - 40 * DAY_MS),
  });
}

/**
 * Simulates the history and posts it in device-sized batches. Systems that end offline stop reporting
 * some hours before now; those that end in warning, fault or protection report a fault that is still open.
 */
async function pushHistory(
  db: Database,
  system: typeof systems.$inferSelect,
  demo: DemoSystem,
  password: string,
  start: number,
  now: Date,
  initialSoc: number,
): Promise<void> {
  const silentHours = demo.status === 'offline' ? 3 + (demo.sn.charCodeAt(demo.sn.length - 1) % 20) : 0;
  const end = Math.floor((now.getTime() - silentHours * 3_600_000) / STEP_MS) * STEP_MS + STEP_MS;
  // The planned fault runs in the simulator from its start (still open at the end), so that it acts on the flows: a
  // fault that disconnects the inverter leaves no PV and no export behind it, as the device would report.
  const planned =
    demo.status !== 'normal' && demo.status !== 'offline' && demo.status !== null
      ? [{ type: FAULT_TYPES_BY_CODE.get(FAULT_FOR_STATUS[demo.status])!, start: end - (2 + (system.id % 5)) * 3_600_000, end: Infinity }]
      : [];
  const simulator = new SiteSimulator(siteOfSystem(system, demo.annualLoadKwh), start, STEP_MS, initialSoc, planned);
  const batches = toIngestBatches(simulator.run(end), STEP_MS, MAX_SAMPLES_PER_BATCH);
  const last = batches[batches.length - 1];
  if (last && demo.status === 'normal') {
    // A fault the simulator left running at the end would change the planned status: close it now.
    last.faults = (last.faults ?? []).map((f) => ({ ...f, ended_at: f.ended_at ?? new Date(end - STEP_MS).toISOString() }));
    last.status = 'normal';
  }
  const key = demoDeviceKey(system.sysSn, password);
  const identities = new DeviceIdentities(db);
  // Ingested under a raw window that holds the whole history pushed (retention.ts): the default one, or more when
  // a test or the bench seeds more days than it keeps.
  const rawDays = Math.max(DEFAULT_RAW_RETENTION_DAYS, Math.ceil((now.getTime() - start) / DAY_MS) + 1);
  for (const batch of batches) await ingestWithDeviceKey(db, identities, key, batch, now, undefined, rawDays);
}

/** The systems row of a demo system, before it has reported (the bench's large fleets use it too). */
export function demoSystemRow(
  s: DemoSystem,
  refs: { installerId: number | null; customerId: number | null; vppId: number | null; password: string; now: Date },
): typeof systems.$inferInsert {
  return {
    sysSn: s.sn,
    sysName: s.name,
    popv: s.popv,
    minv: s.minv,
    poinv: s.poinv,
    cobat: s.cobat,
    mbat: s.mbat,
    surpluscobat: s.surpluscobat,
    uscapacity: Math.round((s.surpluscobat / s.cobat) * 100),
    emsStatus: null,
    transFrequency: STEP_MS / 1000,
    siteKind: s.kind,
    latitude: s.latitude,
    longitude: s.longitude,
    address: s.address,
    postcode: s.place.postcode,
    city: s.place.city,
    countryCode: s.place.countryCode,
    timeZone: s.place.timeZone,
    installerCompanyId: refs.installerId,
    customerUserId: refs.customerId,
    vppId: refs.vppId,
    commissionedOn: new Date(refs.now.getTime() - s.commissionedDaysAgo * DAY_MS).toISOString().slice(0, 10),
    systemCost: s.systemCost,
    currency: s.place.currency,
    deviceKeyHash: hashDeviceKey(demoDeviceKey(s.sn, refs.password)),
    createdAt: refs.now,
  };
}
