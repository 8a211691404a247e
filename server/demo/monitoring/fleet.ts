import type { EmsStatus } from '../../../contract/monitoring-constants';
import { hashString, seededRandom } from '../../core/weather/random';
// The demo plays its fleet's devices with the simulator: this folder is the simulator's one production user.
import type { LoadKind } from '../../simulator/site';
import { PRICE_LEVELS } from '../../monitoring/income/price-levels';
import { PLACES, type Place } from './places';

/**
 * The demo world: installer companies (with their resellers and service partners, matching the companies
 * of the demo users in server/demo/users.ts), a VPP, and ~60 systems in eleven countries in every status.
 * Generated from a fixed seed, so every first start shows the same world.
 */
export interface DemoInstaller {
  name: string;
  country: string;
  reseller: string | null;
  servicePartner: string | null;
  /** The countries whose systems this company installs. */
  countries: readonly string[];
}

export const DEMO_INSTALLERS: readonly DemoInstaller[] = [
  {
    name: 'Sole Impianti S.r.l.',
    country: 'IT',
    reseller: 'Énergie Distribution SAS',
    servicePartner: 'ZonService B.V.',
    countries: ['IT'],
  },
  {
    name: 'SonnenDach Montage GmbH',
    country: 'DE',
    reseller: 'Énergie Distribution SAS',
    servicePartner: 'ZonService B.V.',
    countries: ['DE'],
  },
  {
    name: 'Zon & Dak Installatie B.V.',
    country: 'NL',
    reseller: 'Énergie Distribution SAS',
    servicePartner: 'ZonService B.V.',
    countries: ['NL'],
  },
  { name: 'Alpen Solartechnik GmbH', country: 'AT', reseller: 'Alpine Energy Trading AG', servicePartner: null, countries: ['AT', 'CH'] },
  { name: 'Helios Home Energy Ltd', country: 'GB', reseller: 'BrightGrid Wholesale Ltd', servicePartner: null, countries: ['GB'] },
  { name: 'Kansai Solar K.K.', country: 'JP', reseller: null, servicePartner: null, countries: ['JP'] },
  { name: 'Sunrise PV Engineering Co., Ltd.', country: 'CN', reseller: null, servicePartner: null, countries: ['CN'] },
  { name: 'Southern Cross Solar Pty Ltd', country: 'AU', reseller: null, servicePartner: null, countries: ['AU'] },
  { name: 'Cape Sun Energy (Pty) Ltd', country: 'ZA', reseller: null, servicePartner: null, countries: ['ZA'] },
  { name: 'Pacific Home Solar Inc.', country: 'US', reseller: null, servicePartner: null, countries: ['US'] },
];

/**
 * The demo company's home market: its domestic after-sales team (dasw, in Shenzhen) serves the customers there, the
 * international team (fasw) those abroad (DESIGN §9), and the e-mail rules, archives and complaints of the demo follow.
 */
export const DEMO_HOME_MARKET = 'CN';

export const DEMO_VPP = { name: 'GridFlex South England & Benelux VPP', managerUsername: 'vppmanager', countries: ['GB', 'NL'] };
/** The battery maker whose demo supplier account sees the systems holding its modules. */
export const DEMO_SUPPLIER_COMPANY = 'CellWorks Co., Ltd.';

/**
 * Whom each partner demo user works for: the links an administrator sets in user management, which decide
 * what they see (DESIGN §6, §10). The installer's company is an installer company; the others are
 * organizations of their role's kind.
 */
export const DEMO_USER_LINKS = {
  installer: { installerCompany: 'Sole Impianti S.r.l.' },
  reseller: { organization: 'Énergie Distribution SAS' },
  servicepartner: { organization: 'ZonService B.V.' },
  supplier: { organization: DEMO_SUPPLIER_COMPANY },
} as const;

/** The status a demo system ends in; null = registered but never reported (unknown). */
export type DemoStatus = EmsStatus | null;

export interface DemoSystem {
  sn: string;
  name: string;
  place: Place;
  address: string;
  latitude: number;
  longitude: number;
  kind: LoadKind;
  popv: number;
  poinv: number;
  cobat: number;
  surpluscobat: number;
  minv: string;
  mbat: string;
  annualLoadKwh: number;
  installer: string;
  customerUsername: string | null;
  inVpp: boolean;
  batterySupplier: string;
  status: DemoStatus;
  commissionedDaysAgo: number;
  systemCost: number;
}

const HOUSEHOLD_MODELS = [
  { minv: 'ESS-H5 Hybrid', poinv: 5, mbat: 'LFP-5.0 HV', moduleKwh: 5.0 },
  { minv: 'ESS-H8 Hybrid', poinv: 8, mbat: 'LFP-5.0 HV', moduleKwh: 5.0 },
  { minv: 'ESS-H10 Hybrid', poinv: 10, mbat: 'CW-LFP 6.6', moduleKwh: 6.6 },
  { minv: 'ESS-H6 Hybrid', poinv: 6, mbat: 'CW-LFP 6.6', moduleKwh: 6.6 },
];
const COMMERCIAL_MODELS = [
  { minv: 'ESS-C30 Commercial', poinv: 30, mbat: 'CW-LFP Rack 51.2', moduleKwh: 51.2 },
  { minv: 'ESS-C50 Commercial', poinv: 50, mbat: 'LFP Rack 100', moduleKwh: 100 },
];

const SURNAMES: Record<string, readonly string[]> = {
  DE: ['Becker', 'Schmidt', 'Wagner', 'Hoffmann', 'Koch', 'Richter', 'Wolf'],
  NL: ['de Jong', 'Jansen', 'Visser', 'Bakker', 'Smit'],
  AT: ['Gruber', 'Huber', 'Pichler', 'Steiner'],
  CH: ['Müller', 'Meier', 'Keller', 'Brunner'],
  GB: ['Thompson', 'Walker', 'Hughes', 'Clarke', 'Patel'],
  IT: ['Rossi', 'Bianchi', 'Colombo', 'Ferrari', 'Ricci', 'Marino'],
  JP: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Ito'],
  CN: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen'],
  AU: ['Nguyen', 'Wilson', 'Taylor', 'Anderson'],
  ZA: ['van der Merwe', 'Botha', 'Nkosi', 'Naidoo'],
  US: ['Garcia', 'Johnson', 'Miller', 'Davis'],
};
const HOME_WORDS: Record<string, string> = {
  DE: 'Haus',
  NL: 'Huis',
  AT: 'Haus',
  CH: 'Haus',
  GB: 'Home',
  IT: 'Casa',
  JP: 'Residence',
  CN: 'Residence',
  AU: 'Home',
  ZA: 'Home',
  US: 'Home',
};
const BUSINESSES = ['Bakery', 'Cold Store', 'Workshop', 'Farm Shop', 'Winery', 'Car Wash', 'Hotel'];
/**
 * Given names of the owners, none a demo user's (server/demo/users.ts) nor an installer contact's
 * (server/demo/installer-files.ts) with the same family name: a customer is never taken for staff or an installer.
 */
const GIVEN_NAMES: Record<string, readonly string[]> = {
  DE: ['Paul', 'Sabine', 'Jonas', 'Katrin', 'Michael', 'Petra'],
  NL: ['Daan', 'Sanne', 'Bram', 'Femke'],
  AT: ['Johanna', 'Theresa', 'Matthias', 'Verena'],
  CH: ['Reto', 'Nicole', 'Urs', 'Andrea'],
  GB: ['George', 'Charlotte', 'Harry', 'Amelia'],
  IT: ['Giulia', 'Luca', 'Francesca', 'Matteo'],
  JP: ['Yui', 'Haruto', 'Aoi', 'Sota'],
  CN: ['Jing', 'Hao', 'Xiu Ying', 'Jun'],
  AU: ['Jack', 'Grace', 'Liam', 'Mia'],
  ZA: ['Sipho', 'Anika', 'Johan', 'Lerato'],
  US: ['Emily', 'Daniel', 'Sarah', 'Ryan'],
};
/** Where the family name comes first (Tanaka Yui, Wang Jing). */
const FAMILY_NAME_FIRST = new Set(['JP', 'CN']);

/**
 * The owner of a demo system without a portal account, as its name tells (Home Wilson → Chloe Wilson; the owner of
 * Wilson Bakery is a Wilson too): the person its customer archive is filed under. The given name is drawn from the
 * S/N, so every start names the same person. Null for a name the demo fleet does not make.
 */
export function demoOwnerName(system: { sysSn: string; sysName: string; countryCode: string }): string | null {
  const given = GIVEN_NAMES[system.countryCode];
  const home = HOME_WORDS[system.countryCode];
  if (!given || !home) return null;
  const business = BUSINESSES.find((b) => system.sysName.endsWith(` ${b}`));
  const surname = system.sysName.startsWith(`${home} `)
    ? system.sysName.slice(home.length + 1)
    : business
      ? system.sysName.slice(0, -business.length - 1)
      : null;
  if (!surname) return null;
  const first = given[hashString(system.sysSn) % given.length]!;
  return FAMILY_NAME_FIRST.has(system.countryCode) ? `${surname} ${first}` : `${first} ${surname}`;
}

/**
 * The demo customer's three systems (the 'All' entry of the selector): home, parents' house, and the
 * bakery. ESS2024A0001 is the one server/demo/users.ts shares with the demo sharer.
 */
const CUSTOMER_SYSTEMS: ReadonlyArray<Pick<DemoSystem, 'sn' | 'name' | 'kind' | 'status'> & { city: string }> = [
  { sn: 'ESS2024A0001', name: 'Haus Becker', kind: 'household', status: 'normal', city: 'München' },
  { sn: 'ESS2024A0002', name: 'Elternhaus Freiburg', kind: 'household', status: 'warning', city: 'Freiburg im Breisgau' },
  { sn: 'ESS2024A0003', name: 'Bäckerei Becker', kind: 'commercial', status: 'normal', city: 'München' },
];
/** The system whose share to the demo sharer has expired (the sharer must not see it). */
export const DEMO_EXPIRED_SHARE_SN = 'ESS2024A0002';

/** How many systems end in each status besides the customer's (the rest are normal). */
const STATUS_PLAN: ReadonlyArray<[DemoStatus, number]> = [
  ['warning', 4],
  ['fault', 4],
  ['protection', 3],
  ['offline', 5],
  [null, 3],
];

export const DEMO_FLEET_SIZE = 60;

function statusOf(statuses: readonly DemoStatus[], k: number): DemoStatus {
  return k % 2 === 0 && k / 2 < statuses.length ? statuses[k / 2]! : 'normal';
}

export function demoFleet(size = DEMO_FLEET_SIZE): DemoSystem[] {
  const random = seededRandom(20260302);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // Through toFixed: 0.01 steps in binary floating point would leave 13.200000000000001.
  const round = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(2));
  const statuses: DemoStatus[] = STATUS_PLAN.flatMap(([status, n]) => Array<DemoStatus>(n).fill(status));
  const fleet: DemoSystem[] = [];

  for (let i = 0; i < size; i++) {
    const own = CUSTOMER_SYSTEMS[i];
    const place = own ? PLACES.find((p) => p.city === own.city)! : PLACES[(i - CUSTOMER_SYSTEMS.length) % PLACES.length]!;
    const kind: LoadKind = own ? own.kind : random() < 0.15 ? 'commercial' : 'household';
    const model = kind === 'commercial' ? pick(COMMERCIAL_MODELS) : pick(HOUSEHOLD_MODELS);
    const modules = kind === 'commercial' ? 1 + Math.floor(random() * 2) : 1 + Math.floor(random() * 3);
    const cobat = round(model.moduleKwh * modules, 0.01);
    const popv = kind === 'commercial' ? round(model.poinv * (1 + random() * 0.3), 0.1) : round(model.poinv * (0.9 + random() * 0.5), 0.01);
    const surname = pick(SURNAMES[place.countryCode]!);
    const name = own?.name ?? (kind === 'commercial' ? `${surname} ${pick(BUSINESSES)}` : `${HOME_WORDS[place.countryCode]} ${surname}`);
    const street = pick(place.streets);
    const number = 1 + Math.floor(random() * 180);
    const address = place.numberFirst ? `${number} ${street}, ${place.city}` : `${street} ${number}, ${place.postcode} ${place.city}`;
    const prices = PRICE_LEVELS[place.currency]!;
    const installer = DEMO_INSTALLERS.find((c) => c.countries.includes(place.countryCode))!;
    fleet.push({
      sn: own?.sn ?? `ESS${2021 + (i % 4)}${place.countryCode}${String(1000 + i).padStart(4, '0')}`,
      name,
      place,
      address,
      // Spread around the town centre, a few kilometres.
      latitude: Math.round((place.latitude + (random() - 0.5) * 0.08) * 1e5) / 1e5,
      longitude: Math.round((place.longitude + (random() - 0.5) * 0.12) * 1e5) / 1e5,
      kind,
      popv,
      poinv: model.poinv,
      cobat,
      surpluscobat: round(cobat * 0.9, 0.01),
      minv: model.minv,
      mbat: model.mbat,
      annualLoadKwh: kind === 'commercial' ? round(popv * 1100 * (0.8 + random() * 0.6), 100) : round(3000 + random() * 4000, 100),
      installer: installer.name,
      customerUsername: own ? 'customer' : null,
      inVpp: DEMO_VPP.countries.includes(place.countryCode),
      batterySupplier: model.mbat.startsWith('CW-') ? DEMO_SUPPLIER_COMPANY : 'Voltaris Cells GmbH',
      // Every other system takes the next special status, so that each region shows a mix.
      status: own ? own.status : statusOf(statuses, i - CUSTOMER_SYSTEMS.length),
      commissionedDaysAgo: 90 + Math.floor(random() * 1500),
      systemCost: round(popv * prices.costPerKwp + cobat * prices.costPerKwh, prices.costPerKwp >= 10000 ? 1000 : 10),
    });
  }
  return fleet;
}
