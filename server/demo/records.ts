import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../core/db';
import {
  complaints,
  installationRecords,
  installerCompanies,
  maintenanceRecords,
  snRegistry,
  systemComponents,
  systems,
  users,
} from '../core/db/schema';
import { hashString } from '../core/weather/random';
import { swapComponent } from '../records/components';
import { demoMoment } from './time';
import { DEMO_USER_LINKS, demoOwnerName } from './monitoring/fleet';

/**
 * The demo's installation and maintenance records: most systems of the fleet with the record their installer made at
 * commissioning (the installer company's technicians, the country's grid code, the checks with their values, the
 * owner's acceptance), a few left without one to record; a third of them with visits and remote interventions since,
 * by the service center, the after-sales teams and the service partner of their installer, some answering the
 * system's complaints; one battery swapped during a visit, its old S/N held for inspection. Drawn from each S/N, so
 * every start tells the same story.
 */

const DAY_MS = 86_400_000;

/** The technicians of each demo installer company. */
const TECHNICIANS: Readonly<Record<string, readonly string[]>> = {
  IT: ['Marco Bianchi', 'Alessandro Greco'],
  DE: ['Jonas Weber', 'Stefan Krüger'],
  NL: ['Thijs de Vries', 'Ruben Bakker'],
  AT: ['Florian Gruber', 'Lukas Huber'],
  CH: ['Florian Gruber', 'Lukas Huber'],
  GB: ['Oliver Hughes', 'James Clarke'],
  JP: ['Sato Takumi', 'Suzuki Ren'],
  CN: ['Zhang Wei', 'Liu Yang'],
  AU: ['Mitchell Brown', 'Cooper Smith'],
  ZA: ['Thabo Nkosi', 'Pieter van Wyk'],
  US: ['Tyler Johnson', 'Kevin Miller'],
};

/** The grid code an installer sets in each country. */
const GRID_CODES: Readonly<Record<string, string>> = {
  DE: 'VDE-AR-N 4105',
  AT: 'TOR Erzeuger Typ A',
  CH: 'NA/EEA-NE7 CH',
  NL: 'EN 50549-1 (NL)',
  GB: 'G98',
  IT: 'CEI 0-21',
  JP: 'JEAG 9701',
  CN: 'GB/T 19964',
  AU: 'AS/NZS 4777.2 (Australia A)',
  ZA: 'NRS 097-2-1',
  US: 'IEEE 1547-2018 / UL 1741 SB',
};

const WIRING = [
  'AC output on a 32 A breaker in the main board; battery on the HV bus, 2 m DC cable; meter at the grid connection point.',
  'Inverter in the garage, 6 mm² AC cable to the sub-board; backup circuit for fridge, router and lights.',
  'Two PV strings on MPPT 1 and 2; SPD type 2 on DC and AC; earthing to the foundation electrode.',
];
const SETTINGS = [
  'Export limit 70 % of PV peak; self-consumption mode; backup reserve 20 %.',
  'Time-of-use charging off; backup reserve 30 %; firmware updated on site.',
  'Zero export as required by the grid operator; battery SOC window 10-95 %.',
];

const REMOTE_WORK: readonly [string, string][] = [
  ['Battery stayed at minimum charge overnight', 'Checked the SOC window remotely, reserve lowered from 40 % to 20 %'],
  ['Firmware update after the known BMS issue', 'BMS firmware updated remotely, system restarted and reported normally'],
  ['Intermittent loss of communication', 'Wi-Fi dongle restarted remotely; signal weak, customer advised to move the router'],
];
const VISIT_WORK: readonly [string, string][] = [
  ['Annual check on site', 'Connectors torqued, fans cleaned, insulation measured 620 MΩ, no findings'],
  ['Meter reading did not match the grid operator’s', 'CT on phase L2 was reversed; turned and verified against the meter'],
  ['Isolation fault reported by the inverter', 'Damp DC junction box resealed, insulation back to 480 MΩ'],
];

const draw = (key: string, n: number) => hashString(key) % n;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

export async function seedRecordsDemo(db: Database, { now }: { now: Date }): Promise<void> {
  const fleet = await db
    .select({
      id: systems.id,
      sysSn: systems.sysSn,
      sysName: systems.sysName,
      countryCode: systems.countryCode,
      commissionedOn: systems.commissionedOn,
      createdAt: systems.createdAt,
      company: installerCompanies.name,
      owner: users.displayName,
    })
    .from(systems)
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .leftJoin(users, eq(users.id, systems.customerUserId))
    .orderBy(asc(systems.id));
  const demoInstallerCompany = DEMO_USER_LINKS.installer.installerCompany;

  const installations: (typeof installationRecords.$inferInsert)[] = [];
  for (const [i, system] of fleet.entries()) {
    // A few systems are still waiting for their record (the screen shows how to make one); never the demo installer's,
    // whose installations made theirs (server/install/service.ts).
    if (i % 9 === 8 && system.company !== demoInstallerCompany) continue;
    const commissioned = system.commissionedOn ?? dayOf(system.createdAt);
    const installed = dayOf(new Date(Date.parse(`${commissioned}T00:00:00Z`) - draw(`${system.sysSn}:days`, 3) * DAY_MS));
    const technicians = TECHNICIANS[system.countryCode] ?? TECHNICIANS.DE!;
    const owner = system.owner ?? demoOwnerName(system) ?? '';
    const daysAgo = Math.max(0, Math.round((now.getTime() - Date.parse(`${commissioned}T00:00:00Z`)) / DAY_MS));
    const at = demoMoment(now, daysAgo, `install:${system.sysSn}`, [15, 18]);
    installations.push({
      sys_sn: system.sysSn,
      installer_person: technicians[draw(system.sysSn, technicians.length)]!,
      installed_on: installed,
      commissioned_on: commissioned,
      wiring_notes: WIRING[draw(`${system.sysSn}:w`, WIRING.length)]!,
      settings_notes: SETTINGS[draw(`${system.sysSn}:s`, SETTINGS.length)]!,
      insulation_mohm: 200 + draw(`${system.sysSn}:r`, 700),
      grid_code: GRID_CODES[system.countryCode] ?? 'EN 50549-1',
      ct_direction_checked: true,
      backup_tested: draw(`${system.sysSn}:b`, 5) !== 0,
      customer_instructed: owner !== '',
      check_notes: owner === '' ? 'Owner not on site; instruction left with the installer’s office.' : '',
      accepted_by: owner,
      accepted_on: owner === '' ? null : commissioned,
      created_by: system.company === demoInstallerCompany ? 'installer' : 'servicer',
      created_at: at,
      updated_at: at,
    });
  }
  if (installations.length) await db.insert(installationRecords).values(installations);

  // Visits and remote interventions on every third system, and the complaints they answered.
  const open = await db
    .select({ id: complaints.id, sn: complaints.sys_sn, title: complaints.title })
    .from(complaints)
    .orderBy(asc(complaints.id));
  const engineers = ['servicer', 'fasw', 'dasw', 'servicepartner'];
  const records: (typeof maintenanceRecords.$inferInsert)[] = [];
  for (const [i, system] of fleet.entries()) {
    const complaint = open.find((c) => c.sn === system.sysSn);
    if (i % 3 !== 0 && !complaint) continue;
    const commissioned = Date.parse(`${system.commissionedOn ?? dayOf(system.createdAt)}T00:00:00Z`);
    const life = Math.max(2, Math.floor((now.getTime() - commissioned) / DAY_MS));
    const count = 1 + draw(`${system.sysSn}:n`, 3);
    for (let n = 0; n < count; n++) {
      const remote = draw(`${system.sysSn}:k${n}`, 2) === 0;
      const [remarks, work] = (remote ? REMOTE_WORK : VISIT_WORK)[draw(`${system.sysSn}:t${n}`, 3)]!;
      const daysAgo = Math.max(1, Math.floor((life * (n + 1)) / (count + 1)));
      const at = demoMoment(now, daysAgo, `maint:${system.sysSn}:${n}`, [8, 17]);
      const engineer = engineers[draw(`${system.sysSn}:e${n}`, engineers.length)]!;
      const answers = n === count - 1 && complaint ? complaint : undefined;
      records.push({
        sys_sn: system.sysSn,
        performed_on: dayOf(at),
        performed_time: at.toISOString().slice(11, 16),
        kind: remote ? 'remote' : 'visit',
        engineer,
        remarks: answers ? `${remarks} (complaint: ${answers.title})` : remarks,
        work_done: work,
        firmware_before: remote && remarks.startsWith('Firmware') ? 'BMS 1.4.2' : '',
        firmware_after: remote && remarks.startsWith('Firmware') ? 'BMS 1.5.0' : '',
        complaint_id: answers?.id ?? null,
        alarm_ref: remarks.startsWith('Isolation') ? 'INV-ISO-031' : '',
        created_by: engineer,
        created_at: at,
        updated_at: at,
      });
    }
  }
  if (records.length === 0) return;
  const saved = await db.insert(maintenanceRecords).values(records).returning({
    id: maintenanceRecords.id,
    sys_sn: maintenanceRecords.sys_sn,
    kind: maintenanceRecords.kind,
    engineer: maintenanceRecords.engineer,
    at: maintenanceRecords.created_at,
  });

  // One battery swapped on a visit: a module of the same model from the warehouse's free stock.
  const spares = await db
    .select({ sn: snRegistry.sn, model: snRegistry.model })
    .from(snRegistry)
    .where(and(eq(snRegistry.product_type, 'battery'), eq(snRegistry.state, 'free')))
    .orderBy(asc(snRegistry.sn));
  for (const visit of saved.filter((record) => record.kind === 'visit')) {
    const system = fleet.find((s) => s.sysSn === visit.sys_sn)!;
    const [battery] = await db
      .select()
      .from(systemComponents)
      .where(and(eq(systemComponents.systemId, system.id), eq(systemComponents.kind, 'battery')))
      .orderBy(asc(systemComponents.id))
      .limit(1);
    const spare = battery && spares.find((unit) => unit.model === battery.model);
    if (!battery || !spare) continue;
    await db.transaction((tx) =>
      swapComponent(tx, {
        system,
        component: battery,
        unit: spare,
        reason: 'Module reported a cell imbalance; replaced under warranty, old module returned for inspection',
        recordId: visit.id,
        by: visit.engineer,
        at: visit.at,
      }),
    );
    return;
  }
}
