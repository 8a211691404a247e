import { eq } from 'drizzle-orm';
import type { Database } from '../core/db';
import { installerCompanies } from '../core/db/schema';

/**
 * The demo installer files (issue 14 point 7): the file of each demo installer company (server/monitoring/demo/
 * fleet.ts), so /installerdetail lists them all with their scorecards. Companies missing from the database are
 * skipped.
 */
const FILES: ReadonlyArray<{
  name: string;
  contact: string;
  phone: string;
  email: string;
  address: string;
  remark: string;
  license: string;
}> = [
  {
    name: 'Sole Impianti S.r.l.',
    contact: 'Marco Bianchi',
    phone: '+39 02 5550 1200',
    email: 'service@sole-impianti.example',
    address: 'Via Torino 44, 20123 Milano',
    remark: 'Installs in Lombardy and Piedmont; prefers e-mail.',
    license: 'INST-IT-0101',
  },
  {
    name: 'SonnenDach Montage GmbH',
    contact: 'Katrin Vogel',
    phone: '+49 30 5550 3300',
    email: 'service@sonnendach.example',
    address: 'Friedrichstraße 120, 10117 Berlin',
    remark: 'Two crews; on call Saturdays for battery faults.',
    license: 'INST-DE-0201',
  },
  {
    name: 'Zon & Dak Installatie B.V.',
    contact: 'Pieter Jansen',
    phone: '+31 20 555 4400',
    email: 'info@zondak.example',
    address: 'Prinsengracht 210, 1016 HD Amsterdam',
    remark: 'Works with ZonService for repairs.',
    license: 'INST-NL-0301',
  },
  {
    name: 'Alpen Solartechnik GmbH',
    contact: 'Florian Huber',
    phone: '+43 512 555 500',
    email: 'technik@alpen-solar.example',
    address: 'Museumstraße 8, 6020 Innsbruck',
    remark: 'Covers Tyrol and eastern Switzerland.',
    license: 'INST-AT-0401',
  },
  {
    name: 'Helios Home Energy Ltd',
    contact: 'Oliver Hughes',
    phone: '+44 20 5550 6600',
    email: 'support@helios-home.example',
    address: '3 Chapel Street, Bristol BS2 0UP',
    remark: 'Registers every system in the VPP on commissioning.',
    license: 'INST-GB-0501',
  },
  {
    name: 'Kansai Solar K.K.',
    contact: 'Sato Kenji',
    phone: '+81 6 5550 7700',
    email: 'support@kansai-solar.example',
    address: '大阪市北区梅田 1-2-3',
    remark: 'Japanese-speaking customers only.',
    license: 'INST-JP-0601',
  },
  {
    name: 'Sunrise PV Engineering Co., Ltd.',
    contact: 'Li Wei',
    phone: '+86 21 5550 8800',
    email: 'service@sunrise-pv.example',
    address: '上海市浦东新区世纪大道 100号',
    remark: 'Large commercial roofs as well as homes.',
    license: 'INST-CN-0701',
  },
  {
    name: 'Southern Cross Solar Pty Ltd',
    contact: 'Chloe Taylor',
    phone: '+61 2 5550 9900',
    email: 'hello@southerncross.example',
    address: '45 George Street, Sydney NSW 2000',
    remark: 'Installs batteries with every new system.',
    license: 'INST-AU-0801',
  },
  {
    name: 'Cape Sun Energy (Pty) Ltd',
    contact: 'Thabo Nkosi',
    phone: '+27 21 555 1010',
    email: 'support@capesun.example',
    address: '12 Long Street, Cape Town 8001',
    remark: 'Backup systems for load shedding.',
    license: 'INST-ZA-0901',
  },
  {
    name: 'Pacific Home Solar Inc.',
    contact: 'Emily Carter',
    phone: '+1 415 555 1111',
    email: 'service@pacifichome.example',
    address: '500 Market Street, San Francisco, CA 94105',
    remark: 'Bay Area; NEM 3 retrofits.',
    license: 'INST-US-1001',
  },
];

export async function seedInstallerFilesDemo(db: Database): Promise<void> {
  for (const { name, ...file } of FILES) await db.update(installerCompanies).set(file).where(eq(installerCompanies.name, name));
}
