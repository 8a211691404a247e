import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../core/db';
import { systems } from '../core/db/schema/monitoring';
import { users } from '../core/db/schema/users';
import { systemWarranties, warrantyExtensions, warrantyKeys } from '../core/db/schema/warranty';
import { demoMoment } from './time';
import type { WarrantyComponent, WarrantyKeyState } from '../../contract/warranty-constants';

/**
 * The fleet's warranties in the demo (server/warranty): every commissioned system has the standard terms from its
 * commissioning date, 10 years for the inverter and 10 years or 4,000 full cycles of its battery (its capacity ×
 * 4,000, in MWh), whichever comes first. Three systems were extended by keys the after-sales team issued (the
 * customer's own among them). Two refurbished exchange units carry the 2-year term of such units from their delivery
 * to the installer's stock and end within weeks; a third, installed from stock long ago, is out of warranty. Keys
 * still to be redeemed, one expired and one voided (it was sent to the wrong customer) show every state of a key.
 */

const DAY_MS = 86_400_000;
const STANDARD = { inverterYears: 10, batteryYears: 10, cycles: 4000 } as const;
const REFURBISHED_YEARS = 2;

const day = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString().slice(0, 10);

export async function seedWarrantyDemo(db: Database, { now }: { now: Date }): Promise<void> {
  const fleet = await db
    .select({ id: systems.id, sysSn: systems.sysSn, cobat: systems.cobat, commissionedOn: systems.commissionedOn })
    .from(systems)
    .where(isNotNull(systems.commissionedOn))
    .orderBy(asc(systems.sysSn));
  if (fleet.length === 0) return;
  const staff = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['servicer', 'dasw', 'admin']));
  const by = (name: string) => staff.find((u) => u.username === name)?.id ?? null;
  const servicer = by('servicer') ?? by('admin');

  const age = (s: (typeof fleet)[number]) => (now.getTime() - Date.parse(`${s.commissionedOn}T00:00:00Z`)) / DAY_MS;
  // The exchange units: two installed within the last 640 days, delivered to stock 700 and 660 days ago (before their
  // commissioning; ending in 30 and 70 days), and the oldest system, installed more than two years ago from a unit
  // delivered shortly before.
  const young = fleet.filter((s) => age(s) < 640 && s.sysSn !== 'ESS2024A0001').slice(-2);
  const oldest = [...fleet].sort((a, b) => age(b) - age(a))[0]!;
  const exchange = new Map<number, string>();
  young.forEach((s, i) => exchange.set(s.id, day(now, 365 * REFURBISHED_YEARS - (30 + 40 * i))));
  if (age(oldest) > 365 * REFURBISHED_YEARS + 30) exchange.set(oldest.id, day(now, Math.round(age(oldest)) + 20));

  await db.insert(systemWarranties).values(
    fleet.map((s) => {
      const deliveredOn = exchange.get(s.id);
      const years = deliveredOn ? REFURBISHED_YEARS : undefined;
      return {
        systemId: s.id,
        sysSn: s.sysSn,
        startBasis: deliveredOn ? ('delivery' as const) : ('commissioning' as const),
        deliveredOn: deliveredOn ?? null,
        startOn: deliveredOn ?? s.commissionedOn!,
        inverterYears: years ?? STANDARD.inverterYears,
        batteryYears: years ?? STANDARD.batteryYears,
        batteryMwh: Math.round((s.cobat * STANDARD.cycles) / 100) / 10,
        // Exchange units are sold as they are: their battery takes no extension (81).
        batteryExtendable: !deliveredOn,
        updatedBy: servicer,
        updatedAt: demoMoment(now, Math.min(Math.round(age(s)), 400), `warranty:${s.sysSn}`),
      };
    }),
  );

  const expiresOn = day(now, -365);
  const issued = demoMoment(now, 120, 'warranty:keys');
  const key = (
    code: string,
    kind: WarrantyComponent,
    years: number,
    mwh: number,
    state: WarrantyKeyState,
    note: string,
    expires = expiresOn,
  ) => ({
    code,
    kind,
    years,
    mwh,
    state,
    expiresOn: expires,
    note,
    createdBy: servicer,
    createdAt: issued,
  });
  const keys = await db
    .insert(warrantyKeys)
    .values([
      key('WK-7QH4-MZ2P-K8TD', 'inverter', 5, 0, 'used', 'Extended warranty package, 5 years'),
      key('WK-B3XR-9NVE-4CJA', 'battery', 5, 20, 'used', 'Battery care package'),
      key('WK-H6PF-2WKS-R7GM', 'battery', 3, 10, 'used', 'Goodwill after a complaint'),
      key('WK-N4TC-8JDQ-5VYB', 'inverter', 5, 0, 'unused', 'Extended warranty package, 5 years'),
      key('WK-P9KA-3RFU-6ZEH', 'battery', 5, 20, 'unused', 'Battery care package'),
      key('WK-S2MV-7GXN-9QWC', 'battery', 2, 8, 'unused', 'Trade fair offer', day(now, 45)),
      key('WK-U5EJ-4HBT-2KRP', 'inverter', 3, 0, 'void', 'Sent to the wrong customer'),
    ])
    .returning();

  // The used keys on the customer's system and two others under the standard terms.
  const customer = fleet.find((s) => s.sysSn === 'ESS2024A0001');
  const standard = fleet.filter((s) => !exchange.has(s.id) && s !== customer);
  const extended = [customer ?? standard[0], standard[1], standard[2]];
  const used = keys.filter((k) => k.state === 'used');
  const owner = customer ? (await db.select({ id: users.id }).from(users).where(eq(users.username, 'customer')))[0]?.id : undefined;
  const rows = used.flatMap((key, i) => {
    const system = extended[i];
    if (!system) return [];
    return [
      {
        systemId: system.id,
        component: key.kind,
        years: key.years,
        mwh: key.mwh,
        keyId: key.id,
        createdBy: system === customer ? (owner ?? servicer) : servicer,
        createdAt: demoMoment(now, 60 - i * 20, `warranty:extend:${key.code}`),
      },
    ];
  });
  if (rows.length > 0) await db.insert(warrantyExtensions).values(rows);
}
