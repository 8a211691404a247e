import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db';
import type { OrganizationKind } from '../../../permissions/roles';
import { organizations } from '../../core/db/schema/organizations';
import { users } from '../../core/db/schema/users';
import { DEMO_INSTALLERS, DEMO_USER_LINKS, type DemoSystem } from './fleet';

/** The demo's organizations by kind, then by name. */
export type DemoOrganizationIds = Record<OrganizationKind, Map<string, number>>;

/** The files of the demo's organizations (company management): contacts at their places, the areas they cover. */
const ORGANIZATION_FILES: Readonly<
  Record<string, { country: string; contact: string; phone: string; email: string; address: string; areas: string; remark: string }>
> = {
  'Énergie Distribution SAS': {
    country: 'FR',
    contact: 'Camille Laurent',
    phone: '+33 1 55 50 21 40',
    email: 'ventes@energie-distribution.example',
    address: '18 rue de la Pépinière, 75008 Paris',
    areas: 'FR, IT, DE, NL',
    remark: 'Supplies the installers of Milan, Berlin and Amsterdam; orders before noon ship the same day.',
  },
  'Alpine Energy Trading AG': {
    country: 'CH',
    contact: 'Lukas Brunner',
    phone: '+41 44 555 12 70',
    email: 'trading@alpine-energy.example',
    address: 'Bahnhofstrasse 52, 8001 Zürich',
    areas: 'CH, AT',
    remark: 'Stock in Zürich and Innsbruck.',
  },
  'BrightGrid Wholesale Ltd': {
    country: 'GB',
    contact: 'Oliver Hughes',
    phone: '+44 161 555 0192',
    email: 'orders@brightgrid.example',
    address: '3 Piccadilly Place, Manchester M1 3BN',
    areas: 'GB: England',
    remark: '',
  },
  'ZonService B.V.': {
    country: 'NL',
    contact: 'Sanne de Vries',
    phone: '+31 30 555 6120',
    email: 'planning@zonservice.example',
    address: 'Europalaan 40, 3526 KS Utrecht',
    areas: 'NL; DE; IT: Lombardy, Emilia-Romagna, Veneto',
    remark: 'Field engineers in Utrecht, Munich and Milan; battery swaps within 48 hours.',
  },
  'CellWorks Co., Ltd.': {
    country: 'CN',
    contact: 'Chen Jie',
    phone: '+86 755 5550 3812',
    email: 'quality@cellworks.example',
    address: '7 Gaoxin South Road, Nanshan District, Shenzhen',
    areas: 'CN, EU, GB, JP, AU, ZA, US',
    remark: 'CW- battery modules; failure analysis in Shenzhen.',
  },
  'Voltaris Cells GmbH': {
    country: 'DE',
    contact: 'Jonas Weber',
    phone: '+49 351 555 7720',
    email: 'support@voltaris.example',
    address: 'Königsbrücker Straße 96, 01099 Dresden',
    areas: 'EU, GB',
    remark: '',
  },
};

/** The regions each demo installer company works in (company management), where more precise than its countries. */
export const DEMO_INSTALLER_AREAS: Readonly<Record<string, string>> = {
  'Sole Impianti S.r.l.': 'IT: Lombardy, Emilia-Romagna, Veneto',
  'SonnenDach Montage GmbH': 'DE: Bavaria, Baden-Württemberg, Hamburg, Saxony',
  'Zon & Dak Installatie B.V.': 'NL: Utrecht, North Brabant',
  'Alpen Solartechnik GmbH': 'AT: Styria; CH: Bern, Zürich',
  'Helios Home Energy Ltd': 'GB: South West, South East and East of England',
  'Kansai Solar K.K.': 'JP: Kansai, Chūbu',
  'Sunrise PV Engineering Co., Ltd.': 'CN: Shanghai, Guangdong',
  'Southern Cross Solar Pty Ltd': 'AU: South Australia, Queensland, Western Australia',
  'Cape Sun Energy (Pty) Ltd': 'ZA: Western Cape, Gauteng',
  'Pacific Home Solar Inc.': 'US: California, Texas',
};

/** The resellers and service partners of the demo installers and the suppliers of the fleet's batteries. */
export async function insertDemoOrganizations(db: Database, fleet: readonly DemoSystem[]): Promise<DemoOrganizationIds> {
  const named: Record<OrganizationKind, Set<string>> = {
    reseller: new Set(DEMO_INSTALLERS.flatMap((c) => (c.reseller ? [c.reseller] : []))),
    servicepartner: new Set(DEMO_INSTALLERS.flatMap((c) => (c.servicePartner ? [c.servicePartner] : []))),
    supplier: new Set(fleet.map((s) => s.batterySupplier)),
  };
  const rows = await db
    .insert(organizations)
    .values(
      Object.entries(named).flatMap(([kind, names]) =>
        [...names].map((name) => ({ kind: kind as OrganizationKind, name, ...ORGANIZATION_FILES[name] })),
      ),
    )
    .returning();
  const ids: DemoOrganizationIds = { reseller: new Map(), servicepartner: new Map(), supplier: new Map() };
  for (const row of rows) ids[row.kind].set(row.name, row.id);
  return ids;
}

/** Links the partner demo users to the companies they work for, as an administrator would (DEMO_USER_LINKS). */
export async function linkDemoUsers(
  db: Database,
  installerIds: ReadonlyMap<string, number>,
  organizationIds: DemoOrganizationIds,
): Promise<void> {
  for (const [username, link] of Object.entries(DEMO_USER_LINKS)) {
    const set =
      'installerCompany' in link
        ? { installerCompanyId: installerIds.get(link.installerCompany) ?? null }
        : { organizationId: organizationIds[username as OrganizationKind].get(link.organization) ?? null };
    await db.update(users).set(set).where(eq(users.username, username));
  }
}
