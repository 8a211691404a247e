import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../core/db';
import { installerCompanies, licenses, users } from '../core/db/schema';

/**
 * The demo installer files: the file of each demo installer company (server/demo/monitoring/
 * fleet.ts), so /installerdetail lists them all with their scorecards. The licence is the company's installer licence
 * in licence management (server/demo/admin.ts, seeded before); a company whose licence a portal user holds has
 * that user as its contact (name, phone, e-mail of the account). Companies missing from the database are skipped.
 */
const FILES: ReadonlyArray<{
  name: string;
  contact?: string;
  phone?: string;
  email?: string;
  address: string;
  remark: string;
}> = [
  {
    // The demo installer holds its licence: its contact, phone and e-mail are his account's.
    name: 'Sole Impianti S.r.l.',
    address: 'Via Torino 44, 20123 Milano',
    remark: 'Installs in Lombardy and Piedmont; prefers e-mail.',
  },
  {
    name: 'SonnenDach Montage GmbH',
    contact: 'Katrin Vogel',
    phone: '+49 30 555 03300',
    email: 'service@sonnendach.example',
    address: 'Friedrichstraße 120, 10117 Berlin',
    remark: 'Two crews; on call Saturdays for battery faults.',
  },
  {
    name: 'Zon & Dak Installatie B.V.',
    contact: 'Pieter Jansen',
    phone: '+31 20 555 4400',
    email: 'info@zondak.example',
    address: 'Prinsengracht 210, 1016 HD Amsterdam',
    remark: 'Works with ZonService for repairs.',
  },
  {
    name: 'Alpen Solartechnik GmbH',
    contact: 'Stefan Egger',
    phone: '+43 512 555 500',
    email: 'technik@alpen-solar.example',
    address: 'Museumstraße 8, 6020 Innsbruck',
    remark: 'Covers Tyrol and eastern Switzerland.',
  },
  {
    name: 'Helios Home Energy Ltd',
    contact: 'Emma Hughes',
    phone: '+44 117 496 0660',
    email: 'support@helios-home.example',
    address: '3 Chapel Street, Bristol BS2 0UP',
    remark: 'Registers every system in the VPP on commissioning.',
  },
  {
    name: 'Kansai Solar K.K.',
    contact: 'Sato Kenji',
    phone: '+81 6 5550 7700',
    email: 'support@kansai-solar.example',
    address: '大阪市北区梅田 1-2-3',
    remark: 'Japanese-speaking customers only.',
  },
  {
    name: 'Sunrise PV Engineering Co., Ltd.',
    contact: 'Chen Jie',
    phone: '+86 21 5550 8800',
    email: 'service@sunrise-pv.example',
    address: '上海市浦东新区世纪大道 100号',
    remark: 'Large commercial roofs as well as homes.',
  },
  {
    name: 'Southern Cross Solar Pty Ltd',
    contact: 'Hannah Brooks',
    phone: '+61 2 5550 9900',
    email: 'hello@southerncross.example',
    address: '45 George Street, Sydney NSW 2000',
    remark: 'Installs batteries with every new system.',
  },
  {
    name: 'Cape Sun Energy (Pty) Ltd',
    contact: 'Ayanda Dlamini',
    phone: '+27 21 555 1010',
    email: 'support@capesun.example',
    address: '12 Long Street, Cape Town 8001',
    remark: 'Backup systems for load shedding.',
  },
  {
    name: 'Pacific Home Solar Inc.',
    contact: 'Emily Carter',
    phone: '+1 415 555 0111',
    email: 'service@pacifichome.example',
    address: '500 Market Street, San Francisco, CA 94105',
    remark: 'Bay Area; NEM 3 retrofits.',
  },
];

export async function seedInstallerFilesDemo(db: Database): Promise<void> {
  for (const { name, ...file } of FILES) {
    const [license] = await db
      .select({ key: licenses.license_key, holder: users.displayName, phone: users.phone, email: users.email })
      .from(licenses)
      .leftJoin(users, eq(users.username, licenses.assigned_user))
      .where(and(eq(licenses.company, name), eq(licenses.license_type, 'installer')))
      .orderBy(desc(licenses.expires_at))
      .limit(1);
    const holder = license?.holder ? { contact: license.holder, phone: license.phone ?? '', email: license.email ?? '' } : {};
    await db
      .update(installerCompanies)
      .set({ ...file, ...holder, license: license?.key ?? '' })
      .where(eq(installerCompanies.name, name));
  }
}
